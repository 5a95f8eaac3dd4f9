import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ApiError } from '../http/errors';
import { KeyedMutex } from '../core/lock';

/** Deletes the lease only if it is still ours (it may have expired and been taken by another process). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

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
 */
export class RedisLeaseMutex extends KeyedMutex {
  constructor(
    private readonly redis: Redis,
    private readonly opts: LeaseOptions = { ttlMs: 10_000, waitMs: 5_000, prefix: 'kon:' },
  ) {
    super();
  }

  override run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return super.run(key, async () => {
      const lease = `${this.opts.prefix}lease:${key}`;
      const token = randomBytes(12).toString('base64url');
      await this.acquire(lease, token);
      try {
        return await task();
      } finally {
        await this.redis.eval(RELEASE, 1, lease, token).catch(() => undefined); // it expires anyway
      }
    });
  }

  private async acquire(lease: string, token: string) {
    const until = Date.now() + this.opts.waitMs;
    for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
      if ((await this.redis.set(lease, token, 'PX', this.opts.ttlMs, 'NX')) === 'OK') return;
      if (Date.now() >= until) throw new ApiError(503, 'match_busy', 'The match is busy on another server; try again.');
      await new Promise((r) => setTimeout(r, wait + Math.random() * wait));
    }
  }
}
