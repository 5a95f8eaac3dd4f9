// @vitest-environment jsdom
/**
 * The live link of a game module's match (useModuleMatch) with boardgame.io's real client on a fake
 * socket: a Deres order overtaken by another seat's orders (refused as stale) is sent again against the
 * new state without the person doing anything, once, and only while the seat's step is still open; a
 * game that declares no independent moves (Kampen om Norge) never sends a stale move again; a refusal's
 * message stays until the state moves on (the seat's next move accepted, or anyone's).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { stages, viewFor, type DeresState } from '@kon/deres';
import { deresModule } from '@kon/deres/module';
import { kampenOmNorgeModule } from '@kon/game';
import type { GameModule } from '@kon/platform';
import { useModuleMatch } from '../src/games/useModuleMatch';
import { buy, order, passUntil, table, THREE_NATIONS } from '../../../packages/deres/test/helpers';

vi.mock('../src/api', () => ({ api: { clock: () => Promise.resolve({ clock: null }) } }));

/** What the server side of the socket sees and says. */
class FakeSocket {
  handlers = new Map<string, ((...a: unknown[]) => void)[]>();
  connected = true;
  on(name: string, fn: (...a: unknown[]) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), fn]);
  }
  push(name: string, payload: unknown) {
    for (const fn of this.handlers.get(name) ?? []) fn(payload);
  }
}

let transport: FakeTransport;
class FakeTransport {
  socket = new FakeSocket();
  isConnected = true;
  /** The moves sent to the server: name, arguments and the state they were made against. */
  sent: { name: string; args: unknown[]; stateID: number }[] = [];
  constructor(private readonly opts: { transportDataCallback: (d: unknown) => void; matchID: string }) {
    transport = this;
  }
  connect() {}
  disconnect() {}
  requestSync() {}
  sendChatMessage() {}
  updateMatchID() {}
  updatePlayerID() {}
  updateCredentials() {}
  subscribeToConnectionStatus() {}
  sendAction(state: { _stateID: number }, action: { type: string; payload: { type: string; args: unknown[] } }) {
    if (action.type === 'MAKE_MOVE') this.sent.push({ name: action.payload.type, args: action.payload.args, stateID: state._stateID });
  }
  /** The server's update: the seat's view of G at stateID. */
  update(G: DeresState, stateID: number) {
    const ctx = {
      numPlayers: 3,
      turn: 1,
      currentPlayer: '0',
      playOrder: ['0', '1', '2'],
      playOrderPos: 0,
      phase: null,
      numMoves: 0,
      activePlayers: stages(G),
    };
    const state = { G: viewFor(G, '0'), ctx, plugins: {}, _undo: [], _redo: [], _stateID: stateID };
    // The first state arrives as the socket's sync, the others as updates.
    if (stateID === 1)
      this.opts.transportDataCallback({
        type: 'sync',
        args: [this.opts.matchID, { state, log: [], initialState: state, filteredMetadata: [] }],
      });
    else this.opts.transportDataCallback({ type: 'update', args: [this.opts.matchID, state, []] });
  }
}
vi.mock('boardgame.io/multiplayer', () => ({ SocketIO: () => (opts: any) => new FakeTransport(opts) }));

afterEach(cleanup);

/** Round 1's buy step, three seats, nobody has submitted. */
const start = (): DeresState =>
  table({
    ...THREE_NATIONS,
    supplies: 4,
  });
const MINE = buy({ upgrades: 1 });

function open(module: GameModule) {
  const hook = renderHook(() => useModuleMatch(module, 'm1', '0', 'creds', 3));
  const G = start();
  act(() => transport.update(G, 1));
  return { hook, G };
}
const step = (G: DeresState, f: (G: DeresState) => void): DeresState => {
  const next = structuredClone(G);
  f(next);
  return next;
};

