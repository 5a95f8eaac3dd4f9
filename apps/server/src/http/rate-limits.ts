import type { Redis } from 'ioredis';
import type * as Flexible from 'rate-limiter-flexible';
import type { RateLimiterAbstract, RateLimiterMemory } from 'rate-limiter-flexible';
import { lazyModule } from '../core/lazy-module';
import type { Logger } from '../core/log';

// The library's index loads every store it has (MongoDB, MySQL, DynamoDB, etcd, …): tens of ms at
// start-up. Its own files for the three classes used here load only those (the Redis one with Redis).
const memoryLimiter = lazyModule<typeof Flexible.RateLimiterMemory>('rate-limiter-flexible/lib/RateLimiterMemory');
const redisLimiter = lazyModule<typeof Flexible.RateLimiterRedis>('rate-limiter-flexible/lib/RateLimiterRedis');
/** The class a refusal is thrown as (the same file the limiters require, so `instanceof` holds). */
const limiterRes = lazyModule<typeof Flexible.RateLimiterRes>('rate-limiter-flexible/lib/RateLimiterRes');
type RateLimiterRes = Flexible.RateLimiterRes;

/** What a limit says of one more request: go ahead, too many, or (creation only) cannot tell now. */
export type Verdict = 'ok' | 'limited' | 'unavailable';
/** A verdict and, when limited, the whole seconds until the limit lets the next one through. */
export interface Check {
  verdict: Verdict;
  retryAfter?: number;
}
/** Whole seconds until `res` lets one more through (at least 1). */
const secondsLeft = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

export interface RateLimitSettings {
  /** API requests per client address per minute. */
  apiPerMinute: number;
  /** Matches created per client address per hour. */
  createPerHour: number;
  /** Socket messages per connection per 10 s. */
  socketPer10s: number;
  /** Sign-in attempts (passkey, e-mail link) per client address, and links per e-mail address, per hour. */
  signInPerHour?: number;
}

interface Limiters {
  api: RateLimiterAbstract;
  create: RateLimiterAbstract;
  socket: RateLimiterMemory;
  signIn: RateLimiterAbstract;
}

/**
 * Every request limit of the server, from one library (rate-limiter-flexible). Per client address
 * (API requests, match creation) the counters are shared by every process through Redis when there is
 * one, so a client spreading requests over the replicas meets the same limit. Per socket the counter
 * stays in the process that holds the socket: nobody else can see that socket's messages.
 *
 * When Redis does not answer: the API limit falls back to each process's own counter (the service
 * stays open, still limited per process), but creating a match is refused, because creation is what a
 * flood would use and an unlimited window is what an attacker would wait for.
 */
export class RateLimits {
  /** Made at the first request or socket message: the library is not loaded while the server starts. */
  private made?: Limiters;

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly log: Logger,
    private readonly shared?: { redis: Redis; prefix: string },
  ) {}

  private limiters(): Limiters {
    this.made ??= makeLimiters(this.settings, this.shared);
    return this.made;
  }

  /** One API request from `address`. */
  apiRequest(address: string): Promise<Check> {
    return this.consume(this.limiters().api, address, 'api');
  }

  /** One match created from `address`. */
  matchCreated(address: string): Promise<Check> {
    return this.consume(this.limiters().create, address, 'create');
  }

  /** One sign-in attempt, or one e-mail link asked for, by `key` (a client address, or `email:` and the address). */
  signInAttempt(key: string): Promise<Check> {
    return this.consume(this.limiters().signIn, key, 'signin');
  }

  /**
   * One socket message; 'limited' from the first message over the limit in a window on. `first` is
   * true for that first one only, so the caller logs one line per window, not one per message.
   */
  async socketMessage(socketID: string): Promise<Check & { first: boolean }> {
    const { socket } = this.limiters();
    try {
      await socket.consume(socketID);
      return { verdict: 'ok', first: false };
    } catch (e) {
      if (e instanceof limiterRes())
        return { verdict: 'limited', retryAfter: secondsLeft(e), first: e.consumedPoints === socket.points + 1 };
      throw e;
    }
  }

  /** Forget a closed socket's counter. */
  socketClosed(socketID: string): void {
    if (this.made) void this.made.socket.delete(socketID);
  }

  private async consume(limiter: RateLimiterAbstract, key: string, name: string): Promise<Check> {
    try {
      await limiter.consume(key);
      return { verdict: 'ok' };
    } catch (e) {
      if (e instanceof limiterRes()) return { verdict: 'limited', retryAfter: secondsLeft(e) };
      // The store did not answer and there is no insurance limiter for this one (creation).
      this.log.warn('rate limit store unavailable', { limit: name, err: e });
      return { verdict: 'unavailable', retryAfter: 60 };
    }
  }
}

function makeLimiters(settings: RateLimitSettings, shared: { redis: Redis; prefix: string } | undefined): Limiters {
  const api = { points: settings.apiPerMinute, duration: 60 };
  const create = { points: settings.createPerHour, duration: 3_600 };
  const signIn = { points: settings.signInPerHour ?? 30, duration: 3_600 };
  const RateLimiterMemory = memoryLimiter();
  const socket = new RateLimiterMemory({ points: settings.socketPer10s, duration: 10 });
  if (!shared)
    return { api: new RateLimiterMemory(api), create: new RateLimiterMemory(create), signIn: new RateLimiterMemory(signIn), socket };
  const RateLimiterRedis = redisLimiter();
  const base = { storeClient: shared.redis, useRedisPackage: false, rejectIfRedisNotReady: true };
  return {
    api: new RateLimiterRedis({ ...base, ...api, keyPrefix: `${shared.prefix}rl:api`, insuranceLimiter: new RateLimiterMemory(api) }),
    create: new RateLimiterRedis({ ...base, ...create, keyPrefix: `${shared.prefix}rl:create` }),
    signIn: new RateLimiterRedis({
      ...base,
      ...signIn,
      keyPrefix: `${shared.prefix}rl:signin`,
      insuranceLimiter: new RateLimiterMemory(signIn),
    }),
    socket,
  };
}
