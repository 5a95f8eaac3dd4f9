// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * The clock services of two server processes (shared: REDIS_URL mode) on one PostgreSQL database: a
 * decision whose time ran out is dealt with by one of them only, however their timers race. Two store
 * instances and two ClockService instances stand for the two processes; the game is a stand-in whose
 * seat '0' must always act. Skipped when PostgreSQL is not running here.
 */
import { randomBytes } from 'node:crypto';
import type { State } from 'boardgame.io';
import type { GameModule } from '@kon/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, newClock } from '../src/clocks/clock';
import { ClockService } from '../src/clocks/service';
import { createLogger } from '../src/core/log';
import { openStorage, type SqlStorage } from '../src/storage';
import { dropSchema } from './child-server';
import { needs, PG_URL } from './services';
import { waitFor } from './helpers';

const available = await needs('postgres');
const schema = `kon_clocks_${randomBytes(5).toString('hex')}`;
const log = createLogger('silent');
const game = { toMove: () => ['0'] } as unknown as GameModule;
const state = { G: {}, ctx: { turn: 1 }, _stateID: 5 } as unknown as State;

describe.skipIf(!available)('clocks on two processes sharing one PostgreSQL', () => {
  const stores: SqlStorage[] = [];
  beforeAll(async () => {
    const cfg = { dataDir: '', databaseUrl: PG_URL, databaseSchema: schema };
    stores.push(await openStorage(cfg), await openStorage(cfg));
  }, 30_000);
  afterAll(async () => {
    for (const s of stores) await s.close();
    await dropSchema(schema);
  });

  it('a decision whose time ran out is handed to a computer player once, not once per process', async () => {
    const matches = Array.from({ length: 6 }, (_, i) => `m${i}-${randomBytes(3).toString('hex')}`);
    const start = Date.now() - 120_000;
    for (const id of matches) {
      // Seat '0' has been deciding for two minutes of its one: its time is out.
      const clock = newClock({ mode: 'correspondence', decisionSeconds: 60, atZero: 'pass' }, ['0', '1'], true);
      await stores[0]!.putSide(id, 'clock', 'state', advance(clock, [{ key: '0' }], state._stateID, start));
    }
    const takeovers: string[] = [];
    const services = stores.map(
      (storage, i) =>
        new ClockService({
          storage,
          log,
          shared: true,
          gameOf: async () => game,
          transport: {
            submitMove: async () => ({ ok: true }) as never,
            currentState: async () => state,
            emitToMatch: () => {},
          },
          onOwnDecisionTimeout: async (matchID) => {
            takeovers.push(`${matchID} by process ${i}`);
            return true;
          },
        }),
    );
    try {
      // Both processes start at once and re-arm every stored clock: both timers fire at once.
      await Promise.all(services.map((s) => s.start()));
      await waitFor(() => matches.every((id) => takeovers.some((t) => t.startsWith(id))), 'every match handed over');
      // Long enough for a second process's takeover to have come too.
      await new Promise((r) => setTimeout(r, 300));
      for (const id of matches)
        expect(
          takeovers.filter((t) => t.startsWith(id)),
          id,
        ).toHaveLength(1);
      for (const id of matches)
        expect((await stores[1]!.getSide(id, 'clock', 'state')) as object).toMatchObject({ running: { handedOff: true } });
    } finally {
      for (const s of services) s.stop();
    }
  });

  it('a missed deadline is counted once, so the computer comes after two in a row, not after one seen twice', async () => {
    // A stand-in whose seat '0' holds when out of time, and goes to the computer after two misses in a row.
    const holding = { ...game, clockMove: () => ({ move: 'hold', args: [] }), missedDeadlinesToComputer: 2 } as unknown as GameModule;
    const once = Array.from({ length: 4 }, (_, i) => `once${i}-${randomBytes(3).toString('hex')}`);
    const twice = Array.from({ length: 4 }, (_, i) => `twice${i}-${randomBytes(3).toString('hex')}`);
    const start = Date.now() - 120_000;
    for (const id of [...once, ...twice]) {
      const clock = newClock({ mode: 'correspondence', decisionSeconds: 60, atZero: 'pass' }, ['0', '1'], true);
      const running = advance(clock, [{ key: '0' }], state._stateID, start);
      // The 'twice' matches' seat missed the deadline before this one too.
      await stores[0]!.putSide(id, 'clock', 'state', twice.includes(id) ? { ...running, missed: { '0': 1 } } : running);
    }
    const holds: string[] = [];
    const takeovers: string[] = [];
    const services = stores.map(
      (storage) =>
        new ClockService({
          storage,
          log,
          shared: true,
          gameOf: async () => holding,
          transport: {
            submitMove: async (matchID: string) => (holds.push(matchID), { ok: true }) as never,
            currentState: async () => state,
            emitToMatch: () => {},
          },
          onOwnDecisionTimeout: async (matchID, _pid, _key, reason) => (takeovers.push(`${matchID} ${reason}`), true),
        }),
    );
    try {
      await Promise.all(services.map((s) => s.start()));
      await waitFor(() => [...once, ...twice].every((id) => holds.includes(id)), 'every seat to hold');
      await waitFor(() => twice.every((id) => takeovers.includes(`${id} missed`)), 'the computer after two');
      // Long enough for a second process's count to have come too.
      await new Promise((r) => setTimeout(r, 300));
      for (const id of [...once, ...twice])
        expect(
          holds.filter((h) => h === id),
          id,
        ).toHaveLength(1);
      expect(takeovers.sort()).toEqual(twice.map((id) => `${id} missed`).sort());
      for (const id of once) expect(await stores[1]!.getSide(id, 'clock', 'state'), id).toMatchObject({ missed: { '0': 1 } });
      for (const id of twice) expect(((await stores[1]!.getSide(id, 'clock', 'state')) as { missed?: object }).missed, id).toBeUndefined();
    } finally {
      for (const s of services) s.stop();
    }
  });
  it('a match without a clock is not read again at every move, until another process makes its clock', async () => {
    const id = `none-${randomBytes(3).toString('hex')}`;
    // The lease's change counts (cluster/lease.ts): one count per match, each process's as read at its last lease.
    let count = 7;
    const seen = [count, count];
    const reads = [0, 0];
    const services = stores.map((storage, i) => {
      const counted = Object.create(storage) as SqlStorage;
      counted.getSide = (...args: Parameters<SqlStorage['getSide']>) => {
        reads[i]!++;
        return storage.getSide(...args);
      };
      return new ClockService({
        storage: counted,
        log,
        shared: true,
        lock: { version: () => seen[i], touched: async () => void count++ },
        gameOf: async () => game,
        transport: { submitMove: async () => ({ ok: true }) as never, currentState: async () => state, emitToMatch: () => {} },
      });
    });
    const move = (s: ClockService, stateID: number) =>
      s.moveStored({
        matchID: id,
        gameName: '',
        playerID: '0',
        by: 'player',
        move: { type: 'm', args: [] },
        state: { ...state, _stateID: stateID },
      });
    try {
      for (let n = 6; n < 9; n++) move(services[0]!, n);
      await waitFor(() => reads[0] === 1, 'the first read');
      await new Promise((r) => setTimeout(r, 100));
      expect(reads[0]).toBe(1);
      // The other process makes the clock (every seat taken): it counts a change first.
      const lobby = {
        seats: [{ key: '0', playerIDs: ['0'] }],
        members: [{ seat: '0' }],
        clock: { mode: 'correspondence', decisionSeconds: 60, atZero: 'pass' },
      };
      services[1]!.rosterChanged(id, lobby);
      await waitFor(async () => (await stores[1]!.getSide(id, 'clock', 'state')) !== undefined, 'the clock made');
      expect(count).toBe(8);
      seen[0] = count; // the first process takes the lease for its next move
      move(services[0]!, 9);
      // Its count moved on: the first process reads the clock again, and follows it from then on.
      await waitFor(() => reads[0] === 2, 'the clock read again');
    } finally {
      for (const s of services) s.stop();
    }
  });

  it("a look at the clock from outside the match's queue keeps no 'no clock here' (it may overlap a save)", async () => {
    const id = `look-${randomBytes(3).toString('hex')}`;
    const service = new ClockService({
      storage: stores[0]!,
      log,
      shared: true,
      lock: { version: () => 3, touched: async () => {} },
      gameOf: async () => game,
      transport: { submitMove: async () => ({ ok: true }) as never, currentState: async () => state, emitToMatch: () => {} },
    });
    try {
      // A look read the store just before this process's save wrote the clock, and ended just after it
      // (no change counted since: the count this process last read stands).
      expect(await service.view(id)).toBeUndefined();
      const clock = newClock({ mode: 'correspondence', decisionSeconds: 60, atZero: 'pass' }, ['0', '1'], true);
      await stores[0]!.putSide(id, 'clock', 'state', advance(clock, [{ key: '0' }], state._stateID, Date.now()));
      // The next look shows the clock (it was hidden until this process's next lease, a full run found).
      expect(await service.view(id)).toBeDefined();
    } finally {
      service.stop();
    }
  });
});
