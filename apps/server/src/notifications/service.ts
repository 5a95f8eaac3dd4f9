/**
 * "Your move" messages for play over days: when a decision passes to a side (the match's game module
 * says who must act: one side, or every seat yet to submit its orders in a simultaneous phase, each
 * its own decision), each member of the seat that commands it who is not connected to the match gets
 * one message (webhook and/or e-mail, as that member set, and a Web Push to each device they turned
 * it on for), with a link back into the match. One round per decision (a durable record says which
 * decisions were announced last, so a restart never announces one twice). A member who leaves the
 * match during their own side's decision gets that decision's message once they have been away for
 * `awayAfterMs` (a reload or a network blip is not leaving). Sending never holds up a move: it runs
 * after the move is stored and sent, and a failure is logged and tried again a bounded number of times.
 */
import type { State } from 'boardgame.io';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { lazyModule } from '../core/lazy-module';
import type { Bilingual, GameModule } from '@kon/platform';
import { actorsNow, playerOfKey } from '../seats/decisions';
import { everySeatTaken, type LobbyRecord } from '../lobby/lobby';
import type { Logger } from '../core/log';
import { type SqlStorage, updateSide } from '../storage';
import type { HardenedTransport, MoveCommitted } from '../transport';
import type { MatchService } from '../matches/match-services';
import type { ClockView } from '../clocks/clock';
import { type PushMessage, yourMovePush, yourMoveText } from './message';
import { asksForAnything, MAX_PUSH_DEVICES, type NotificationSettings, type PushTarget } from './settings';
import { checkWebhookTarget, pushPolicy, type TargetPolicy } from './targets';
import { sendPush, type PushSender } from './push';
import type { VapidKeys } from './vapid';
import { postJson } from './post';
import { PerMatchCopy } from '../core/per-match-copy';
import { KeyedMutex } from '../core/lock';

const SETTINGS = 'notify';
const DECISION = 'notify-decision';

/** One decision announced: the side's clock key, the game's name for it, the members told of it. */
interface Decision {
  faction: string;
  stateID: number;
  /** Records from before `told` have none. */
  told?: string[];
  /** The game's name for the decision (GameModule.decisionOf), if it names them. */
  decision?: string;
}

/**
 * The decisions announced last (Kampen om Norge's record shape: the first inline, `faction` null
 * when none), and further ones open at the same time (simultaneous orders).
 */
interface Announced extends Omit<Decision, 'faction'> {
  faction: string | null;
  others?: Decision[];
  /** The state these decisions were worked out at (records from before it have none). */
  seenAt?: number;
}

function openDecisions(a: Announced | undefined): Decision[] {
  if (!a?.faction) return [];
  const { others = [], ...first } = a;
  return [{ ...first, faction: a.faction }, ...others];
}

function announced(open: Decision[], stateID: number): Announced {
  const [first, ...others] = open;
  return first ? { ...first, ...(others.length ? { others } : {}) } : { faction: null, stateID, told: [] };
}

/** The members of the seats that command the side with this clock key. */
function commanders(module: GameModule, lobby: LobbyRecord, key: string): LobbyRecord['members'] {
  const pid = playerOfKey(module, key);
  const seats = new Set(lobby.seats.filter((s) => s.playerIDs.includes(pid)).map((s) => s.key));
  return lobby.members.filter((m) => seats.has(m.seat));
}

/** The name a message gives the side with this clock key: the game's (seatName), else its seat's key. */
function sideOf(module: GameModule, lobby: LobbyRecord, key: string): Bilingual {
  const pid = playerOfKey(module, key);
  const named = module.seatName?.(pid);
  if (named) return named;
  const seat = lobby.seats.find((s) => s.playerIDs.includes(pid))?.key ?? key;
  return { no: seat, en: seat };
}

