/**
 * What REDIS_URL makes shared between processes, each piece on its own: two RedisLeaseMutex and two
 * RateLimits instances on separate connections stand for two processes. Skipped without Redis.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLeaseMutex } from '../src/cluster/lease';
import { RedisMatchBus, type Envelope } from '../src/cluster/bus';
import { RateLimits } from '../src/http/rate-limits';
import { createLogger } from '../src/core/log';
import { legalMoves } from '@kon/game';
import { dropSchema, PG_URL, REDIS_URL } from './child-server';
import { needs } from './services';
import { api, createMatch, join, sleep, startTestServer, waitFor, type TestServer } from './helpers';

const available = await needs('redis');
const log = createLogger('silent');

/** A move of match m1 as the bus carries it: the state is only its ID. */
const move = (stateID: number) => ({
  t: 'move' as const,
  matchID: 'm1',
  prevStateID: stateID - 1,
  stateID,
  state: { _stateID: stateID },
  gameover: false,
});
describe.skipIf(!available)('shared across processes through Redis', () => {
  const conns: Redis[] = [];
  const connect = () => {
    const r = new Redis(REDIS_URL);
    conns.push(r);
    return r;
  };
  /** A connection that is up, as a server process's is before it serves (cluster/redis.ts). */
  const connected = async () => {
    const r = connect();
    await waitFor(() => r.status === 'ready', 'redis ready');
    return r;
  };
  afterAll(() => {
    for (const c of conns) c.disconnect();
  });

  it('a match lease: tasks of one match on two processes never overlap; other matches are not held up', async () => {
    const a = new RedisLeaseMutex(connect());
    const b = new RedisLeaseMutex(connect());
    const key = `test-${randomBytes(6).toString('hex')}`;
    let inside = 0;
    let maxInside = 0;
    const order: string[] = [];
    const task = (name: string) => async () => {
      inside++;
      maxInside = Math.max(maxInside, inside);
      await sleep(15);
      order.push(name);
      inside--;
    };
    await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).run(key, task(`t${i}`))));
    expect(order).toHaveLength(8);
    expect(maxInside).toBe(1);
    // Without the lease the two processes' queues would run side by side:
    let together = 0;
    await Promise.all([
      a.run(`${key}-x`, async () => (together++, await sleep(30))),
      b.run(`${key}-y`, async () => (together++, await sleep(30))),
    ]);
    expect(together).toBe(2);
  });

  it("a match's change count: read with the lease, moved only by a change, seen by the other process", async () => {
    const a = new RedisLeaseMutex(connect());
    const b = new RedisLeaseMutex(connect());
    const key = `count-${randomBytes(6).toString('hex')}`;
    expect(a.version(key)).toBeUndefined();
    await a.run(key, async () => undefined);
    const first = a.version(key)!;
    expect(Number.isInteger(first)).toBe(true);
    // Holding the lease changes nothing: the count stays, on either process.
    await b.run(key, async () => undefined);
    await a.run(key, async () => undefined);
    expect([a.version(key), b.version(key)]).toEqual([first, first]);
    // A change counted under b's lease is what a's next hold reads; a's kept count is old until then.
    await b.run(key, () => b.touched(key));
    expect(a.version(key)).toBe(first);
    await a.run(key, async () => undefined);
    expect(a.version(key)).toBe(first + 1);
    // Another match's count is its own.
    await a.run(`${key}-other`, async () => undefined);
    expect(a.version(key)).toBe(first + 1);
    expect(a.version(`${key}-other`)).not.toBe(first + 1);
  });

  it('a lease whose holder died (never released) is taken over after its time-to-live; a live one makes the other wait, then refuses', async () => {
    const redis = connect();
    const key = `test-${randomBytes(6).toString('hex')}`;
    // A process that took the lease and was killed: the key stays until it expires.
    await redis.set(`kon:lease:${key}`, 'dead-process', 'PX', 300);
    const m = new RedisLeaseMutex(connect(), { ttlMs: 5_000, waitMs: 2_000, prefix: 'kon:' });
    const started = Date.now();
    await m.run(key, async () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // A holder that keeps it longer than the other will wait: a clear refusal, not a hang.
    await redis.set(`kon:lease:${key}`, 'slow-process', 'PX', 5_000);
    const short = new RedisLeaseMutex(connect(), { ttlMs: 5_000, waitMs: 200, prefix: 'kon:' });
    await expect(short.run(key, async () => 'ran')).rejects.toMatchObject({ code: 'match_busy', status: 503 });
  });

  it('a chat line and a private line reach the other process naming the member who wrote them', async () => {
    // The bus stamps each message with its process id (`from`); the writer travels as `sender`, which
    // the receiving process's chat blocks are checked against (a blocked member's line is withheld).
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const a = new RedisMatchBus(await connected(), await connected(), log, prefix);
    const b = new RedisMatchBus(await connected(), await connected(), log, prefix);
    try {
      const got: Envelope[] = [];
      b.onMessage((m) => got.push(m));
      b.watch('m1');
      await sleep(200);
      a.publish({ t: 'chat', matchID: 'm1', payload: { type: 'chat', args: ['m1', { hi: 1 }] }, sender: 'member-7' });
      a.publish({ t: 'private', matchID: 'm1', sender: '0', to: '1', payload: { text: 'psst' } });
      await waitFor(() => got.length >= 2, 'both lines arrived');
      const chat = got.find((m) => m.t === 'chat');
      const line = got.find((m) => m.t === 'private');
      expect(chat && chat.t === 'chat' && chat.sender).toBe('member-7');
      expect(line && line.t === 'private' && line.sender).toBe('0');
      expect(got.every((m) => m.from === a.id)).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("a match's moves stay off Redis while no other process listens; one that starts listening gets the last, then patches", async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const pub = await connected();
    const sent: string[] = [];
    const publish = pub.publish.bind(pub) as (channel: string, raw: string) => Promise<number>;
    pub.publish = ((channel: string, raw: string) => {
      if (raw.includes('"t":"move"')) sent.push(raw);
      return publish(channel, raw);
    }) as typeof pub.publish;
    const a = new RedisMatchBus(pub, await connected(), log, prefix);
    const b = new RedisMatchBus(await connected(), await connected(), log, prefix);
    try {
      const got: Envelope[] = [];
      b.onMessage((m) => got.push(m));
      a.watch('m1');
      await sleep(200);
      // The first move's PUBLISH reaches only this process: the next ones are not sent.
      a.publish(move(1));
      await sleep(100);
      a.publish(move(2));
      a.publish(move(3));
      await sleep(100);
      expect(sent).toHaveLength(1);
      // Another process starts listening (its sockets read the match from the store): it says hello, and gets the last move kept.
      b.watch('m1');
      await waitFor(() => got.some((m) => m.t === 'move' && m.stateID === 3), 'the kept move');
      // Made on the state before (its base): it crosses as the patch from that state, not whole.
      a.publish({ ...move(4), base: move(3).state });
      await waitFor(() => got.some((m) => m.t === 'move' && m.stateID === 4), 'the next move');
      expect(got.filter((m) => m.t === 'move').map((m) => m.t === 'move' && m.stateID)).toEqual([3, 4]);
      const last = got.at(-1);
      expect(last?.t === 'move' && [last.state, last.base, last.patch]).toEqual([
        undefined,
        undefined,
        [{ op: 'replace', path: '/_stateID', value: 4 }],
      ]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('while its subscriber reconnects, a process does not take itself for the only listener of a match', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    // Reconnects 300 ms after a cut: long enough to publish in between.
    const aSub = new Redis(REDIS_URL, { retryStrategy: () => 300 });
    conns.push(aSub);
    await waitFor(() => aSub.status === 'ready', 'redis ready');
    const a = new RedisMatchBus(await connected(), aSub, log, prefix);
    const b = new RedisMatchBus(await connected(), await connected(), log, prefix);
    try {
      const got: number[] = [];
      b.onMessage((m) => m.t === 'move' && got.push(m.stateID));
      a.watch('m1');
      b.watch('m1');
      await sleep(200);
      const closed = new Promise((r) => aSub.once('close', r));
      aSub.disconnect(true);
      await closed;
      // Only the other process hears this one (a's own subscription is gone for now): one receiver.
      a.publish(move(1));
      await sleep(50);
      a.publish(move(2));
      await waitFor(() => got.includes(2), 'the move after');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('rate limits hold across processes: 10 allowed in the window, wherever they land', async () => {
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    const settings = { apiPerMinute: 1000, createPerHour: 10, socketPer10s: 100 };
    const a = new RateLimits(settings, log, { redis: await connected(), prefix });
    const b = new RateLimits(settings, log, { redis: await connected(), prefix });
    const results: string[] = [];
    for (let i = 0; i < 14; i++) results.push((await (i % 2 ? a : b).matchCreated('198.51.100.7')).verdict);
    expect(results.filter((v) => v === 'ok')).toHaveLength(10);
    expect(results.slice(10)).toEqual(['limited', 'limited', 'limited', 'limited']);
  });

  it('with Redis gone, creating a match is refused (fails closed) while API requests stay limited per process', async () => {
    const redis = await connected();
    const limits = new RateLimits({ apiPerMinute: 3, createPerHour: 10, socketPer10s: 100 }, log, {
      redis,
      prefix: `test-${randomBytes(6).toString('hex')}:`,
    });
    expect((await limits.matchCreated('198.51.100.8')).verdict).toBe('ok');
    redis.disconnect();
    await waitFor(() => redis.status !== 'ready', 'the connection down');
    expect((await limits.matchCreated('198.51.100.8')).verdict).toBe('unavailable');
    const api: string[] = [];
    for (let i = 0; i < 5; i++) api.push((await limits.apiRequest('198.51.100.8')).verdict);
    expect(api).toEqual(['ok', 'ok', 'ok', 'limited', 'limited']);
  });
});

describe.skipIf(!available || !(await needs('postgres')))(
  'two server processes on one PostgreSQL and one Redis, in one test process',
  () => {
    it('one shows the clock as the other left it, not as it last read it', async () => {
      const schema = `kon_shared_${randomBytes(4).toString('hex')}`;
      const env = {
        DATABASE_URL: PG_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL,
        REDIS_KEY_PREFIX: `${schema}:`,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '100000',
      };
      const a = await startTestServer(env);
      const b = await startTestServer(env);
      try {
        const m = await createMatch(a.url, {
          plan: 'three',
          setupData: { ruleset: 'basic' },
          clock: { mode: 'correspondence', decisionSeconds: 3600, atZero: 'lose' },
        });
        const creds: string[] = [];
        for (const s of m.links.seats) creds.push((await join(a.url, m.matchID, s.token, s.seat)).credentials);
        const clockAt = async (t: TestServer) =>
          (await api(t.url, 'GET', `/api/matches/${m.matchID}/clock`, { token: creds[0] })).json.clock;
        await waitFor(async () => (await clockAt(a))?.running === 'germany', 'the clock to start');
        expect((await clockAt(b)).running).toBe('germany'); // b reads it now
        // Germany ends its movement through a: Germany still decides (reinforcements), but the clock
        // moved on with the game. Then Germany's turn goes on until another side must act.
        for (let i = 0; i < 40; i++) {
          const state = (await a.server.transport.currentState(m.matchID))!;
          const G = state.G as { result?: unknown };
          if (G.result) break;
          const pid = Object.keys(state.ctx.activePlayers ?? { [state.ctx.currentPlayer]: true })[0]!;
          if (pid !== '0') break;
          const move =
            legalMoves(state.G as never, state.ctx, pid).find((x) => x.move === 'endPhase' || x.move === 'pass') ??
            legalMoves(state.G as never, state.ctx, pid)[0]!;
          expect((await a.server.transport.submitMove(m.matchID, pid, { type: move.move, args: move.args }, { by: 'server' })).ok).toBe(
            true,
          );
        }
        // The clock follows a committed move in its own queue, just after the move's answer.
        await waitFor(async () => (await clockAt(a))?.running !== 'germany', 'the clock to move on');
        const onA = await clockAt(a);
        const onB = await clockAt(b);
        expect({ running: onB.running, deadline: onB.deadline }).toEqual({ running: onA.running, deadline: onA.deadline });
      } finally {
        await b.stop();
        await a.stop();
        await dropSchema(schema);
      }
    }, 60_000);
  },
);
