/**
 * "Opponent found" for players who are away. The match maker's page tells a player at once; one who
 * has not come to the new match `awayAfterMs` after it was made (none of the account's members
 * connected to it) is told by the channels they chose for "your move" messages (their newest match's
 * settings: webhook, e-mail, devices with push), or else by their account's e-mail address when it
 * has one. Only the process that made the match hears of it, so each player is told once.
 */
import type { Bilingual, GameModule } from '@kon/platform';
import type { Logger } from '../core/log';
import { matchFoundPush, matchFoundText, type PushMessage, ticketExpiredPush, ticketExpiredText } from '../notifications/message';
import type { ChosenSettings, NotificationSettings } from '../notifications/settings';
import type { MatchMade } from './service';

export interface TellDeps {
  awayAfterMs: number;
  publicUrl: string | undefined;
  log: Logger;
  /** The members of a match now (their account ids), from its lobby record. */
  membersOf(matchID: string): Promise<{ id: string; accountId?: string | undefined }[]>;
  /** The members connected to a match now. */
  online(matchID: string): ReadonlySet<string>;
  /** The channels an account chose ("your move" settings), if any, and where they are kept. */
  channelsOf(accountId: string): Promise<ChosenSettings | undefined>;
  /** The account's own e-mail address, if it has one. */
  emailOf(accountId: string): Promise<string | null | undefined>;
  /** The game's name and a seat's side name (the game module's words). */
  names(game: string, seat: string): { game: Bilingual; side: Bilingual };
  send(
    matchID: string,
    who: string,
    s: NotificationSettings,
    msg: (lang: 'nb' | 'en') => { subject: string; text: string },
    push: (lang: 'nb' | 'en') => PushMessage,
    /** Where `s` is kept: a device whose push service says it is gone is deleted there. */
    from?: ChosenSettings,
  ): void;
}

export class MatchFoundTeller {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  constructor(private readonly d: TellDeps) {}

  /** A match was made: each of its players who is still away after the wait is told. */
  matchMade(made: MatchMade) {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.tellAway(made).catch((err: unknown) => this.d.log.error('telling of a match made failed', { matchID: made.matchID, err }));
    }, this.d.awayAfterMs);
    timer.unref?.();
    this.timers.add(timer);
  }

  private async tellAway(made: MatchMade) {
    if (this.stopped) return;
    const online = this.d.online(made.matchID);
    const members = await this.d.membersOf(made.matchID);
    const link = `${this.d.publicUrl ?? ''}/m/${made.matchID}`;
    for (const { seat, accountId } of made.seats) {
      if (members.some((m) => m.accountId === accountId && online.has(m.id))) continue;
      const { game, side } = this.d.names(made.game, seat);
      const about = { matchID: made.matchID, game, side };
      const chosen = await this.d.channelsOf(accountId);
      if (chosen) {
        this.d.send(
          made.matchID,
          accountId,
          chosen.settings,
          (lang) => matchFoundText({ ...about, link, lang }),
          (lang) => matchFoundPush({ ...about, lang }),
          chosen,
        );
        continue;
      }
      const email = await this.d.emailOf(accountId);
      if (!email) continue;
      // No language chosen anywhere: the message in both.
      const both = () => {
        const [nb, en] = [matchFoundText({ ...about, link, lang: 'nb' }), matchFoundText({ ...about, link, lang: 'en' })];
        return { subject: `${nb.subject} / ${en.subject}`, text: `${nb.text}\n\n${en.text}` };
      };
      this.d.send(made.matchID, accountId, { webhook: null, email, lang: 'en' }, both, (lang) => matchFoundPush({ ...about, lang }));
    }
  }

  /** A ticket outlived its pace's window unmatched: its player is told by their chosen channels. */
  ticketExpired(t: { id: string; accountId: string; game: string }) {
    if (this.stopped) return;
    void (async () => {
      const { game } = this.d.names(t.game, '');
      const chosen = await this.d.channelsOf(t.accountId);
      const link = `${this.d.publicUrl ?? ''}/play`;
      if (chosen)
        this.d.send(
          t.id,
          t.accountId,
          chosen.settings,
          (lang) => ticketExpiredText({ game, link, lang }),
          (lang) => ticketExpiredPush({ game, lang }),
          chosen,
        );
    })().catch((err: unknown) => this.d.log.error('telling of an expired ticket failed', { ticket: t.id, err }));
  }

  stop() {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

/** The game's name and the side a seat commands, in the game's own words (its seatName, else the seat's key). */
export function namesFrom(module: GameModule, seat: string): { game: Bilingual; side: Bilingual } {
  const planSeat = Object.values(module.plans)
    .flat()
    .find((s) => s.key === seat);
  const named = (planSeat?.playerIDs ?? []).map((pid) => module.seatName?.(pid)).filter((n): n is Bilingual => n !== undefined);
  const side = named.length ? { no: named.map((n) => n.no).join(' + '), en: named.map((n) => n.en).join(' + ') } : { no: seat, en: seat };
  return { game: module.texts.name, side };
}