/** Loaded only when SMTP is set (core/lazy-module.ts). */
const nodemailer = lazyModule<typeof Nodemailer>('nodemailer');
export interface NotifyOptions {
  storage: SqlStorage;
  transport: Pick<HardenedTransport, 'currentState' | 'presence'>;
  log: Logger;
  /** The game of a match (MatchGames.of). */
  gameOf: (matchID: string) => Promise<GameModule>;
  smtp: { url: string; from: string } | undefined;
  publicUrl: string | undefined;
  webhookTargets: TargetPolicy;
  attempts: number;
  /** How long a member who left during their own decision must stay away before that decision's message goes out. */
  awayAfterMs: number;
  /** Wait before the second try; doubled for each try after it. */
  retryBaseMs?: number;
  clockView?: (matchID: string) => Promise<ClockView | undefined>;
  /** Web Push: the server's VAPID keys and the contact push services see (vapid.ts). */
  push?: { keys: () => Promise<VapidKeys>; subject: string };
  /**
   * Other server processes change members' settings too (REDIS_URL): whether a match has any is then
   * kept with the match's change count it was read at and read again when the count has moved (see
   * cluster/lease.ts); a change here takes the match's lock and counts itself.
   */
  shared?: boolean;
  /** The match lock: changes are counted under it (one process: it counts nothing, and the copy here is exact). */
  lock?: KeyedMutex;
}

