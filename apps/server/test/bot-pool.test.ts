/** The bot worker pool: a crashing or stuck worker is replaced and the decision retried; the server never goes down with it. */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { createInitialState, kampenOmNorgeModule, viewFor } from '@kon/game';
import { legalFromView } from '@kon/game/bots';
import { afterEach, describe, expect, it } from 'vitest';
import { BotDecisionError, BotPool } from '../src/bots/pool';
import { createLogger } from '../src/core/log';
import { botAvailable } from '../src/bots/registry';

/** A worker that misbehaves the first `bad` times a decision reaches any worker of the pool (counted across threads), then answers. */
function flaky(kind: 'crash' | 'hang', bad: number, counter: Int32Array) {
  return () =>
    new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       parentPort.on('message', (req) => {
         const n = Atomics.add(workerData.counter, 0, 1);
         if (n < workerData.bad) {
           if (workerData.kind === 'crash') throw new Error('worker blew up');
           return; // hang: never answer
         }
         parentPort.postMessage({ id: req.id, ok: true, move: { move: 'pass', args: [{}] }, legalCount: 1 });
       });`,
      { eval: true, workerData: { kind, bad, counter } },
    );
}

/** The nice value of every thread of this process, by thread id (Linux: field 19 of /proc/self/task/<tid>/stat). */
function niceByThread(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // The command name (field 2) may hold spaces: count fields from the ")" that closes it (field 3 on).
    out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19 - 3]));
  }
  return out;
}

const view = viewFor(createInitialState({ ruleset: 'basic' } as never, { d6: () => 3, shuffle: <T>(x: T[]) => x }), 'germany');
const pools: BotPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('bot worker pool', () => {
  it('starts a worker only when the first decision needs one', async () => {
    let spawned = 0;
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const spawn = flaky('crash', 0, counter);
    const pool = new BotPool({ size: 2, timeoutMs: 5_000, log: createLogger('silent'), spawn: () => (spawned++, spawn()) });
    pools.push(pool);
    expect(spawned).toBe(0);
    await expect(pool.decide({ strength: 'easy', view, seed: 1 })).resolves.toMatchObject({ move: { move: 'pass' } });
    expect(spawned).toBe(1);
    expect(pool.started).toBe(1);
  });

  it('replaces a crashed worker and retries the decision', async () => {
    const lines: string[] = [];
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const pool = new BotPool({
      size: 1,
      timeoutMs: 5_000,
      log: createLogger('debug', {}, (l) => lines.push(l)),
      spawn: flaky('crash', 2, counter),
    });
    pools.push(pool);
    await expect(pool.decide({ strength: 'easy', view, seed: 1 })).resolves.toMatchObject({ move: { move: 'pass' } });
    expect(Atomics.load(counter, 0)).toBe(3);
    expect(lines.filter((l) => l.includes('bot worker crashed'))).toHaveLength(2);
  });

  it('gives up on a worker that does not answer in time, and refuses after the last attempt', async () => {
    const lines: string[] = [];
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const pool = new BotPool({
      size: 1,
      // Long enough for a new worker to start and answer on a loaded machine (150 ms was not, once).
      timeoutMs: 1_000,
      attempts: 2,
      log: createLogger('debug', {}, (l) => lines.push(l)),
      spawn: flaky('hang', 5, counter),
    });
    pools.push(pool);
    await expect(pool.decide({ strength: 'easy', view, seed: 1 })).rejects.toBeInstanceOf(BotDecisionError);
    expect(lines.filter((l) => l.includes('bot decision timed out'))).toHaveLength(2);
    // The pool still works once the worker behaves.
    Atomics.store(counter, 0, 10);
    await expect(pool.decide({ strength: 'easy', view, seed: 1 })).resolves.toMatchObject({ move: { move: 'pass' } });
  });

  it('decides with the real Easy bot in a worker thread, from the view alone', async () => {
    const pool = new BotPool({ size: 1, timeoutMs: 30_000, log: createLogger('silent') });
    pools.push(pool);
    const a = await pool.decide({ strength: 'easy', view, seed: 7 });
    expect(a.legalCount).toBeGreaterThan(0);
    expect(a.move.move).toBeTruthy();
    // A strength missing from the registry is refused by name, never played as Easy.
    if (!botAvailable('normal', kampenOmNorgeModule))
      await expect(pool.decide({ strength: 'normal', view, seed: 7 })).rejects.toThrow(/no normal computer player/);
  });

  it.skipIf(process.platform !== 'linux')(
    'thinks in a thread at the lowest priority; the thread that carries moves keeps its own',
    async () => {
      // This test's thread (the event loop here, as the server's main thread there): /proc/thread-self names it.
      const self = Number(readlinkSync('/proc/thread-self').split('/').pop());
      const before = niceByThread();
      const pool = new BotPool({ size: 1, timeoutMs: 30_000, log: createLogger('silent') });
      pools.push(pool);
      await pool.decide({ strength: 'easy', view, seed: 7 });
      const after = niceByThread();
      const lowered = [...after].filter(([tid, nice]) => !before.has(tid) && nice === 19);
      expect(lowered.length, 'a new thread (the bot worker) at nice 19').toBeGreaterThanOrEqual(1);

      expect(after.get(self)).toBe(before.get(self));
      // Every thread that was there before keeps its priority (nothing process-wide changed).
      for (const [tid, nice] of before) if (after.has(tid)) expect(after.get(tid), `thread ${tid}`).toBe(nice);
    },
  );

  it('gives a free worker the decisions of watched matches before background ones', async () => {
    const order: string[] = [];
    const pool = new BotPool({ size: 1, timeoutMs: 30_000, log: createLogger('silent') });
    pools.push(pool);
    // The first takes the only worker; of the two that wait, the later watched one goes first.
    const busy = pool.decide({ strength: 'easy', view, seed: 1 }).then(() => order.push('first'));
    const background = pool.decide({ strength: 'easy', view, seed: 2 }, { background: true }).then(() => order.push('background'));
    const watched = pool.decide({ strength: 'easy', view, seed: 3 }).then(() => order.push('watched'));
    await Promise.all([busy, background, watched]);
    expect(order).toEqual(['first', 'watched', 'background']);
  });

  it('decides with the Normal (search) bot in a worker thread: a legal action from the view', async () => {
    expect(botAvailable('normal', kampenOmNorgeModule)).toBe(true);
    const pool = new BotPool({ size: 1, timeoutMs: 30_000, log: createLogger('silent') });
    pools.push(pool);
    const a = await pool.decide({ strength: 'normal', view, seed: 11 });
    const legal = legalFromView(view);
    expect(legal.map((x) => JSON.stringify({ move: x.type, args: [x.args] }))).toContain(JSON.stringify(a.move));
    expect(a.legalCount).toBe(legal.length);
  });
});
