import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ApiError } from '../http/errors';
import { BoundedMap } from '../core/bounded-map';
import { KeyedMutex } from '../core/lock';

/**
 * Takes the lease if it is free, answering the match's change count (see `version`), or nil. A count
 * that is not there (new, or expired after a month) starts at a random number, so a cache kept from
 * before it expired cannot match it by chance.
 */
const ACQUIRE = `if not redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return false end
local n = redis.call('get', KEYS[2])
if not n then n = ARGV[3]; redis.call('set', KEYS[2], n, 'PX', ARGV[4]) end
return n`;
/** Deletes the lease only if it is still ours (it may have expired and been taken by another process). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** How long a match's change count lives in Redis after it was started. */
const COUNT_TTL_MS = 30 * 86_400_000;

export interface LeaseOptions {
  /** How long a lease lives if its holder dies (kill -9) before releasing it. */
  ttlMs: number;
  /** How long to wait for another process's lease before refusing. */
  waitMs: number;
  /** REDIS_KEY_PREFIX */
  prefix: string;
}

/**
 * The per-match mutex across processes: the local queue first (one task per match per process, as in
 * one-process mode), then a lease in Redis (SET NX PX) that every process takes before it reads or
 * writes a match. Moves also carry the database's own compare-and-set on the state version (see
 * storage commitMove), so a lease that expired under a stalled holder still cannot fork a match; the
 * lease keeps such conflicts rare and makes lobby writes (joins, seat claims) safe across processes.
 *
 * Beside each lease Redis keeps the match's change count: a holder adds one before it changes the
 * lobby or the notification settings (`touched`), and the next holder anywhere reads it as it takes
 * the lease. The services' per-match caches of those records keep the count they were read
 * at (`version`): a move, which always holds the lease, then uses them only if nobody has changed
 * them since, without reading the database on every move (five reads a move before).
 */
export class RedisLeaseMutex extends KeyedMutex {
  /** The change count read when this process last took each match's lease. */
  private seen = new BoundedMap<string, number>(20_000);
  /** Lease tokens: this instance's random tag and a count (no random bytes drawn per move). */
  private readonly tag = randomBytes(9).toString('base64url');
  private taken = 0;

  constructor(
    private readonly redis: Redis,
    private readonly opts: LeaseOptions = { ttlMs: 10_000, waitMs: 5_000, prefix: 'kon:' },
  ) {
    super();
  }

  override run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return super.run(key, async () => {
      const lease = `${this.opts.prefix}lease:${key}`;
      const token = `${this.tag}.${++this.taken}`;
      this.seen.set(key, await this.acquire(lease, this.countKey(key), token));
      try {
        return await task();
      } finally {
        await this.redis.eval(RELEASE, 1, lease, token).catch(() => undefined); // it expires anyway
      }
    });
  }

  override version(key: string): number | undefined {
    return this.seen.get(key);
  }

  /** Counted before the change is written: if Redis cannot count it, the change is refused, never left unseen. */
  override async touched(key: string): Promise<void> {
    await this.redis.incr(this.countKey(key));
  }

  private countKey(key: string) {
    return `${this.opts.prefix}changes:${key}`;
  }

  private async acquire(lease: string, count: string, token: string): Promise<number> {
    const until = Date.now() + this.opts.waitMs;
    // Not a secret: only unlikely to meet a count kept from before (see ACQUIRE).
    const start = Math.floor(Math.random() * 2 ** 48);
    for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
      const got = (await this.redis.eval(ACQUIRE, 2, lease, count, token, this.opts.ttlMs, start, COUNT_TTL_MS)) as string | null;
      if (got !== null) return Number(got);
      if (Date.now() >= until) throw new ApiError(503, 'match_busy', 'The match is busy on another server; try again.');
      await new Promise((r) => setTimeout(r, wait + Math.random() * wait));
    }
  }
}
