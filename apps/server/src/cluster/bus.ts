import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { diffJson, type JsonPatchOp } from '../core/json-diff';
import type { Logger } from '../core/log';

/**
 * What the processes of one deployment tell each other about a match, on its Redis channel. A
 * process listens to the channels of the matches it has sockets in, and nothing else.
 */
export type MatchMessage =
  /**
   * A move was stored: push it to your sockets (the next move needs its state). Sent as `patch`, the
   * operations that turn the state `prevStateID` into this one, when `base` (that state, never sent)
   * is given; else as the whole `state`. A receiver that does not hold the base reads the store.
   */
  | {
      t: 'move';
      matchID: string;
      prevStateID: number;
      stateID: number;
      state?: unknown;
      base?: unknown;
      patch?: JsonPatchOp[];
      gameover: boolean;
      gameName?: string | undefined;
    }
  /** Who is connected to the match through the sending process (all of it, not a change). */
  | { t: 'presence'; matchID: string; members: string[]; playerIDs: string[]; spectators: number }
  /** A process started listening to the match: send your presence again. */
  | { t: 'hello'; matchID: string }
  /** The lobby changed the roster; `removed` members' sockets are closed everywhere. */
  | { t: 'roster'; matchID: string; removed: string[] }
  /**
   * A chat line as boardgame.io's Master hands it to its transport (filtered per socket on arrival);
   * `sender`, the member who wrote it (`from` is the sending process, set by the bus).
   */
  | { t: 'chat'; matchID: string; payload: { type: string; args: unknown[] }; gameName?: string | undefined; sender?: string | undefined }
  /** A private line between two seats: delivered to those seats' sockets only. */
  | { t: 'private'; matchID: string; to: string; sender: string; payload: unknown };

export type Envelope = MatchMessage & { from: string };

/** A message as sent: a move with its `base` as the patch from it (a few hundred bytes, not the whole state). */
function wire(m: MatchMessage): MatchMessage {
  if (m.t !== 'move' || m.base === undefined) return m;
  const { base, state, ...rest } = m;
  return { ...rest, patch: diffJson(base, state) };
}

/** What the transport needs from the other processes; the one-process server has no bus at all. */
export interface MatchBus {
  /** This process's id in messages. */
  readonly id: string;
  watch(matchID: string): void;
  unwatch(matchID: string): void;
  publish(message: MatchMessage): void;
  /** Messages from the other processes (never this one's own). */
  onMessage(handler: (message: Envelope) => void): void;
  /** Called with a process's id when it has not been heard of for a while (dead or cut off). */
  onProcessGone(handler: (id: string) => void): void;
  /** Is this process alive as far as this one can tell (heard of lately, or this one started too lately to know)? */
  alive(id: string): boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Redis pub/sub between the server processes: one channel per match, and one where every process
 * says every `beatMs` that it is alive (so the presence it reported is dropped when it dies by
 * kill -9 and never says goodbye). Pub/sub needs a connection of its own (`sub`); `pub` is shared
 * with the lease and the rate limits. Messages are fire-and-forget: one that is lost (Redis down)
 * costs a socket a full update at the next move, never a move — the moves are in the database.
 */
export class RedisMatchBus implements MatchBus {
  readonly id = randomBytes(6).toString('base64url');
  private handlers: ((m: Envelope) => void)[] = [];
  private goneHandlers: ((id: string) => void)[] = [];
  private watched = new Set<string>();
  /** Watched matches whose channel this process is subscribed to (Redis said so). */
  private subscribed = new Set<string>();
  /**
   * Watched matches no other process listens to: a move's PUBLISH reached this process alone, and no
   * other process has said anything of the match since it was sent. Their moves are not sent (the
   * whole state, stringified and echoed back, was most of what Redis cost a move); the last one is
   * kept, and sent when a process says hello (it has just subscribed: its sockets read the store).
   */
  private alone = new Set<string>();
  private unsent = new Map<string, MatchMessage>();
  /** How many messages other processes sent on each watched match's channel (see `alone`). */
  private heard = new Map<string, number>();
  private lastHeard = new Map<string, number>();
  private timer: NodeJS.Timeout;
  private readonly processes: string;
  private readonly startedAt = Date.now();
  /**
   * How this process's own messages end (`from`, its id, written last when the message has no `from`
   * of its own: every move). Redis sends a process its own messages too; these are dropped before
   * their JSON (a move's whole state) is parsed.
   */
  private readonly ownEnd = `,"from":${JSON.stringify(this.id)}}`;

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly log: Logger,
    private readonly prefix = 'kon:',
    private readonly beatMs = 2_000,
  ) {
    this.processes = `${prefix}processes`;
    sub.on('message', (channel: string, raw: string) => this.receive(channel, raw));
    void sub.subscribe(this.processes).catch((err: unknown) => log.error('redis subscribe failed', { err }));
    // After a reconnect ioredis subscribes again by itself; the others' presence may have changed
    // meanwhile, so ask for it again.
    // Cut off: no channel counts as subscribed until Redis brings this process its own hello on it
    // again (ioredis subscribes again by itself, but says nothing when it is done).
    sub.on('close', () => {
      this.subscribed.clear();
      this.alone.clear();
    });
    sub.on('ready', () => {
      this.alone.clear();
      for (const m of this.watched) this.publish({ t: 'hello', matchID: m });
    });
    this.timer = setInterval(() => this.beat(), beatMs);
    this.timer.unref();
    this.beat();
  }

