// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Views of settled states (what boardgame.io's reducer returns, frozen at the root) keep the parts
 * whose inputs a move left alone as the very objects of the last view, so that the server's differ
 * passes over them at once. They must be, key for key and byte for byte, the views made afresh, and
 * a part kept for one seat must never carry what another seat may not see.
 */
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { describe, expect, it } from 'vitest';
import { hiddenFrom, viewFor } from '../src/engine/view.js';
import { KampenOmNorge, legalMoves } from '../src/game.js';
import { createInitialState } from '../src/engine/setup.js';
import { seededRng } from '../src/testing/rng.js';
import type { Faction } from '../src/types.js';

const VIEWERS: (Faction | null)[] = ['germany', 'norway', 'allies', null];
const PARTS = ['hands', 'handSizes', 'decks', 'ships', 'shipReserve', 'april9', 'april9HandSizes', 'naval'] as const;

function* settledStates(ruleset: 'basic' | 'advanced', seed: number, moves: number): Generator<State> {
  const game = ProcessGameConfig({ ...KampenOmNorge, seed: `memo-${seed}` });
  const reduce = CreateGameReducer({ game }) as (s: State, a: unknown) => State;
  let state = InitializeGame({ game, numPlayers: 3, setupData: { ruleset } }) as State;
  const pick = seededRng(seed);
  for (let i = 0; i < moves && !state.ctx.gameover; i++) {
    const seat = Object.keys(state.ctx.activePlayers ?? {})[0] ?? state.ctx.currentPlayer;
    const options = legalMoves(state.G, state.ctx, seat);
    const c = options[Math.floor(pick.d6() * 997) % options.length]!;
    state = reduce(state, { type: 'MAKE_MOVE', payload: { type: c.move, args: c.args, playerID: seat } });
    yield state;
  }
}

describe('viewFor on settled states', () => {
  it.each(['basic', 'advanced'] as const)(
    'gives the fresh view and reuses unchanged parts (%s game)',
    (ruleset) => {
      const last = new Map<Faction | null, Record<string, unknown>>();
      let reused = 0;
      let states = 0;
      for (const { G } of settledStates(ruleset, ruleset === 'basic' ? 41 : 42, 300)) {
        expect(Object.isFrozen(G)).toBe(true);
        states++;
        for (const v of VIEWERS) {
          const view = viewFor(G, v) as unknown as Record<string, unknown>;
          // A shallow copy is not settled: its view is made afresh.
          const fresh = viewFor({ ...G }, v);
          expect(JSON.stringify(view)).toBe(JSON.stringify(fresh));
          const text = JSON.stringify(view);
          expect(hiddenFrom(G, v).filter((id) => text.includes(`"${id}"`))).toEqual([]);
          const prev = last.get(v);
          if (prev) for (const p of PARTS) if (view[p] !== undefined && view[p] !== null && view[p] === prev[p]) reused++;
          last.set(v, view);
        }
        // A part that differs by seat is never one seat's object in another seat's view.
        const seen = VIEWERS.map((v) => viewFor(G, v));
        for (const p of ['hands', 'shipReserve'] as const) expect(new Set(seen.map((s) => s[p])).size).toBe(VIEWERS.length);
      }
      expect(states).toBeGreaterThan(250);
      // Most moves leave the hands and decks alone: their parts are the last view's objects.
      expect(reused).toBeGreaterThan(states * VIEWERS.length * 2);
    },
    60_000,
  );

  it('never looks up a state changed in place (a playout, a hand-made state)', () => {
    const G = createInitialState({ ruleset: 'basic' }, seededRng(3));
    const before = viewFor(G, 'norway');
    const card = G.decks.norway.draw.pop()!;
    G.hands.norway.push(card);
    const after = viewFor(G, 'norway');
    expect(after.hands.norway).toEqual([...before.hands.norway, card]);
    expect(after.decks.norway.drawCount).toBe(before.decks.norway.drawCount - 1);
  });
});
