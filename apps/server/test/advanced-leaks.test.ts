/**
 * The advanced game over real sockets: three seats and a spectator, each a boardgame.io client (as the
 * web client connects), play the 9. April turn and on into the ordinary turns with random legal
 * moves, each seat choosing from the state it received itself. Every raw engine.io packet each socket
 * receives is recorded, whatever its event ('sync', 'update', 'patch', ...), and afterwards searched
 * for what that viewer may not know at that moment: the id of another faction's face-down ship or
 * reserve ship, another faction's action-card hand or 9. April cards, any deck's cards still to draw
 * (deck order), the random seed or the PRNG state.
 */
import { FACTION_OF_PLAYER, hiddenFrom, legalMoves, type Faction } from '@kon/game';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMatch,
  join,
  serverState,
  startTestServer,
  waitFor,
  type TestServer,
  gameClient,
  type GameClient,
  tappedSocketIO,
} from './helpers';

/** One packet as it came over the wire, and the step of the game it arrived in. */
type Frame = { raw: string; step: number };
interface Viewer {
  name: string;
  playerID: string | null;
  faction: Faction | null;
  client: GameClient;
  frames: Frame[];
  events: string[];
}

let t: TestServer | undefined;
afterAll(async () => {
  await t?.stop();
});

/** boardgame.io's SocketIO transport, recording every raw packet its engine.io socket receives. */
function recording(server: string, v: Pick<Viewer, 'frames' | 'events'>, step: () => number) {
  return tappedSocketIO(server, (socket) => {
    const tap = () =>
      socket.io.engine.on('packet', (p: { type: string; data?: unknown }) =>
        v.frames.push({ raw: typeof p.data === 'string' ? p.data : JSON.stringify(p.data ?? ''), step: step() }),
      );
    if (socket.io.engine) tap();
    socket.io.on('open', tap);
    socket.onAny((event: string) => v.events.push(event));
  });
}

/** A small deterministic random source for the moves (the game's own dice are the server's). */
function chooser(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

describe('an advanced match over real sockets', () => {
  it('plays 9. April and on with random legal moves from each seat’s own state; no frame tells anyone a secret', async () => {
    t = await startTestServer({ SOCKET_MESSAGES_PER_10S: '100000', RATE_LIMIT_PER_MINUTE: '100000' });
    const server = t;
    const m = await createMatch(server.url, { plan: 'three', setupData: { ruleset: 'advanced' } });
    const seats = await Promise.all(m.links.seats.map((s, i) => join(server.url, m.matchID, s.token, ['Greta', 'Nils', 'Alice'][i]!)));

    let step = 0;
    const viewers: Viewer[] = [];
    const addViewer = (name: string, playerID: string | null, credentials: string) => {
      const v = { frames: [] as Frame[], events: [] as string[] };
      const client = gameClient(
        m.matchID,
        playerID,
        credentials,
        recording(server.url, v, () => step),
      );
      viewers.push({ name, playerID, faction: playerID === null ? null : (FACTION_OF_PLAYER[playerID] as Faction), client, ...v });
    };
    seats.forEach((s) => addViewer(s.seat, s.playerIDs[0]!, s.credentials));
    addViewer('spectator', null, m.links.spectator);

    // The true state after each step, to know what each viewer may not see at that moment.
    const history: any[] = [];
    const snapshot = async () => {
      const { state } = await serverState(server, m.matchID);
      history[step] = state.G;
      return state;
    };
    const allSynced = async (stateID: number) =>
      waitFor(() => viewers.every((v) => v.client.getState()?._stateID === stateID), `all clients at state ${stateID}`, 15_000);

    const first = await serverState(server, m.matchID);
    const initialG = first.initialState.G;
    const seed = String(first.initialState.plugins.random.data.seed);
    let state = await snapshot();
    expect(state.G.april9).not.toBeNull();
    await allSynced(state._stateID);

    const pick = chooser(20260409);
    const movesSeen = new Set<string>();
    let afterApril9 = 0;
    for (let i = 0; i < 400 && !state.G.result && afterApril9 < 40; i++) {
      const active = Object.keys(state.ctx.activePlayers ?? { [state.ctx.currentPlayer]: true });
      const pid = active[0]!;
      const viewer = viewers.find((v) => v.playerID === pid)!;
      // The seat decides from what it received, not from the server's state.
      const own = viewer.client.getState()!;
      const options = legalMoves(own.G as any, own.ctx, pid);
      expect(options.length, `no legal move for ${pid} in ${JSON.stringify(own.ctx.activePlayers)}`).toBeGreaterThan(0);
      // Mostly act, sometimes pass or end the phase, so that the game moves on and sees decisions.
      const acting = options.filter((o) => o.move !== 'pass' && o.move !== 'endPhase');
      const pool = acting.length > 0 && pick(3) > 0 ? acting : options;
      const choice = pool[pick(pool.length)]!;
      movesSeen.add(choice.move);
      step++;
      const before = state._stateID;
      (viewer.client.moves as any)[choice.move](...choice.args);
      await waitFor(async () => (await serverState(server, m.matchID)).state._stateID > before, `move ${choice.move} applied`, 15_000);
      state = await snapshot();
      await allSynced(state._stateID);
      if (!state.G.april9) afterApril9++;
    }
    // The 9. April turn was played through (its ship placement and choices included) and ordinary turns followed.
    expect(state.G.april9).toBeNull();
    expect(afterApril9 > 0 || !!state.G.result).toBe(true);
    for (const mv of ['chooseApril9', 'placeShip', 'deploy']) expect(movesSeen.has(mv), mv).toBe(true);

    let checked = 0;
    for (const v of viewers) {
      expect(v.events).toContain('sync');
      expect(v.events.filter((e) => e === 'update' || e === 'patch').length).toBeGreaterThan(20);
      for (const f of v.frames) {
        expect(f.raw).not.toContain(seed);
        expect(f.raw.toLowerCase()).not.toContain('prngstate');
        expect(f.raw).not.toMatch(/\\?"seed\\?"/);
        // Hidden both before and after the step in which the frame came (a card played in the step is public).
        const prev = history[Math.max(0, f.step - 1)] ?? history[0];
        const cur = history[f.step] ?? prev;
        const hiddenNow = new Set(hiddenFrom(cur, v.faction));
        const hidden = new Set([
          ...hiddenFrom(prev, v.faction).filter((id) => hiddenNow.has(id)),
          ...(f.step === 0 ? hiddenFrom(initialG, v.faction) : []),
        ]);
        const leaked = [...hidden].filter((id) => f.raw.includes(`"${id}"`) || f.raw.includes(`\\"${id}\\"`));
        expect(leaked, `${v.name} got ${leaked.join(', ')} at step ${f.step}: ${f.raw.slice(0, 200)}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    console.info(
      `advanced match over sockets: ${step} moves (${step - afterApril9} in 9. April), ${checked} frames checked, moves ${[...movesSeen].join(' ')}`,
    );
    for (const v of viewers) v.client.stop();
  }, 120_000);
});