  private channel(matchID: string) {
    return `${this.prefix}match:${matchID}`;
  }

  watch(matchID: string) {
    if (this.watched.has(matchID)) return;
    this.watched.add(matchID);
    this.sub
      .subscribe(this.channel(matchID))
      .then(() => {
        if (this.watched.has(matchID)) this.subscribed.add(matchID);
        this.publish({ t: 'hello', matchID });
      })
      .catch((err: unknown) => this.log.error('redis subscribe failed', { matchID, err }));
  }

  unwatch(matchID: string) {
    if (!this.watched.delete(matchID)) return;
    for (const m of [this.subscribed, this.alone, this.unsent, this.heard]) m.delete(matchID);
    void this.sub.unsubscribe(this.channel(matchID)).catch(() => undefined);
  }

  publish(message: MatchMessage) {
    const { matchID, t } = message;
    if (t === 'move' && this.alone.has(matchID)) {
      // Kept whole: whoever gets it later holds some other state than its base.
      const { base: _, ...whole } = message;
      this.unsent.set(matchID, whole);
      return;
    }
    if (t === 'move') this.unsent.delete(matchID);
    // Only a move, on a channel this process listens to, can tell that nobody else listens.
    const heard = t === 'move' && this.subscribed.has(matchID) ? (this.heard.get(matchID) ?? 0) : undefined;
    this.pub
      .publish(this.channel(matchID), JSON.stringify({ ...wire(message), from: this.id }))
      .then((receivers) => {
        if (heard !== undefined && receivers <= 1 && this.subscribed.has(matchID) && (this.heard.get(matchID) ?? 0) === heard)
          this.alone.add(matchID);
      })
      .catch((err: unknown) => this.log.warn('redis publish failed', { t, err }));
  }

  onMessage(handler: (m: Envelope) => void) {
    this.handlers.push(handler);
  }

  onProcessGone(handler: (id: string) => void) {
    this.goneHandlers.push(handler);
  }

  alive(id: string) {
    // A process heard of within 3 beats stays in lastHeard; before this one has listened that long, everyone counts as alive.
    return id === this.id || this.lastHeard.has(id) || Date.now() - this.startedAt < 3 * this.beatMs;
  }

  async ping() {
    await this.pub.ping();
  }

  private beat() {
    void this.pub.publish(this.processes, JSON.stringify({ from: this.id, beat: Date.now() })).catch(() => undefined);
    const dead = Date.now() - 3 * this.beatMs;
    for (const [id, at] of this.lastHeard) {
      if (at >= dead) continue;
      this.lastHeard.delete(id);
      for (const h of this.goneHandlers) h(id);
    }
  }

  private receive(channel: string, raw: string) {
    if (raw.endsWith(this.ownEnd)) return this.ownHeard(raw);
    let msg: (Envelope & { bye?: boolean }) | { from: string; beat?: number; bye?: boolean };
    try {
      msg = JSON.parse(raw);
    } catch {
      return this.log.warn('bad cluster message', { channel });
    }
    if (!msg || typeof msg.from !== 'string' || msg.from === this.id) return;
    if (channel === this.processes) {
      if (msg.bye) {
        this.lastHeard.delete(msg.from);
        for (const h of this.goneHandlers) h(msg.from);
      } else this.lastHeard.set(msg.from, Date.now());
      return;
    }
    this.lastHeard.set(msg.from, Date.now());
    this.heardOf(msg as Envelope);
    for (const h of this.handlers) {
      try {
        h(msg as Envelope);
      } catch (err) {
        this.log.error('cluster message handler failed', { channel, err });
      }
    }
  }

  /** This process's own message came back; only a hello is read: this process is subscribed to its channel. */
  private ownHeard(raw: string) {
    if (!raw.startsWith('{"t":"hello"')) return;
    try {
      const { matchID } = JSON.parse(raw) as { matchID?: unknown };
      if (typeof matchID === 'string' && this.watched.has(matchID)) this.subscribed.add(matchID);
    } catch {
      // not ours after all; nothing to learn
    }
  }

  /** Another process spoke of a match: it listens, and one saying hello gets the move this one kept. */
  private heardOf(msg: Envelope) {
    const { matchID } = msg;
    if (!this.watched.has(matchID)) return;
    this.heard.set(matchID, (this.heard.get(matchID) ?? 0) + 1);
    this.alone.delete(matchID);
    const kept = msg.t === 'hello' ? this.unsent.get(matchID) : undefined;
    if (kept) this.publish(kept);
  }

  async close() {
    clearInterval(this.timer);
    await this.pub.publish(this.processes, JSON.stringify({ from: this.id, bye: true })).catch(() => undefined);
    await this.sub.quit().catch(() => undefined);
  }
}
