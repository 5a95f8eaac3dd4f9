// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Clocks are the server's: they run from stored deadlines, survive a restart (a deadline that passed
 * while the server was down fires at once, one still ahead is re-armed, not fired), and at zero make
 * the move the match was created to make. Time is moved on through the server's `now` instead of
 * waiting (a restart re-arms the timers against it).
 */
import { legalMoves } from '@kon/game';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnDecisionTimeout } from '../src/clocks/service';
import { api, createMatch, join, serverState, startTestServer, waitFor, type TestServer } from './helpers';

let offset = 0;
const now = () => Date.now() + offset;
/** The server's timers on a fake clock that also runs on its own, so a wait for "nothing fires" is a jump, not a sleep. */
const fakeClock = () => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
let t: TestServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.stop();
  t = undefined;
  offset = 0;
});

async function seated(clock: unknown) {
  const m = await createMatch(t!.url, { plan: 'three', setupData: { ruleset: 'basic' }, clock });
  const creds: Record<string, string> = {};
  for (const s of m.links.seats) creds[s.playerIDs[0]!] = (await join(t!.url, m.matchID, s.token, s.seat)).credentials;
  // After a restart the first request may meet a pooled connection the old server closed: ask again.
  const get = () => api(t!.url, 'GET', `/api/matches/${m.matchID}/clock`, { token: creds['0'] });
  const clockOf = async () => (await get().catch(get)).json.clock;
  await waitFor(async () => (await clockOf())?.running === 'germany', 'the clock to start');
  return { matchID: m.matchID, creds, clockOf };
}

/** A player's move through the one entry every move takes, as their socket would send it. */
async function play(
  matchID: string,
  playerID: string,
  creds: Record<string, string>,
  pick: (m: { move: string; args: unknown[] }) => boolean,
) {
  const { state } = await serverState(t!, matchID);
  const move = legalMoves(state.G, state.ctx, playerID).find(pick);
  if (!move) throw new Error('no such legal move');
  const out = await t!.server.transport.submitMove(
    matchID,
    playerID,
    { type: move.move, args: move.args },
    { by: 'player', credentials: creds[playerID]! },
  );
  expect(out.ok).toBe(true);
}

