// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Moves run on plain copies, not immer drafts (@kon/platform's plain-moves.ts): the rules never see a proxy, and
 * every state is exactly the one the immer path gives, move for move, undo and refusals included, with
 * each unchanged part kept as the same object.
 */
import { types } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import type { Game, State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { KampenOmNorge, legalMoves } from '../src/game.js';
import { canUndo } from '../src/engine/undo.js';
import { FACTION_OF_PLAYER } from '../src/types.js';
import { seededRng } from '../src/testing/rng.js';
import { copyJson, reuse } from '@kon/platform/plain-moves';

/** Whether each state `perform` was given was a proxy (an immer draft). */
const proxies: boolean[] = [];
vi.mock('../src/engine/actions.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/engine/actions.js')>();
  return {
    ...real,
    perform: (G: object, ...rest: Parameters<typeof real.perform> extends [unknown, ...infer R] ? R : never) => {
      proxies.push(types.isProxy(G));
      return real.perform(G as never, ...rest);
    },
  };
});

/** The game as it ran before: every move on immer's draft. */
const immerGame: Game = {
  ...KampenOmNorge,
  plugins: (KampenOmNorge.plugins ?? []).filter((p) => p.name !== 'kon-plain-moves'),
};

function runner(game: Game, setupData: unknown) {
  const processed = ProcessGameConfig({ ...game, seed: 'plain' });
  const reduce = CreateGameReducer({ game: processed }) as (s: State, a: unknown) => State;
  let state = InitializeGame({ game: processed, numPlayers: 3, setupData }) as State;
  return {
    get state() {
      return state;
    },
    move(playerID: string, type: string, args: unknown[]) {
      proxies.length = 0;
      state = reduce(state, { type: 'MAKE_MOVE', payload: { type, args, playerID } });
      return [...proxies];
    },
  };
}

const plain = (s: State) => JSON.stringify({ G: s.G, ctx: s.ctx, id: s._stateID, plugins: s.plugins });

describe('moves on plain copies', () => {
  it.each(['basic', 'advanced'] as const)(
    'give exactly the immer path states in a random %s game, sharing unchanged parts',
    (ruleset) => {
      const ours = runner(KampenOmNorge, { ruleset });
      const theirs = runner(immerGame, { ruleset });
      const pick = seededRng(ruleset.length);
      let shared = 0;
      let undos = 0;
      for (let i = 0; i < 400 && !ours.state.ctx.gameover; i++) {
        const before = ours.state;
        const seat = Object.keys(before.ctx.activePlayers ?? {})[0] ?? before.ctx.currentPlayer;
        const faction = FACTION_OF_PLAYER[seat]!;
        const options = legalMoves(before.G, before.ctx, seat);
        const roll = (pick.d6() - 1) / 6;
        const choice = options[Math.floor((((pick.d6() - 1) * 6 + pick.d6() - 1) / 36) * options.length)]!;
        // Now and then a take-back, an illegal move, or a move from the wrong seat.
        const [who, type, args]: [string, string, unknown[]] =
          canUndo(before.G, faction) && roll < 0.2
            ? [seat, 'undo', [{}]]
            : roll > 0.9
              ? [seat, 'move', [{ from: 'nowhere', to: 'oslo', count: 1 }]]
              : roll > 0.8
                ? [String((Number(seat) + 1) % 3), choice.move, choice.args]
                : [seat, choice.move, choice.args];
        if (type === 'undo') undos++;
        const seen = ours.move(who, type, args);
        const seenImmer = theirs.move(who, type, args);
        expect(plain(ours.state), `move ${i}: ${type}`).toBe(plain(theirs.state));
        // The rules changed plain objects; the immer path gave them drafts.
        expect(seen.every((p) => !p)).toBe(true);
        // (An undo replays decisions on plain copies in both.)
        if (type !== 'undo' && seenImmer.length > 0) expect(seenImmer.every((p) => p)).toBe(true);
        const G = ours.state.G as Record<string, unknown>;
        const prev = before.G as Record<string, unknown>;
        for (const k of Object.keys(G))
          if (JSON.stringify(G[k]) === JSON.stringify(prev[k])) {
            expect(G[k], `move ${i}: ${k} unchanged but copied`).toBe(prev[k]);
            shared++;
          }
      }
      expect(shared).toBeGreaterThan(400);
      expect(undos).toBeGreaterThan(0);
    },
    120_000,
  );

  it('reuse keeps the earlier object for every equal part, and only for those', () => {
    const prev = { a: { b: [1, { c: 2 }], d: 'x' }, e: [3], f: { g: undefined } };
    const next = copyJson(prev) as typeof prev;
    (next.a.b[1] as { c: number }).c = 5;
    const out = reuse(prev, next);
    expect(out).not.toBe(prev);
    expect(out.e).toBe(prev.e);
    expect(out.f).toBe(prev.f);
    expect(out.a).not.toBe(prev.a);
    expect(out.a.b).not.toBe(prev.a.b);
    expect(out.a.b[1]).toEqual({ c: 5 });
    expect(reuse(prev, copyJson(prev))).toBe(prev);
    // The same keys in another order, or an added undefined key, are not the same object.
    expect(reuse({ x: 1, y: 2 }, { y: 2, x: 1 })).toEqual({ y: 2, x: 1 });
    const p2 = { x: 1 };
    expect(reuse(p2, { x: 1, y: undefined })).not.toBe(p2);
  });
});
