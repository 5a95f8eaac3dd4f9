/**
 * The automatic pass (src/autopass): a person's seat whose only legal action is a pass is passed by the
 * server at the end of a delay drawn for every window alike; a seat with a choice is never passed; the
 * seat's switch and a computer seat stop it; a clicked pass sooner than the delay waits for its end.
 * Driven with fake timers and a stand-in transport, on real game states from Easy-bot games.
 */
import type { State } from 'boardgame.io';
import {
  actor,
  createInitialState,
  kampenOmNorgeModule,
  legalActions,
  onlyPass,
  perform,
  viewFor,
  PLAYER_OF_FACTION,
  type GameState,
} from '@kon/game';
import { easyBot, seededRng } from '@kon/game/bots';
import { deresModule } from '@kon/deres/module';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutoPass, CLICK_GRACE_MS, type AutoPassOptions } from '../src/autopass/service';
import { drawPassDelay, MAX_FACTOR, MIN_FACTOR } from '../src/autopass/delay';
import { createLogger } from '../src/core/log';
import type { MoveCommitted, MoveListener } from '../src/transport';

/** States of an Easy game where `faction` must act: the first forced pass, and the first window it could pass holding a playable card. */
function windows(ruleset: 'basic' | 'advanced', faction: 'germany' | 'norway' | 'allies') {
  const dice = seededRng(7);
  const rng = seededRng(99);
  const G = createInitialState({ ruleset }, dice);
  let forced: GameState | undefined;
  let choice: GameState | undefined;
  for (let n = 0; n < 5000 && !(forced && choice); n++) {
    const a = actor(G)!;
    const only = onlyPass(G, a.faction);
    if (a.faction === faction) {
      if (only) forced ??= structuredClone(G);
      else {
        // A window the seat could pass, holding a card it could play instead.
        const legal = legalActions(G, a.faction);
        if (legal.some((x) => x.type === 'pass') && legal.some((x) => x.type === 'playCard')) choice ??= structuredClone(G);
      }
    }
    const view = viewFor(G, a.faction);
    perform(G, a.faction, only ?? easyBot({ view, legal: legalActions(view as unknown as GameState, a.faction), rng }), dice);
  }
  if (!forced || !choice) throw new Error('no windows found');
  return { forced, choice };
}

const asState = (G: GameState, stateID: number) => ({ G, ctx: {}, _stateID: stateID }) as unknown as State;
const SEATS = [
  { key: 'germany', playerIDs: ['0'] },
  { key: 'norway', playerIDs: ['1'] },
  { key: 'allies', playerIDs: ['2'] },
];