export class NotificationService implements MatchService {
  readonly name = 'notifications';
  private readonly log: Logger;
  private readonly mailer: Transporter | undefined;
  /** One piece of work at a time per match, in the order the moves came. */
  private readonly queue = new KeyedMutex();
  /** Per match: does any member have settings? Most matches have none, and then a move reads nothing. */
  private hasSettings: PerMatchCopy<boolean>;
  private pending = new Set<Promise<unknown>>();
  /** Members who left during a decision, by `matchID member`: the wait before their message. */
  private awayTimers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly opts: NotifyOptions) {
    this.log = opts.log.child({ component: 'notify' });
    // Several processes with no lock to count changes: never kept, read each time.
    this.hasSettings = new PerMatchCopy(opts.shared ? (opts.lock ?? { version: () => undefined }) : null);
    this.mailer = opts.smtp ? nodemailer().createTransport(opts.smtp.url) : undefined;
  }

  /** A move was stored: announce the decisions it opened. */
  moveStored(e: MoveCommitted) {
    void this.enqueue(e.matchID, () => this.decisionAt(e.matchID, e.state));
  }

  get emailAvailable() {
    return this.mailer !== undefined;
  }
  get webhooksAvailable() {
    return this.opts.webhookTargets !== 'off';
  }
  get webhookPolicy() {
    return this.opts.webhookTargets;
  }
  /** Where push endpoints may point (the webhook rules, see targets.ts). */
  get pushPolicy() {
    return pushPolicy(this.opts.webhookTargets);
  }
  /** Whether this server sends push messages. */
  get pushOn(): boolean {
    return this.opts.push !== undefined;
  }
  /** The key browsers subscribe with (applicationServerKey), or undefined when push is off. */
  async pushPublicKey(): Promise<string | undefined> {
    return this.opts.push && (await this.opts.push.keys()).publicKey;
  }
  private get pushSender(): PushSender | undefined {
    return this.opts.push && { ...this.opts.push, policy: this.pushPolicy };
  }

  async settings(matchID: string, memberId: string): Promise<NotificationSettings | undefined> {
    return (await this.opts.storage.getSide(matchID, SETTINGS, memberId)) as NotificationSettings | undefined;
  }
  /**
   * A member's settings changed by compare-and-set (updateSide): two devices of one member changing
   * them at once, through any server processes, both count.
   */
  private async change<T>(
    matchID: string,
    memberId: string,
    fn: (s: NotificationSettings | undefined) => { next: NotificationSettings | null; result: T } | undefined,
  ): Promise<T | undefined> {
    const { lock } = this.opts;
    const write = () => updateSide(this.opts.storage, matchID, SETTINGS, memberId, fn);
    const counted = async () => {
      await lock?.touched(matchID);
      return write();
    };
    const out = this.opts.shared && lock ? await lock.run(matchID, counted) : await write();
    this.hasSettings.delete(matchID);
    return out;
  }

  /** The settings form (webhook, e-mail, language): the devices with push on stay as they are. Answers what is kept. */
  async saveForm(matchID: string, memberId: string, form: Omit<NotificationSettings, 'push'>): Promise<NotificationSettings> {
    const saved = await this.change(matchID, memberId, (s) => {
      const next: NotificationSettings = { ...form, ...(s?.push?.length ? { push: s.push } : {}) };
      return { next: asksForAnything(next) ? next : null, result: next };
    });
    return saved!;
  }

  /** Turn push on for one device of this member (the same device again replaces its old subscription). */
  async addPush(matchID: string, memberId: string, target: PushTarget) {
    await this.change(matchID, memberId, (stored) => {
      const s = stored ?? { webhook: null, email: null, lang: target.lang };
      const others = (s.push ?? []).filter((p) => p.endpoint !== target.endpoint);
      return { next: { ...s, push: [...others, target].slice(-MAX_PUSH_DEVICES) }, result: true };
    });
  }

  /** Turn push off for one device; answers whether it was on. */
  async removePush(matchID: string, memberId: string, endpoint: string): Promise<boolean> {
    const removed = await this.change(matchID, memberId, (s) => {
      const left = (s?.push ?? []).filter((p) => p.endpoint !== endpoint);
      if (!s || left.length === (s.push ?? []).length) return undefined;
      const next = { ...s, push: left };
      return { next: asksForAnything(next) ? next : null, result: true };
    });
    return removed ?? false;
  }

  private async anySettings(matchID: string): Promise<boolean> {
    const kept = this.hasSettings.get(matchID);
    if (kept !== undefined) return kept;
    const mark = this.hasSettings.mark(matchID);
    const any = (await this.opts.storage.listSide(SETTINGS, matchID)).length > 0;
    this.hasSettings.keep(matchID, any, mark);
    return any;
  }

  /** Every seat is taken: the first decision is announced too. Does nothing once one was. */
  rosterChanged(matchID: string, lobby: unknown) {
    if (!everySeatTaken(lobby as LobbyRecord)) return;
    void this.enqueue(matchID, async () => {
      if (!(await this.anySettings(matchID)) || (await this.opts.storage.getSide(matchID, DECISION, 'last'))) return;
      const state = await this.opts.transport.currentState(matchID);
      if (state) await this.decisionAt(matchID, state);
    });
  }

  /** Wait for messages under way (tests, shutdown). */
  async idle() {
    for (;;) {
      await this.queue.idle();
      if (this.pending.size === 0) return;
      await Promise.allSettled([...this.pending]);
    }
  }

  stop() {
    this.stopped = true;
    for (const t of this.awayTimers.values()) clearTimeout(t);
    this.awayTimers.clear();
    this.mailer?.close();
  }

  private enqueue(matchID: string, job: () => Promise<void>): Promise<void> {
    return this.queue.run(matchID, job).catch((e: unknown) => this.log.error('notification work failed', { matchID, err: e }));
  }

  private async decisionAt(matchID: string, state: State) {
    // Nobody at this match asked for messages: nothing to announce (and no record to keep).
    if (!(await this.anySettings(matchID))) return;
    const module = await this.opts.gameOf(matchID);
    const actors = actorsNow(module, state);
    // Compare-and-set: of two processes working out the same decisions, only the one whose record
    // is stored tells anybody; the other reads it again and finds nothing new.
    const fresh = await updateSide<Announced, Decision[]>(this.opts.storage, matchID, DECISION, 'last', (last) => {
      // Another process already stored the decisions of a later state: this move's are over.
      if (last?.seenAt !== undefined && last.seenAt > state._stateID) return undefined;
      const before = openDecisions(last);
      // A decision goes on while its side is still asked under the same name.
      const going = before.filter((d) => actors.some((a) => a.key === d.faction && a.decision === d.decision));
      const started: Decision[] = actors
        .filter((a, i) => actors.findIndex((b) => b.key === a.key) === i && !going.some((d) => d.faction === a.key))
        .map((a) => ({ faction: a.key, stateID: state._stateID, told: [], ...(a.decision !== undefined ? { decision: a.decision } : {}) }));
      if (last && started.length === 0 && going.length === before.length) return undefined; // the same decisions go on
      return { next: { ...announced([...going, ...started], state._stateID), seenAt: state._stateID }, result: started };
    });
    if (!fresh?.length) return;
    const lobby = (await this.opts.storage.fetchLobby(matchID))?.lobby as LobbyRecord | undefined;
    if (!lobby) return;
    const online = this.opts.transport.presence.members(matchID);
    for (const d of fresh)
      await this.tell(
        matchID,
        module,
        lobby,
        d,
        commanders(module, lobby, d.faction).filter((m) => !online.has(m.id)),
      );
  }

  /** A member's last socket left the match: if it is their side's decision, tell them after a while. */
  memberLeft(matchID: string, memberId: string) {
    if (this.stopped) return;
    const key = `${matchID} ${memberId}`;
    clearTimeout(this.awayTimers.get(key));
    const timer = setTimeout(() => {
      this.awayTimers.delete(key);
      void this.enqueue(matchID, () => this.stillAway(matchID, memberId));
    }, this.opts.awayAfterMs);
    timer.unref();
    this.awayTimers.set(key, timer);
  }

  private async stillAway(matchID: string, memberId: string) {
    if (this.stopped || this.opts.transport.presence.members(matchID).has(memberId)) return;
    if (!(await this.anySettings(matchID))) return;
    const last = (await this.opts.storage.getSide(matchID, DECISION, 'last')) as Announced | undefined;
    const lobby = (await this.opts.storage.fetchLobby(matchID))?.lobby as LobbyRecord | undefined;
    if (!lobby) return;
    const module = await this.opts.gameOf(matchID);
    for (const d of openDecisions(last)) {
      if ((d.told ?? []).includes(memberId)) continue;
      await this.tell(
        matchID,
        module,
        lobby,
        d,
        commanders(module, lobby, d.faction).filter((m) => m.id === memberId),
      );
    }
  }

  /** Send the decision's message to these members (those with settings), and record them as told. */
  private async tell(matchID: string, module: GameModule, lobby: LobbyRecord, decision: Decision, members: LobbyRecord['members']) {
    if (members.length === 0) return;
    const stored = await this.opts.storage.listSide(SETTINGS, matchID);
    const clock = await this.opts.clockView?.(matchID);
    const told: string[] = [];
    const about = { matchID, faction: decision.faction, side: sideOf(module, lobby, decision.faction), game: module.texts.name, clock };
    for (const m of members) {
      const s = stored.find((r) => r.key === m.id)?.data as NotificationSettings | undefined;
      if (!s) continue;
      const link = `${this.opts.publicUrl ?? ''}/m/${matchID}`;
      const msg = yourMoveText({ ...about, link, lang: s.lang });
      if (s.webhook && this.webhooksAvailable)
        this.track(this.withRetries('webhook', matchID, m.id, () => this.postWebhook(s.webhook!, msg)));
      if (s.email && this.mailer) this.track(this.withRetries('email', matchID, m.id, () => this.sendMail(s.email!, msg)));
      const sender = this.pushSender;
      for (const target of sender ? (s.push ?? []) : []) {
        const push = yourMovePush({ ...about, lang: target.lang });
        const ttl = clock?.seats?.[decision.faction]?.remainingMs ?? clock?.remainingMs[decision.faction] ?? undefined;
        this.push(sender!, matchID, m.id, target, push, ttl, { matchID, memberId: m.id });
      }
      told.push(m.id);
    }
    if (told.length === 0) return;
    // Recorded on the decision as stored now (other decisions of the record may have been told meanwhile).
    await updateSide<Announced, true>(this.opts.storage, matchID, DECISION, 'last', (now) => {
      const open = openDecisions(now).map((d) =>
        d.faction === decision.faction && d.stateID === decision.stateID ? { ...d, told: [...(d.told ?? []), ...told] } : d,
      );
      const next = announced(open, now?.stateID ?? decision.stateID);
      return { next: now?.seenAt !== undefined ? { ...next, seenAt: now.seenAt } : next, result: true };
    });
  }

  /**
   * One message to one person through the channels `s` names (webhook, e-mail, each device with push),
   * with retries as "your move" messages have: the match maker's "opponent found" (matchmaker/tell.ts).
   */
  sendTo(
    matchID: string,
    who: string,
    s: NotificationSettings,
    msg: (lang: 'nb' | 'en') => { subject: string; text: string },
    push: (lang: 'nb' | 'en') => PushMessage,
    /** Where `s` is kept: a device whose push service says it is gone is deleted there. */
    from?: { matchID: string; memberId: string },
  ) {
    if (this.stopped) return;
    if (s.webhook && this.webhooksAvailable)
      this.track(this.withRetries('webhook', matchID, who, () => this.postWebhook(s.webhook!, msg(s.lang))));
    if (s.email && this.mailer) this.track(this.withRetries('email', matchID, who, () => this.sendMail(s.email!, msg(s.lang))));
    const sender = this.pushSender;
    for (const target of sender ? (s.push ?? []) : []) this.push(sender!, matchID, who, target, push(target.lang), undefined, from);
  }

  /** One push to one device, with retries; a device its push service says is gone is deleted from `from`'s settings. */
  private push(
    sender: PushSender,
    matchID: string,
    who: string,
    target: PushTarget,
    msg: PushMessage,
    ttlMs: number | undefined,
    from: { matchID: string; memberId: string } | undefined,
  ) {
    this.track(
      this.withRetries('push', matchID, who, async () => {
        if ((await sendPush(sender, target, msg, ttlMs)) === 'gone' && from)
          await this.forgetPush(from.matchID, from.memberId, target.endpoint);
      }),
    );
  }

  private track(p: Promise<unknown>) {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /** The push service says this device's subscription is gone (404/410): never send to it again. */
  private async forgetPush(matchID: string, memberId: string, endpoint: string) {
    await this.queue.run(matchID, () => this.removePush(matchID, memberId, endpoint));
    this.log.info('push subscription gone, deleted', { matchID, memberId });
  }

  private async withRetries(channel: 'webhook' | 'email' | 'push', matchID: string, memberId: string, send: () => Promise<void>) {
    const base = this.opts.retryBaseMs ?? 2000;
    for (let attempt = 1; attempt <= this.opts.attempts && !this.stopped; attempt++) {
      try {
        await send();
        this.log.info('notification sent', { channel, matchID, memberId, attempt });
        return;
      } catch (e) {
        const last = attempt === this.opts.attempts;
        this.log.warn(last ? 'notification given up' : 'notification failed, will retry', {
          channel,
          matchID,
          memberId,
          attempt,
          err: e instanceof Error ? e.message : String(e),
        });
        if (!last) await new Promise((r) => setTimeout(r, base * 2 ** (attempt - 1)).unref());
      }
    }
  }

  private async postWebhook(hook: NonNullable<NotificationSettings['webhook']>, msg: { subject: string; text: string }) {
    const target = await checkWebhookTarget(hook.url, this.opts.webhookTargets);
    if (target.refusal !== null) throw new Error(target.refusal);
    const text = `${msg.subject}\n${msg.text}`;
    const body = hook.format === 'slack' ? { text } : { content: text, allowed_mentions: { parse: [] } };
    const status = await postJson(hook.url, body, target.pinned, 10_000);
    if (status < 200 || status > 299) throw new Error(`webhook answered ${status}`);
  }

  /** One e-mail through this server's sender (accounts' sign-in links); rejects when e-mail is off or sending fails. */
  async mail(to: string, msg: { subject: string; text: string }): Promise<void> {
    if (!this.mailer) throw new Error('e-mail is off (no SMTP_URL)');
    await this.sendMail(to, msg);
  }

  private async sendMail(to: string, msg: { subject: string; text: string }) {
    await this.mailer!.sendMail({ from: this.opts.smtp!.from, to, subject: msg.subject, text: msg.text });
  }
}
