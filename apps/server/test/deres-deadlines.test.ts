// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Phases with deadlines in Deres uenighet (docs/rules-decisions.md): a nation that misses a phase's
 * deadline holds (empty orders, the module's clockMove); two missed in a row and the computer plays it
 * (its module's missedDeadlinesToComputer), until its player comes back (connects). The server's timers
 * run on a fake clock, so a deadline passes by a jump instead of a wait.
 */
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockMove, waitingFor, type DeresState } from '@kon/deres';
import { deresModule } from '@kon/deres/module';
import type { ClockRecord } from '../src/clocks/clock';
import { api, connected, createMatch, join, serverState, startTestServer, waitFor, type TestServer } from './helpers';

const DERES = 'deres-uenighet';
const HOUR = 3600_000;
let t: TestServer | undefined;
let socket: Socket | undefined;
afterEach(async () => {
  socket?.close();
  vi.useRealTimers();
  await t?.stop();
  t = undefined;
});

describe('Deres uenighet phase deadlines', () => {
  it('are minutes to days: a time per phase outside that is refused with the field and the reason, and nothing made', async () => {
    t = await startTestServer();
    const create = (decisionSeconds: unknown) =>
      api(t!.url, 'POST', '/api/matches', {
        body: { game: DERES, plan: 'two', clock: { mode: 'correspondence', decisionSeconds, atZero: 'pass' } },
      });
    const before = (await t.server.storage.listMatches({})).length;
    for (const [bad, why] of [
      [30, 'at least one minute'],
      [31 * 24 * 3600, 'at most 30 days'],
      [90.5, 'int'],
      ['1h', 'number'],
    ] as const) {
      const r = await create(bad);
      expect(r.status, String(bad)).toBe(400);
      expect(r.json.error.code).toBe('invalid_body');
      expect(JSON.stringify(r.json.error), String(bad)).toContain('decisionSeconds');
      expect(JSON.stringify(r.json.error).toLowerCase(), String(bad)).toContain(why);
    }
    expect((await t.server.storage.listMatches({})).length).toBe(before);
    // A minute and 30 days are both fine.
    for (const ok of [60, 30 * 24 * 3600]) expect((await create(ok)).status).toBe(201);
  });

  it('holds a nation that misses one, gives it to the computer after two in a row, and back when its player connects', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    t = await startTestServer({ BOT_MOVE_DELAY_MS: '0' });
    const server = t;
    const m = await createMatch(t.url, {
      game: DERES,
      plan: 'two',
      clock: { mode: 'correspondence', decisionSeconds: 3600, atZero: 'pass' },
    });
    const creds: Record<string, string> = {};
    for (const s of m.links.seats) creds[s.playerIDs[0]!] = (await join(t.url, m.matchID, s.token, s.seat)).credentials;
    const G = async () => (await serverState(server, m.matchID)).state.G as DeresState;
    const step = async () => deresModule.decisionOf!(await G(), '0');
    const play = (pid: string, type: string, args: unknown[]) =>
      server.server.transport.submitMove(m.matchID, pid, { type, args }, { by: 'player', credentials: creds[pid]! });
    const missed = async () => ((await server.server.storage.getSide(m.matchID, 'clock', 'state')) as ClockRecord).missed?.['1'] ?? 0;
    const computer = async () => (await server.server.lobby.record(m.matchID))?.lobby.bots?.player2;
    const lastOf = async (pid: string) =>
      (await serverState(server, m.matchID)).log.filter((e: any) => e.action?.payload?.playerID === pid).at(-1);

    // Both people take their set-up turns, up to the first orders.
    await waitFor(async () => (await server.server.clocks.view(m.matchID))?.seats, 'the clock to start');
    for (let i = 0; i < 500; i++) {
      const g = await G();
      if (g.setupTurn === null) break;
      const mv = clockMove(g, g.setupTurn)!;
      expect((await play(g.setupTurn, mv.move, mv.args)).ok).toBe(true);
    }
    expect((await G()).phase).toBe('buy');

    const waiting = async () => waitingFor(await G());
    /** Nation 0's orders where it is asked; the step resolves once nation 1's are in too. */
    const orders0 = async () => {
      if ((await waiting()).includes('0')) expect((await play('0', 'submitEmpty', [{}])).ok).toBe(true);
    };
    /** On to the next step in which nation 1 is asked for orders (nation 0 gives its own on the way). */
    const toStepOf1 = async () => {
      while (!(await waiting()).includes('1')) {
        const before = await step();
        await orders0();
        await waitFor(async () => (await step()) !== before, 'a step without nation 1 to resolve');
      }
    };
    /** Nation 1 gives no orders and its deadline passes: it holds (empty orders, made by the server). */
    const missOne = async () => {
      await toStepOf1();
      const before = await step();
      await orders0();
      await vi.advanceTimersByTimeAsync(HOUR + 1000);
      await waitFor(async () => (await step()) !== before, 'the step to resolve');
      expect((await lastOf('1')).action.payload.type).toBe('submitEmpty');
    };

    // One deadline missed: the nation holds, and is still its player's.
    await missOne();
    await waitFor(async () => (await missed()) === 1, 'one missed deadline counted');
    expect(await computer()).toBeUndefined();
    // Its player acts in the next step it is asked: the row of missed deadlines ends.
    await toStepOf1();
    const acted = await step();
    expect((await play('1', 'submitEmpty', [{}])).ok).toBe(true);
    await orders0();
    await waitFor(async () => (await step()) !== acted, 'the step to resolve');
    await waitFor(async () => (await missed()) === 0, 'the row to end');

    // Two in a row: held both times, and the computer takes the nation after the second.
    await missOne();
    expect(await computer()).toBeUndefined();
    // The row is kept in the stored clock: it survives a restart.
    await server.restart();
    await missOne();
    const held = await waitFor(computer, 'the computer to take nation 1');
    expect(held).toMatchObject({ reason: 'timeout', strength: 'easy', untilBack: true });
    expect(await missed()).toBe(0);

    // The computer gives nation 1's orders: a step resolves without its deadline passing.
    const played = await step();
    await orders0();
    await waitFor(async () => (await step()) !== played, 'the computer’s orders to resolve the step', 30_000); // a restarted server's computer players load first
    // Its own player's moves are refused while the computer plays it, except from its socket (below).
    expect(await play('1', 'submitEmpty', [{}])).toMatchObject({ ok: false, code: 'seat_is_computer' });

    // Its player comes back: connecting alone (a sync with the seat's credentials, no move) makes the
    // seat theirs again.
    socket = ioClient(`${t.url}/${DERES}`, { forceNew: true, reconnection: false });
    const received: { event: string; args: unknown[] }[] = [];
    socket.onAny((event: string, ...args: unknown[]) => received.push({ event, args }));
    await connected(socket);
    const cameBack = await step();
    // Not with another seat's credentials: refused, and the computer keeps the seat.
    socket.emit('sync', m.matchID, '1', creds['0'], 2);
    await waitFor(() => received.find((r) => r.event === 'kon:error'), 'the refusal');
    expect(await computer()).toMatchObject({ untilBack: true });
    socket.emit('sync', m.matchID, '1', creds['1'], 2);
    await waitFor(() => received.find((r) => r.event === 'sync'), 'the sync');
    await waitFor(async () => (await computer()) === undefined, 'the seat to be its player’s again');

    // The step the player came back in gets nation 1's orders (the computer's, or the player's own move).
    if ((await waiting()).includes('1')) expect((await play('1', 'submitEmpty', [{}])).ok).toBe(true);
    if ((await step()) === cameBack) {
      await orders0();
      await waitFor(async () => (await step()) !== cameBack, 'the step to resolve');
    }
    // From now on the nation's orders wait for its player: a step with nation 0's alone does not resolve.
    await toStepOf1();
    const mine = await step();
    await orders0();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await step()).toBe(mine);
    expect(await waiting()).toEqual(['1']);
    expect((await play('1', 'submitEmpty', [{}])).ok).toBe(true);
    await waitFor(async () => (await step()) !== mine, 'the player’s orders to resolve the step');
    expect(await computer()).toBeUndefined();
  }, 120_000); // a whole set-up and a dozen steps, with a restart
});
