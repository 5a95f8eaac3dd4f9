/**
 * "Your move" messages for play over days: when a decision passes to a faction, each member of the
 * seat that commands it who is not connected to the match gets one message (webhook and/or e-mail, as
 * that member set), with a link back into the match. One round per decision (a durable record says
 * which decision was announced last, so a restart never announces it twice). Sending never holds up a
 * move: it runs after the move is stored and sent, and a failure is logged and tried again a bounded
 * number of times.
 */
import type { State } from 'boardgame.io';
import nodemailer, { type Transporter } from 'nodemailer';
import { actor, PLAYER_OF_FACTION, type Faction } from '@kon/game';
import { everySeatTaken, type LobbyRecord } from '../lobby';
import type { Logger } from '../log';
import type { SqlStorage } from '../storage';
import type { HardenedTransport, MoveCommitted } from '../transport';
import type { ClockView } from '../clocks/clock';
import { yourMoveText } from './message';
import type { NotificationSettings } from './settings';
import { webhookRefusal, type TargetPolicy } from './targets';
import { BoundedMap } from '../bounded-map';
import { KeyedMutex } from '../lock';

const SETTINGS = 'notify';
const DECISION = 'notify-decision';

export interface NotifyOptions {
  storage: SqlStorage;
  transport: Pick<HardenedTransport, 'onMoveCommitted' | 'currentState' | 'presence'>;
  log: Logger;
  smtp: { url: string; from: string } | undefined;
  publicUrl: string | undefined;
  webhookTargets: TargetPolicy;
  attempts: number;
  /** Wait before the second try; doubled for each try after it. */
  retryBaseMs?: number;
  clockView?: (matchID: string) => Promise<ClockView | undefined>;
  /** Other server processes change members' settings too (REDIS_URL): whether a match has any is read each time. */
  shared?: boolean;
}

export class NotificationService {
  private readonly log: Logger;
  private readonly mailer: Transporter | undefined;
  /** One piece of work at a time per match, in the order the moves came. */
  private readonly queue = new KeyedMutex();
  /** Per match: does any member have settings? Most matches have none, and then a move reads nothing. */
  private hasSettings = new BoundedMap<string, boolean>(20_000);
  private pending = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(private readonly opts: NotifyOptions) {
    this.log = opts.log.child({ component: 'notify' });
    this.mailer = opts.smtp ? nodemailer.createTransport(opts.smtp.url) : undefined;
    opts.transport.onMoveCommitted((e: MoveCommitted) => this.enqueue(e.matchID, () => this.decisionAt(e.matchID, e.state)));
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

  async settings(matchID: string, memberId: string): Promise<NotificationSettings | undefined> {
    return (await this.opts.storage.getSide(matchID, SETTINGS, memberId)) as NotificationSettings | undefined;
  }
  async setSettings(matchID: string, memberId: string, s: NotificationSettings | null) {
    await this.opts.storage.putSide(matchID, SETTINGS, memberId, s);
    this.hasSettings.delete(matchID);
  }

  private async anySettings(matchID: string): Promise<boolean> {
    let any = this.opts.shared ? undefined : this.hasSettings.get(matchID);
    if (any === undefined) this.hasSettings.set(matchID, (any = (await this.opts.storage.listSide(SETTINGS, matchID)).length > 0));
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
    this.mailer?.close();
  }

  private enqueue(matchID: string, job: () => Promise<void>): Promise<void> {
    return this.queue.run(matchID, job).catch((e: unknown) => this.log.error('notification work failed', { matchID, err: e }));
  }

  private async decisionAt(matchID: string, state: State) {
    // Nobody at this match asked for messages: nothing to announce (and no record to keep).
    if (!(await this.anySettings(matchID))) return;
    const faction: Faction | null = state.ctx.gameover !== undefined ? null : (actor(state.G)?.faction ?? null);
    const last = (await this.opts.storage.getSide(matchID, DECISION, 'last')) as { faction: Faction | null } | undefined;
    if (last && last.faction === faction) return; // the same decision goes on
    await this.opts.storage.putSide(matchID, DECISION, 'last', { faction, stateID: state._stateID });
    if (!faction) return;
    const row = await this.opts.storage.fetchLobby(matchID);
    const lobby = row?.lobby as LobbyRecord | undefined;
    if (!lobby) return;
    const pid = PLAYER_OF_FACTION[faction];
    const seats = new Set(lobby.seats.filter((s) => s.playerIDs.includes(pid)).map((s) => s.key));
    const online = this.opts.transport.presence.members(matchID);
    const offline = lobby.members.filter((m) => seats.has(m.seat) && !online.has(m.id));
    if (offline.length === 0) return;
    const stored = await this.opts.storage.listSide(SETTINGS, matchID);
    const clock = await this.opts.clockView?.(matchID);
    for (const m of offline) {
      const s = stored.find((r) => r.key === m.id)?.data as NotificationSettings | undefined;
      if (!s) continue;
      const link = `${this.opts.publicUrl ?? ''}/m/${matchID}`;
      const msg = yourMoveText({ matchID, faction, link, clock, lang: s.lang });
      if (s.webhook && this.webhooksAvailable) this.track(this.withRetries('webhook', matchID, m.id, () => this.postWebhook(s.webhook!, msg)));
      if (s.email && this.mailer) this.track(this.withRetries('email', matchID, m.id, () => this.sendMail(s.email!, msg)));
    }
  }

  private track(p: Promise<unknown>) {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private async withRetries(channel: 'webhook' | 'email', matchID: string, memberId: string, send: () => Promise<void>) {
    const base = this.opts.retryBaseMs ?? 2000;
    for (let attempt = 1; attempt <= this.opts.attempts && !this.stopped; attempt++) {
      try {
        await send();
        this.log.info('notification sent', { channel, matchID, memberId, attempt });
        return;
      } catch (e) {
        const last = attempt === this.opts.attempts;
        this.log.warn(last ? 'notification given up' : 'notification failed, will retry', {
          channel, matchID, memberId, attempt, err: e instanceof Error ? e.message : String(e),
        });
        if (!last) await new Promise((r) => setTimeout(r, base * 2 ** (attempt - 1)).unref());
      }
    }
  }

  private async postWebhook(hook: NonNullable<NotificationSettings['webhook']>, msg: { subject: string; text: string }) {
    const refusal = await webhookRefusal(hook.url, this.opts.webhookTargets);
    if (refusal) throw new Error(refusal);
    const text = `${msg.subject}\n${msg.text}`;
    const body = hook.format === 'slack' ? { text } : { content: text, allowed_mentions: { parse: [] } };
    const res = await fetch(hook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    await res.body?.cancel();
  }

  private async sendMail(to: string, msg: { subject: string; text: string }) {
    await this.mailer!.sendMail({ from: this.opts.smtp!.from, to, subject: msg.subject, text: msg.text });
  }
}