describe('clocks', () => {
  it('starts when the last person joins a match whose other seats the computer plays', async () => {
    t = await startTestServer({ BOT_MOVE_DELAY_MS: '0' }, { now });
    const m = await createMatch(t.url, {
      plan: 'three',
      setupData: { ruleset: 'basic' },
      bots: { norway: 'easy', allies: 'easy' },
      clock: { mode: 'correspondence', decisionSeconds: 3600, atZero: 'lose' },
    });
    expect(m.links.seats.map((s) => s.seat)).toEqual(['germany']);
    const { credentials } = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Greta');
    const clock = await waitFor(
      async () => (await api(t!.url, 'GET', `/api/matches/${m.matchID}/clock`, { token: credentials })).json.clock,
      'the clock to start',
    );
    expect(clock).toMatchObject({ mode: 'correspondence', running: 'germany' });
  });

  it('refuses bad clock settings at creation', async () => {
    t = await startTestServer({}, { now });
    for (const clock of [
      { mode: 'correspondence', decisionSeconds: 59, atZero: 'lose' },
      { mode: 'live', baseSeconds: 600, atZero: 'lose' },
      { mode: 'live', baseSeconds: 600, incrementSeconds: 5, atZero: 'never' },
      { mode: 'sundial' },
    ]) {
      const r = await api(t.url, 'POST', '/api/matches', { body: { plan: 'three', clock } });
      expect(r.status, JSON.stringify(clock)).toBe(400);
    }
    const ok = await api(t.url, 'POST', '/api/matches', { body: { plan: 'three' } });
    expect(ok.json.clock).toEqual({ mode: 'none' });
  });

  it('a correspondence deadline survives restarts: re-armed while ahead, fired at once when it passed while down', async () => {
    fakeClock();
    t = await startTestServer({}, { now });
    const { matchID, clockOf } = await seated({ mode: 'correspondence', decisionSeconds: 3600, atZero: 'lose' });
    const first = await clockOf();
    expect(first.mode).toBe('correspondence');
    expect(first.remainingMs.germany).toBeGreaterThan(3_590_000);
    // Half the time passes while the server is down: the same deadline stands, nothing fires.
    offset = 1800_000;
    await t.restart();
    const after = await clockOf();
    expect(after.deadline).toBe(first.deadline);
    expect(after.remainingMs.germany).toBeLessThanOrEqual(1_800_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await serverState(t, matchID)).state.ctx.gameover).toBeUndefined();
    // The deadline passes while the server is down: at start, Germany loses on time.
    offset = 3601_000;
    await t.restart();
    const over = await waitFor(async () => (await serverState(t!, matchID)).state.ctx.gameover, 'the loss on time');
    expect(over).toMatchObject({ winner: 'norway-allies', reason: 'time', timedOut: 'germany' });
    const c = await clockOf();
    expect(c.running).toBeNull();
    expect(c.flagged).toEqual(['germany']);
  });

  it('a live clock adds the increment after a decision, and at zero passes a reaction window', async () => {
    t = await startTestServer({}, { now });
    const { matchID, creds, clockOf } = await seated({ mode: 'live', baseSeconds: 60, incrementSeconds: 10, atZero: 'pass' });
    // Germany attacks an area Norway holds and ends its movement: Norway may sabotage (a reaction window).
    const { state } = await serverState(t, matchID);
    await play(matchID, '0', creds, (m) => m.move === 'move' && isAttackOnNorway(state.G, m.args[0]));
    await play(matchID, '0', creds, (m) => m.move === 'endPhase');
    const c = await waitFor(async () => ((await clockOf()).running === 'norway' ? clockOf() : null), 'Norway to decide');
    expect(c.remainingMs.germany).toBeGreaterThan(60_000); // 60 s less what Germany used, plus 10 s
    expect(c.remainingMs.germany).toBeLessThanOrEqual(70_000);
    // Norway's minute runs out while the server is down: at start it passes.
    offset = 61_000;
    await t.restart();
    await waitFor(async () => (await clockOf()).running !== 'norway', 'Norway to pass');
    const after = await serverState(t, matchID);
    expect(after.state.ctx.gameover).toBeUndefined();
    expect(after.log.at(-1)?.action?.payload).toMatchObject({ type: 'pass', playerID: '1' });
    expect((await clockOf()).flagged).toEqual(['norway']);
  });

  it("at zero in a seat's own decision hands it to a computer player when one can take it, else the side loses on time", async () => {
    const calls: unknown[][] = [];
    const bot: OwnDecisionTimeout = async (...a) => (calls.push(a), true);
    fakeClock();
    t = await startTestServer({}, { now, onOwnDecisionTimeout: bot });
    const { matchID } = await seated({ mode: 'correspondence', decisionSeconds: 60, atZero: 'pass' });
    offset = 61_000;
    await t.restart();
    await waitFor(() => calls.length > 0, 'the computer player to be asked');
    expect(calls[0]).toEqual([matchID, '0', 'germany', 'time']);
    expect((await serverState(t, matchID)).state.ctx.gameover).toBeUndefined();
    // The computer's moves in the same decision do not wake the clock again; the next decision has its own deadline.
    const { state } = await serverState(t, matchID);
    const move = legalMoves(state.G, state.ctx, '0').find((m) => m.move === 'move')!;
    expect((await t.server.transport.submitMove(matchID, '0', { type: move.move, args: move.args }, { by: 'server' })).ok).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(1);
    await t.stop();

    // As the server is wired: an Easy computer player takes the seat for the out-of-time side.
    offset = 0;
    t = await startTestServer({}, { now });
    const wired = await seated({ mode: 'correspondence', decisionSeconds: 60, atZero: 'pass' });
    offset = 61_000;
    await t.restart();
    const held = await waitFor(
      async () => (await t!.server.lobby.record(wired.matchID))?.lobby.bots?.germany,
      'the computer to take the seat',
    );
    expect(held).toMatchObject({ strength: 'easy', reason: 'timeout' });
    expect((await serverState(t, wired.matchID)).state.ctx.gameover).toBeUndefined();
    await t.stop();

    // No computer player can take it: the side loses on time, and the log says why.
    offset = 0;
    t = await startTestServer({}, { now, onOwnDecisionTimeout: async () => false });
    const second = await seated({ mode: 'correspondence', decisionSeconds: 60, atZero: 'pass' });
    offset = 61_000;
    await t.restart();
    const over = await waitFor(async () => (await serverState(t!, second.matchID)).state.ctx.gameover, 'the loss on time');
    expect(over).toMatchObject({ reason: 'time', timedOut: 'germany' });
    expect(t.logs.some((l) => l.includes('no computer player to take over'))).toBe(true);
  });

  it('runs out while the server is up (a short wait, real timers)', async () => {
    t = await startTestServer({}, { now });
    const { matchID } = await seated({ mode: 'correspondence', decisionSeconds: 60, atZero: 'lose' });
    // 59.2 s of the minute are gone: the timer armed at the restart fires within a second.
    offset = 59_200;
    await t.restart();
    expect((await serverState(t, matchID)).state.ctx.gameover).toBeUndefined();
    const over = await waitFor(async () => (await serverState(t!, matchID)).state.ctx.gameover, 'the loss on time', 5000);
    expect(over).toMatchObject({ reason: 'time', timedOut: 'germany' });
  });

  it('a client can never send the loss on time', async () => {
    t = await startTestServer({}, { now });
    const { matchID, creds } = await seated({ mode: 'correspondence', decisionSeconds: 3600, atZero: 'lose' });
    const out = await t.server.transport.submitMove(
      matchID,
      '1',
      { type: 'loseOnTime', args: [{}] },
      { by: 'player', credentials: creds['1']! },
    );
    expect(out).toMatchObject({ ok: false, code: 'server_only' });
    const own = await t.server.transport.submitMove(
      matchID,
      '0',
      { type: 'loseOnTime', args: [{}] },
      { by: 'player', credentials: creds['0']! },
    );
    expect(own).toMatchObject({ ok: false, code: 'server_only' });
    expect((await serverState(t, matchID)).state.ctx.gameover).toBeUndefined();
  });
});

function isAttackOnNorway(G: any, args: any): boolean {
  return typeof args?.to === 'string' && (G.units[args.to]?.norway ?? 0) > 0;
}
