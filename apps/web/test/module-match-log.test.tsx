// @vitest-environment jsdom
/**
 * A game module's states carry only their move's log entries (G.log from G.logBase): the live link
 * (useModuleMatch) hands the board the whole log in G.log, the entries before the first state it got
 * fetched once from the log API, each later batch added as it comes, a move that logs nothing leaving
 * the log as it was.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { stages, viewFor, type DeresState } from '@kon/deres';
import { deresModule } from '@kon/deres/module';
import { useModuleMatch } from '../src/games/useModuleMatch';
import { table, THREE_NATIONS } from '../../../packages/deres/test/helpers';

/** The whole log as the server stores it. */
const HISTORY = Array.from({ length: 6 }, (_, i) => ({ t: 'supplyPlaced', seat: String(i % 3), at: [i, i] }));
const asked: number[] = [];
vi.mock('../src/api', () => ({
  api: {
    clock: () => Promise.resolve({ clock: null }),
    log: (_m: string, _t: string, from: number) => {
      asked.push(from);
      return Promise.resolve({ from, entries: HISTORY.slice(from) });
    },
  },
}));

let transport: FakeTransport;
class FakeTransport {
  socket = { on() {}, connected: true };
  isConnected = true;
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
  sendAction() {}
  /** The server's state at stateID: G carrying the log batch from `base` on. */
  state(G: DeresState, stateID: number, base: number, batch: unknown[]) {
    const g = { ...G, log: batch, logBase: base } as DeresState;
    const ctx = {
      numPlayers: 3,
      turn: 1,
      currentPlayer: '0',
      playOrder: ['0', '1', '2'],
      playOrderPos: 0,
      phase: null,
      numMoves: 0,
      activePlayers: stages(g),
    };
    const state = { G: viewFor(g, '0'), ctx, plugins: {}, _undo: [], _redo: [], _stateID: stateID };
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

describe('the log of a module match joined late', () => {
  it('is the whole log: the history before the first state fetched once, each later batch added', async () => {
    const hook = renderHook(() => useModuleMatch(deresModule, 'm1', '0', 'creds', 3));
    const logOf = () => (hook.result.current.G as { log?: unknown } | null)?.log;
    const G = table({ ...THREE_NATIONS, supplies: 4 });
    act(() => transport.state(G, 1, 3, HISTORY.slice(3, 4)));
    await waitFor(() => expect(logOf()).toEqual(HISTORY.slice(0, 4)));
    expect(asked).toEqual([0]);

    act(() => transport.state(G, 2, 4, HISTORY.slice(4, 6)));
    expect(logOf()).toEqual(HISTORY);
    // A move that logs nothing: an empty batch where the log ends.
    act(() => transport.state(G, 3, 6, []));
    expect(logOf()).toEqual(HISTORY);
    expect(asked).toEqual([0]);
  });
});
