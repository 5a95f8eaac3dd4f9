import type { Redis } from 'ioredis';
import type { Logger } from '../core/log';
import { RedisMatchBus, type MatchBus } from './bus';
import { RedisLeaseMutex } from './lease';
import { connectRedis, redisReady } from './redis';
import { RedisPresenceBook } from './shared-presence';

export type { MatchBus, MatchMessage, Envelope } from './bus';

/** What REDIS_URL adds to a server process: see docs/architecture.md, "Several processes". */
export interface Cluster {
  bus: MatchBus;
  lock: RedisLeaseMutex;
  /** The command connection, for the shared rate limits (rate-limits.ts). */
  redis: Redis;
  /** Who is connected to each match through every process. */
  presence: RedisPresenceBook;
  /**
   * True for the one process that first claims `key` within `ttlMs` (SET NX PX), false for every
   * other; the claim simply runs out (the bots think each decision once, bots/driver.ts).
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function startCluster(url: string, prefix: string, log: Logger): Promise<Cluster> {
  const pub = connectRedis(url, log, 'commands');
  const sub = connectRedis(url, log, 'subscriber');
  try {
    await Promise.all([redisReady(pub), redisReady(sub)]);
  } catch (e) {
    pub.disconnect();
    sub.disconnect();
    throw e;
  }
  const bus = new RedisMatchBus(pub, sub, log, prefix);
  return {
    bus,
    lock: new RedisLeaseMutex(pub, { ttlMs: 10_000, waitMs: 5_000, prefix }),
    redis: pub,
    presence: new RedisPresenceBook(pub, bus, log, prefix),
    claim: async (key, ttlMs) => (await pub.set(`${prefix}claim:${key}`, bus.id, 'PX', ttlMs, 'NX')) === 'OK',
    ping: () => bus.ping(),
    async close() {
      await bus.close();
      await pub.quit().catch(() => undefined);
    },
  };
}
