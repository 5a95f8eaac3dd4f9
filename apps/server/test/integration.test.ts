import { FACTION_OF_PLAYER, hiddenFrom, legalMoves } from '@kon/game';
import { afterAll, describe, expect, it } from 'vitest';
import {
  api,
  capturing,
  createMatch,
  join,
  serverState,
  startTestServer,
  waitFor,
  type Captured,
  type TestServer,
  gameClient,
  type GameClient,
} from './helpers';

interface Viewer {
  name: string;
  playerID: string | null;
  faction: string | null;
  client: GameClient;
  messages: Captured[];
}

let t: TestServer | undefined;
afterAll(async () => {
  await t?.stop();
});

describe('a German turn over real sockets, with a restart in the middle', () => {
  it('plays legal moves for every seat, survives a restart, and leaks nothing to anyone', async () => {
    t = await startTestServer();
    const server = t;
    const m = await createMatch(server.url, { plan: 'three', setupData: { ruleset: 'basic' } });
    const seats = await Promise.all(
      m.links.seats.map((s, i) => join(server.url, m.matchID, s.token, ['Tyskland', 'Norge', 'De allierte'][i]!)),
    );

    let step = 0;
    const viewers: Viewer[] = [];
    const addViewer = (name: string, playerID: string | null, credentials: string) => {
      const messages: Captured[] = [];
      const client = gameClient(
        m.matchID,
        playerID,
        credentials,
        capturing(server.url, messages, () => step),
      );
      viewers.push({ name, playerID, faction: playerID === null ? null : FACTION_OF_PLAYER[playerID]!, client, messages });
    };
    seats.forEach((s, i) => addViewer(s.seat, String(i), s.credentials));
    addViewer('spectator', null, m.links.spectator);

    // Authoritative states per step, to know what each viewer must not see at that moment.
    const history: { G: any; stateID: number }[] = [];
    const snapshot = async () => {
      const { state } = await serverState(server, m.matchID);
      history[step] = { G: state.G, stateID: state._stateID };
      return state;
    };
    const allSynced = async (stateID: number) =>
      waitFor(() => viewers.every((v) => v.client.getState()?._stateID === stateID), `all clients at state ${stateID}`, 15_000);

    let state = await snapshot();
    const initialG = (await serverState(server, m.matchID)).initialState.G;
    const seed = (await serverState(server, m.matchID)).initialState.plugins.random.data.seed as string;
    await allSynced(state._stateID);
    // Connection status reached the lobby.
    const lobbyView = await api(server.url, 'GET', `/api/matches/${m.matchID}`, { token: m.links.spectator });
    expect(lobbyView.json.seats.every((s: any) => s.connected)).toBe(true);
    expect(lobbyView.json.spectatorsConnected).toBe(1);

    // Spectators and other seats see hand sizes, not hands.
    for (const v of viewers) {
      const G = v.client.getState()!.G as any;
      const visible = JSON.stringify(G);
      for (const id of hiddenFrom(state.G, v.faction as any)) expect(visible).not.toContain(`"${id}"`);
    }

    const startRound = state.G.round;
    let sawNorwegianReaction = false;
    let restarted = false;
    let germanMoves = 0;
    const policy = (pid: string, G: any, options: { move: string; args: unknown[] }[]) => {
      const by = (name: string) => options.filter((o) => o.move === name);
      if (pid === '0' && G.phase === 'movement') {
        // Attack a Norwegian-held area once (opens Norway's reaction window), then end the phase.
        const attack = by('move').find((o: any) => (G.units[o.args[0].to]?.norway ?? 0) > 0);
        if (germanMoves === 0 && attack) return attack;
        return by('endPhase')[0] ?? options[0]!;
      }
      if (pid === '1') {
        // Norway reacts: play a card when one is offered, else pass.
        return by('playCard')[0] ?? by('pass')[0] ?? options[0]!;
      }
      return by('pass')[0] ?? by('endPhase')[0] ?? by('answerLosses').find((o: any) => o.args[0].accept) ?? options[0]!;
    };

    for (let i = 0; i < 120; i++) {
      if (state.G.turn !== 'germany' || state.G.result || state.G.round !== startRound) break;
      const active = Object.keys(state.ctx.activePlayers ?? { [state.ctx.currentPlayer]: true });
      const pid = active[0]!;
      const options = legalMoves(state.G, state.ctx, pid);
      expect(options.length, `no legal move for ${pid} in ${JSON.stringify(state.ctx.activePlayers)}`).toBeGreaterThan(0);
      const choice = policy(pid, state.G, options);
      if (process.env.KON_TRACE) console.log('step', step + 1, pid, state.ctx.activePlayers, choice.move, JSON.stringify(choice.args));
      if (pid === '1') sawNorwegianReaction = true;
      if (pid === '0') germanMoves++;
      step++;
      const viewer = viewers.find((v) => v.playerID === pid)!;
      const before = state._stateID;
      (viewer.client.moves as any)[choice.move](...choice.args);
      await waitFor(async () => (await serverState(server, m.matchID)).state._stateID > before, `move ${choice.move} applied`, 15_000);
      state = await snapshot();
      await allSynced(state._stateID);

      if (!restarted && sawNorwegianReaction) {
        // Restart in the middle of the turn: same data folder, same port; the clients reconnect by themselves.
        restarted = true;
        step++;
        const reconnects = viewers.map((v) => v.messages.filter((x) => x.event === 'sync').length);
        await server.restart();
        await waitFor(
          () => viewers.every((v, k) => v.messages.filter((x) => x.event === 'sync').length > reconnects[k]!),
          'every client re-synced after the restart',
          20_000,
        );
        state = await snapshot();
        expect(state._stateID).toBe(history[step - 1]!.stateID);
        await allSynced(state._stateID);
      }
    }
    expect(sawNorwegianReaction).toBe(true);
    expect(restarted).toBe(true);
    expect(germanMoves).toBeGreaterThan(1);
    // The German turn is over: control passed on.
    expect(state.G.turn === 'germany' && state.G.round === startRound && !state.G.result).toBe(false);

    // Every message every seat and the spectator received: no card the viewer could not see at that
    // moment (hidden before and after the step), and never the seed or PRNG state.
    let checked = 0;
    for (const v of viewers) {
      expect(v.messages.some((x) => x.event === 'sync')).toBe(true);
      // After the sync, each move reaches a socket as a small patch against the view it holds.
      expect(v.messages.filter((x) => x.event === 'patch').length).toBeGreaterThan(3);
      for (const msg of v.messages) {
        const text = JSON.stringify(msg.args);
        expect(text).not.toContain(seed);
        expect(text).not.toContain('prngstate');
        expect(text).not.toMatch(/"seed"/);
        expect(text).not.toContain('credentials');
        const prev = history[Math.max(0, msg.step - 1)] ?? history[0]!;
        const cur = history[msg.step] ?? prev;
        const hiddenNow = new Set(hiddenFrom(cur.G, v.faction as any));
        const hidden = hiddenFrom(prev.G, v.faction as any).filter((id) => hiddenNow.has(id));
        const leaked = hidden.filter((id) => text.includes(`"${id}"`));
        expect(leaked, `${v.name} got ${leaked.join(', ')} in ${msg.event} at step ${msg.step}`).toEqual([]);
        if (msg.event === 'sync') {
          const init = JSON.stringify((msg.args[1] as any).initialState);
          const leakedInit = hiddenFrom(initialG, v.faction as any).filter((id) => init.includes(`"${id}"`));
          expect(leakedInit, `${v.name} sync initialState`).toEqual([]);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    for (const v of viewers) v.client.stop();
  }, 90_000);
});