function harness(over: Partial<AutoPassOptions> = {}, opts: { off?: string[]; computer?: string[]; delay?: number } = {}) {
  const listeners: MoveListener[] = [];
  const submitted: { playerID: string; move: { type: string; args: unknown[] }; stateID: number | undefined; by: string }[] = [];
  let current: State | undefined;
  const draws: number[][] = [];
  const transport = {
    // What the server's service list does (match-services.ts): a clicked move waits on the service's hold.
    passHold: (matchID: string, playerID: string, stateID: number, move: { type: string; args: unknown[] }) =>
      service.holdPlayerMove(matchID, playerID, stateID, move),
    currentState: async () => current,
    submitMove: async (_m: string, playerID: string, move: { type: string; args: unknown[] }, o: { by: string; stateID?: number }) => {
      submitted.push({ playerID, move, stateID: o.stateID, by: o.by });
      return { ok: true as const, stateID: (o.stateID ?? 0) + 1 };
    },
  };
  const service = new AutoPass({
    transport: transport as never,
    lobby: { record: async () => ({ lobby: { seats: SEATS }, metadata: {} }) } as never,
    games: { of: async () => kampenOmNorgeModule, named: () => kampenOmNorgeModule },
    storage: {
      listMatches: async () => [],
      getSide: async (_m: string, _k: string, seat: string) => (opts.off?.includes(seat) ? { on: false } : undefined),
    } as never,
    log: createLogger('silent', {}),
    medianMs: 1000,
    isComputer: async (_m, pid) => !!opts.computer?.includes(pid),
    draw: (...args: number[]) => {
      draws.push(args);
      return opts.delay ?? 1000;
    },
    ...over,
  });
  service.start();
  listeners.push((e) => service.moveStored(e));
  const commit = (G: GameState, stateID: number) => {
    current = asState(G, stateID);
    const e = {
      matchID: 'm',
      gameName: 'kampen-om-norge',
      playerID: '0',
      by: 'player',
      move: { type: 'x', args: [] },
      state: current,
    } as MoveCommitted;
    for (const l of listeners) l(e);
  };
  return { service, transport, submitted, draws, commit };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const basic = windows('basic', 'germany');

describe('automatic pass', () => {
  it('passes for a seat whose only legal action is a pass, at the end of its drawn delay, against that state', async () => {
    const h = harness();
    const who = actor(basic.forced)!;
    h.commit(basic.forced, 41);
    await vi.advanceTimersByTimeAsync(999);
    expect(h.submitted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const pass = onlyPass(basic.forced, who.faction)!;
    expect(h.submitted).toEqual([
      { playerID: PLAYER_OF_FACTION[who.faction], move: { type: pass.type, args: [pass.args] }, stateID: 41, by: 'server' },
    ]);
    h.service.stop();
  });

  it('never passes for a seat with a choice', async () => {
    const h = harness();
    h.commit(basic.choice, 7);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.submitted).toEqual([]);
    h.service.stop();
  });

  it('draws the delay the same way with and without a playable card: one draw per window, with the median alone', async () => {
    const h = harness();
    h.commit(basic.forced, 1);
    h.commit(basic.choice, 2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.draws).toEqual([[1000], [1000]]);
    h.service.stop();
  });

  it("leaves a seat alone that turned passing off, and a computer's seat", async () => {
    const seat = actor(basic.forced)!.faction;
    for (const opts of [{ off: [seat] }, { computer: [PLAYER_OF_FACTION[seat]] }]) {
      const h = harness({}, opts);
      h.commit(basic.forced, 3);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(h.submitted).toEqual([]);
      h.service.stop();
    }
  });

  it('passes when the switch is turned back on, keeping the delay drawn when the window opened', async () => {
    const seat = actor(basic.forced)!.faction;
    const off = [seat as string];
    const h = harness({}, { off });
    h.commit(basic.forced, 3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.submitted).toEqual([]);
    off.length = 0;
    await h.service.refresh('m');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.submitted.map((s) => s.stateID)).toEqual([3]);
    expect(h.draws).toHaveLength(1);
    h.service.stop();
  });

  it('holds a pass clicked sooner than the delay until its end; a later one goes at once', async () => {
    const h = harness();
    h.commit(basic.choice, 9);
    const pid = PLAYER_OF_FACTION[actor(basic.choice)!.faction];
    await vi.advanceTimersByTimeAsync(200);
    let released = false;
    const held = h.transport.passHold('m', pid, 9, { type: 'pass', args: [{}] }).then(() => (released = true));
    await vi.advanceTimersByTimeAsync(799);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await held;
    expect(released).toBe(true);
    // The window's delay is over: a second pass (or one clicked late) is not held.
    let late = false;
    void h.transport.passHold('m', pid, 9, { type: 'endPhase', args: [{}] }).then(() => (late = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(late).toBe(true);
    h.service.stop();
  });

  it("gives way to the seat's own held click of a forced window, and passes after all should the click fail", async () => {
    const h = harness();
    h.commit(basic.forced, 5);
    const pid = PLAYER_OF_FACTION[actor(basic.forced)!.faction];
    await vi.advanceTimersByTimeAsync(100);
    const held = h.transport.passHold('m', pid, 5, { type: 'pass', args: [{}] });
    await vi.advanceTimersByTimeAsync(900);
    await held;
    // The click goes now; the automatic pass waits its grace (here the stand-in stored nothing).
    expect(h.submitted).toEqual([]);
    await vi.advanceTimersByTimeAsync(CLICK_GRACE_MS);
    expect(h.submitted.map((x) => x.stateID)).toEqual([5]);
    h.service.stop();
  });

  it('never looks at a match of a game without automatic passing (its module has no autoPass)', async () => {
    const h = harness({ games: { of: async () => deresModule, named: () => deresModule } });
    h.commit(basic.forced, 4);
    await h.service.refresh('m');
    const pid = PLAYER_OF_FACTION[actor(basic.forced)!.faction];
    let released = false;
    void h.transport.passHold('m', pid, 4, { type: 'pass', args: [{}] }).then(() => (released = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(released).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.submitted).toEqual([]);
    expect(h.draws).toEqual([]);
    h.service.stop();
  });

  it('does not hold a move that is not a pass, nor a pass for a state that is not the current one', async () => {
    const h = harness();
    h.commit(basic.choice, 9);
    const pid = PLAYER_OF_FACTION[actor(basic.choice)!.faction];
    const done: string[] = [];
    void h.transport.passHold('m', pid, 9, { type: 'move', args: [{ from: 'oslo', to: 'hamar', count: 1 }] }).then(() => done.push('move'));
    void h.transport.passHold('m', pid, 8, { type: 'pass', args: [{}] }).then(() => done.push('old pass'));
    await vi.advanceTimersByTimeAsync(0);
    expect(done.sort()).toEqual(['move', 'old pass']);
    h.service.stop();
  });
});

describe('the delay distribution', () => {
  it('stays within its bounds around the median, and 0 means no wait', () => {
    vi.useRealTimers();
    const xs = Array.from({ length: 4000 }, () => drawPassDelay(1000));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(MIN_FACTOR * 1000);
    expect(Math.max(...xs)).toBeLessThanOrEqual(MAX_FACTOR * 1000);
    const sorted = [...xs].sort((a, b) => a - b);
    // The sample median of 4000 draws lies within a few per cent of the true one.
    expect(sorted[2000]!).toBeGreaterThan(930);
    expect(sorted[2000]!).toBeLessThan(1070);
    expect(drawPassDelay(0)).toBe(0);
  });
});
