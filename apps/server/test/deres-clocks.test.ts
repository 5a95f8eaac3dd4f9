/**
 * Clocks for Deres uenighet, asked of its module: one seat's clock runs in its set-up turn; in a
 * phase of secret orders every seat yet to submit has its own clock running; when one runs out the
 * module's rule takes that seat's orders (empty orders), through the move path. Time is moved on
 * through the server's `now` and a restart, as in clocks.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clockMove, type DeresState } from '@kon/deres';
import { api, createMatch, join, serverState, startTestServer, waitFor, type TestServer } from './helpers';

const DERES = 'deres-uenighet';
let offset = 0;
const now = () => Date.now() + offset;
let t: TestServer | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
  offset = 0;
});

type SeatClocks = Record<string, { running: boolean; remainingMs: number | null; deadline: number | null; flagged: boolean }>;

describe('Deres uenighet clocks', () => {
  it('refuses a loss on time, which the game has not', async () => {
    t = await startTestServer({}, { now });
    const r = await api(t.url, 'POST', '/api/matches', {
      body: { game: DERES, plan: 'two', clock: { mode: 'correspondence', decisionSeconds: 60, atZero: 'lose' } },
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.json.error)).toContain('cannot be lost on time');
  });

  it('runs a clock per seat that must submit, and takes empty orders for the seat whose time ran out', async () => {
    t = await startTestServer({}, { now });
    const m = await createMatch(t.url, {
      game: DERES,
      plan: 'two',
      clock: { mode: 'correspondence', decisionSeconds: 60, atZero: 'pass' },
    });
    const creds: Record<string, string> = {};
    for (const s of m.links.seats) creds[s.playerIDs[0]!] = (await join(t.url, m.matchID, s.token, s.seat)).credentials;
    const get = () => api(t!.url, 'GET', `/api/matches/${m.matchID}/clock`, { token: creds['0'] });
    const clockOf = async () => (await get().catch(get)).json.clock;
    const G = async () => (await serverState(t!, m.matchID)).state.G as DeresState;
    const runningOf = (s: SeatClocks) =>
      Object.entries(s)
        .filter(([, c]) => c.running)
        .map(([k]) => k);

    // Set-up: only the seat whose turn it is has its clock running.
    const first: SeatClocks = await waitFor(async () => (await clockOf())?.seats, 'the clock to start');
    expect(runningOf(first)).toEqual([(await G()).setupTurn]);
    expect((await clockOf()).running).toBeNull();

    // Both people take their set-up turns until the first orders.
    for (let i = 0; i < 500; i++) {
      const g = await G();
      if (g.setupTurn === null) break;
      const mv = clockMove(g, g.setupTurn)!;
      const out = await t.server.transport.submitMove(
        m.matchID,
        g.setupTurn,
        { type: mv.move, args: mv.args },
        { by: 'player', credentials: creds[g.setupTurn]! },
      );
      expect(out.ok, JSON.stringify(out)).toBe(true);
    }
    expect((await G()).phase).toBe('buy');
    const both: SeatClocks = await waitFor(async () => {
      const s: SeatClocks = (await clockOf()).seats;
      return runningOf(s).length === 2 ? s : undefined;
    }, 'both seats’ clocks to run');
    expect(both['0']!.remainingMs).toBeGreaterThan(0);

    // Seat 0 submits: its clock stops, seat 1's runs on with its own deadline.
    const out = await t.server.transport.submitMove(
      m.matchID,
      '0',
      { type: 'submitEmpty', args: [{}] },
      { by: 'player', credentials: creds['0']! },
    );
    expect(out.ok).toBe(true);
    const one: SeatClocks = await waitFor(async () => {
      const s: SeatClocks = (await clockOf()).seats;
      return s['0']!.running ? undefined : s;
    }, 'seat 0’s clock to stop');
    expect(one['1']!.running).toBe(true);
    expect(one['1']!.deadline).toBe(both['1']!.deadline);

    // Seat 1's minute runs out while the server is down: at start its orders are taken (empty).
    offset = 61_000;
    await t.restart();
    await waitFor(async () => ((await G()).phase !== 'buy' ? true : undefined), 'the buy phase to be resolved');
    const { log, state } = await serverState(t, m.matchID);
    const last = log.filter((e: any) => e.action?.payload?.playerID === '1').at(-1);
    expect(last.action.payload.type).toBe('submitEmpty');
    expect(state.ctx.gameover).toBeUndefined();
    const after: SeatClocks = (await clockOf()).seats;
    expect(after['1']!.flagged).toBe(true);
    expect(after['0']!.flagged).toBe(false);
    // The move phase is a new decision for both, also for seat 1, whose (timed-out) orders ended the step.
    expect(runningOf(after)).toEqual(['0', '1']);
    for (const k of ['0', '1']) expect(after[k]!.deadline).toBeGreaterThan(both['1']!.deadline! + 60_000);
  });
});
