import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { lazyModule } from '../core/lazy-module';
import type { Logger } from '../core/log';

/** Loaded only with REDIS_URL (core/lazy-module.ts). */
const ioredis = lazyModule<typeof IORedis>('ioredis');

/**
 * One Redis connection. ioredis reconnects by itself with back-off; commands sent while it is down
 * wait in its offline queue (bounded by maxRetriesPerRequest), so a short Redis restart costs latency,
 * not matches. Errors are logged once per outage, not once per retry.
 */
export function connectRedis(url: string, log: Logger, role: string): Redis {
  const redis = new (ioredis().Redis)(url, {
    connectionName: `kon-${role}`,
    maxRetriesPerRequest: 3,
    enableAutoPipelining: true,
    retryStrategy: (times) => Math.min(50 * 2 ** times, 2000),
  });
  let down = false;
  redis.on('error', (err) => {
    if (!down) log.error('redis unavailable', { role, err });
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('redis back', { role });
    down = false;
  });
  return redis;
}

/** Resolves when the connection is ready, or rejects after `ms` (a bad REDIS_URL fails the start). */
export async function redisReady(redis: Redis, ms = 10_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis not ready after ${ms} ms`)), ms);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