describe('a Deres order overtaken by another seat', () => {
  let hook: ReturnType<typeof open>['hook'];
  let G: DeresState;
  beforeEach(() => {
    ({ hook, G } = open(deresModule));
    act(() => hook.result.current.move('submitOrders', MINE));
    expect(transport.sent).toEqual([{ name: 'submitOrders', args: [MINE], stateID: 1 }]);
  });

  it('is sent again against the new state, and no refusal is shown', () => {
    // A computer seat's orders land first; the person's are refused as made against state 1.
    act(() =>
      transport.update(
        step(G, (g) => order(g, '1', null)),
        2,
      ),
    );
    act(() => transport.socket.push('kon:error', { code: 'stale_state' }));
    expect(transport.sent).toEqual([
      { name: 'submitOrders', args: [MINE], stateID: 1 },
      { name: 'submitOrders', args: [MINE], stateID: 2 },
    ]);
    expect(hook.result.current.lastError).toBeNull();
  });

  it('waits for the new state when the refusal comes first', () => {
    act(() => transport.socket.push('kon:error', { code: 'stale_state' }));
    expect(transport.sent).toHaveLength(1);
    act(() =>
      transport.update(
        step(G, (g) => order(g, '2', null)),
        2,
      ),
    );
    expect(transport.sent.at(-1)).toEqual({ name: 'submitOrders', args: [MINE], stateID: 2 });
    expect(hook.result.current.lastError).toBeNull();
  });

  it('is sent again once only: a second stale refusal is shown', () => {
    const g2 = step(G, (g) => order(g, '1', null));
    act(() => transport.update(g2, 2));
    act(() => transport.socket.push('kon:error', { code: 'stale_state' }));
    act(() =>
      transport.update(
        step(g2, (g) => order(g, '2', null)),
        3,
      ),
    );
    act(() => transport.socket.push('kon:error', { code: 'stale_state' }));
    expect(transport.sent).toHaveLength(2);
    expect(hook.result.current.lastError).toBe('stale_state');
  });

  it('is not sent again once the step it was made for is over', () => {
    // The state moved on to the move phase (the buy step was resolved without these orders).
    act(() =>
      transport.update(
        step(G, (g) => passUntil(g, 'move')),
        2,
      ),
    );
    act(() => transport.socket.push('kon:error', { code: 'stale_state' }));
    expect(transport.sent).toHaveLength(1);
    expect(hook.result.current.lastError).toBe('stale_state');
  });
});

describe('a game without independent moves (Kampen om Norge)', () => {
  it('declares none, and a stale move of it is not sent again', () => {
    expect(kampenOmNorgeModule.independentMoves).toBeUndefined();
    expect(deresModule.independentMoves).toEqual(['submitOrders', 'submitEmpty']);
    const { independentMoves: _, ...plain } = deresModule;
    const { hook, G } = open(plain as GameModule);
    act(() => hook.result.current.move('submitOrders', MINE));
    act(() =>
      transport.update(
        step(G, (g) => order(g, '1', null)),
        2,
      ),
    );
    act(() => transport.socket.push('kon:error', { code: 'stale_state' }));
    expect(transport.sent).toHaveLength(1);
    expect(hook.result.current.lastError).toBe('stale_state');
  });
});

describe("a refusal's message", () => {
  it('stays until the seat’s next move is accepted', () => {
    const { hook, G } = open(deresModule);
    act(() => hook.result.current.move('submitOrders', buy({ upgrades: 9 })));
    act(() => transport.socket.push('kon:error', { code: 'illegal_move', rule: 'too-many-upgrades' }));
    expect(hook.result.current.lastError).toBe('illegal_move');
    // Presence and chat pushes leave it; so does sending the corrected move before it is accepted.
    act(() => transport.socket.push('kon:lobby', { seats: [] }));
    act(() => hook.result.current.move('submitOrders', MINE));
    expect(hook.result.current.lastError).toBe('illegal_move');
    act(() =>
      transport.update(
        step(G, (g) => order(g, '0', MINE)),
        2,
      ),
    );
    expect(hook.result.current.lastError).toBeNull();
    expect(hook.result.current.lastRule).toBeNull();
  });

  it('goes when another seat’s move moves the state on', () => {
    const { hook, G } = open(deresModule);
    act(() => hook.result.current.move('submitOrders', buy({ upgrades: 9 })));
    act(() => transport.socket.push('kon:error', { code: 'illegal_move' }));
    act(() =>
      transport.update(
        step(G, (g) => order(g, '2', null)),
        2,
      ),
    );
    expect(hook.result.current.lastError).toBeNull();
  });

  it("keeps a limit's wait, and forgets it with the refusal", () => {
    const { hook, G } = open(deresModule);
    act(() => hook.result.current.move('submitOrders', MINE));
    act(() => transport.socket.push('kon:error', { code: 'rate_limited', retryAfter: 240 }));
    expect(hook.result.current.lastError).toBe('rate_limited');
    expect(hook.result.current.lastWait).toBe(240);
    act(() =>
      transport.update(
        step(G, (g) => order(g, '0', MINE)),
        2,
      ),
    );
    expect(hook.result.current.lastWait).toBeUndefined();
  });
});
