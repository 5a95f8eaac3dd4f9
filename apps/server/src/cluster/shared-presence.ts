import type { Redis } from 'ioredis';
import { ApiError } from '../http/errors';
import type { Logger } from '../core/log';
import type { MatchBus } from './bus';

/** A match's entry outlives its last write by this much, so that the fields of processes that died go too. */
const ENTRY_TTL_MS = 7 * 24 * 3600_000;

/** Who is connected to a match through the live processes, and when members who left one were last connected. */
export interface SharedWhereabouts {
  connected: Set<string>;
  lastSeen: Map<string, number>;
}

/**
 * Who is connected to each match through each process, kept in Redis so that any process can tell,
 * even one with no socket in the match (it is deaf to the match's presence messages). One hash per
 * match: `p:<process>` lists the members connected through that process, `s:<member>` is when a
 * member's last socket on some process closed. A process rewrites its own field whenever its sockets of
 * the match change, in one transaction with the `s:` times of the members it just lost, so a reader
 * never sees someone gone without knowing since when. Fields of processes that are gone (see
 * RedisMatchBus.alive) are skipped.
 */
export class RedisPresenceBook {
  /** What this process last wrote per match, to tell who left. */
  private reported = new Map<string, readonly string[]>();

  constructor(
    private readonly redis: Redis,
    private readonly bus: Pick<MatchBus, 'id' | 'alive'>,
    private readonly log: Logger,
    private readonly prefix = 'kon:',
  ) {}

  private key(matchID: string) {
    return `${this.prefix}presence:${matchID}`;
  }

  /** The members connected to the match through this process now (all of them, not a change). */
  report(matchID: string, members: readonly string[], now = Date.now()) {
    const before = this.reported.get(matchID) ?? [];
    const left = before.filter((id) => !members.includes(id));
    if (left.length === 0 && members.length === before.length) return; // nothing changed (a spectator came or went)
    if (members.length) this.reported.set(matchID, [...members]);
    else this.reported.delete(matchID);
    const key = this.key(matchID);
    const tx = this.redis.multi();
    if (members.length) tx.hset(key, `p:${this.bus.id}`, JSON.stringify(members));
    else tx.hdel(key, `p:${this.bus.id}`);
    for (const id of left) tx.hset(key, `s:${id}`, String(now));
    tx.pexpire(key, ENTRY_TTL_MS);
    tx.exec().catch((err: unknown) => this.log.warn('presence not shared', { matchID, err }));
  }

  /** Who is connected to the match through any live process, and the last-seen times kept here. */
  async read(matchID: string): Promise<SharedWhereabouts> {
    let fields: Record<string, string>;
    try {
      fields = await this.redis.hgetall(this.key(matchID));
    } catch (err) {
      this.log.warn('presence not read', { matchID, err });
      throw new ApiError(503, 'presence_unavailable', 'Who is connected cannot be told right now; try again in a moment.');
    }
    const out: SharedWhereabouts = { connected: new Set(), lastSeen: new Map() };
    for (const [field, raw] of Object.entries(fields)) {
      const [kind, id = ''] = [field.slice(0, 2), field.slice(2)];
      if (kind === 's:') {
        const at = Number(raw);
        if (Number.isFinite(at)) out.lastSeen.set(id, at);
      } else if (kind === 'p:' && this.bus.alive(id)) {
        try {
          for (const m of JSON.parse(raw) as unknown[]) if (typeof m === 'string') out.connected.add(m);
        } catch {
          this.log.warn('bad presence entry', { matchID, process: id });
        }
      }
    }
    return out;
  }
}
