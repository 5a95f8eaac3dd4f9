import type { Redis } from 'ioredis';
import type { Logger } from '../log';
import type { RateLimit } from '../http';

/**
 * Request limits shared by every process: one counter per key and fixed window in Redis (INCR, and
 * PEXPIRE when the window's first hit creates it), so a client spreading requests over the replicas
 * behind the proxy meets the same limit as on one process. If Redis does not answer, requests pass
 * (and the outage is logged): the limit protects the service, an outage of it must not close it.
 */
export class RedisRateLimiter implements RateLimit {
  constructor(
    private readonly redis: Redis,
    private readonly log: Logger,
    private readonly prefix = 'kon:',
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<boolean> {
    const window = Math.floor(Date.now() / windowMs);
    const k = `${this.prefix}rl:${key}:${window}`;
    try {
      const [[, n]] = (await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[Error | null, number]];
      return n > limit;
    } catch (err) {
      this.log.warn('rate limit not checked (redis)', { err });
      return false;
    }
  }

  stop() {}
}
