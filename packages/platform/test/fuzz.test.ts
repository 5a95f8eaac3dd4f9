/**
 * The module fuzzer, run on every registered game (every workspace marked konGame), and shown to
 * catch the faults it is for on a small game broken on purpose.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Game } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FuzzFailure, fuzzModule } from '../src/fuzz';
import { gamePackages } from '../src/game-packages';
import type { GameModule } from '../src/index';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('every registered game', () => {
  for (const g of gamePackages(ROOT))
    it(`${path.basename(g.dir)} survives the module fuzzer`, async () => {
      const module = (await import(g.marker.entry))[g.marker.export] as GameModule;
      const report = fuzzModule(module, { games: 1, maxMoves: 120, seed: 11 });
      expect(report.moves).toBeGreaterThan(0);
    }, 120_000);
});

/** Two seats take turns adding 1 or 2; the first to reach 6 wins. Each seat has a secret word. */
interface Race {
  total: number;
  secret: Record<string, string>;
}
const raceGame: Game<Race> = {
  name: 'race',
  setup: () => ({ total: 0, secret: { '0': 'word-of-zero', '1': 'word-of-one' } }),
  moves: {
    add: ({ G, events }, n: number) => {
      if (n !== 1 && n !== 2) return INVALID_MOVE;
      G.total += n;
      events.endTurn();
    },
  },
  endIf: ({ G, ctx }) => (G.total >= 6 ? { winner: ctx.currentPlayer } : undefined),
  playerView: ({ G, playerID }) => ({ ...G, secret: playerID && G.secret[playerID] ? { [playerID]: G.secret[playerID] } : {} }),
};
const seat = (i: number) => ({ key: `player${i + 1}`, playerIDs: [String(i)] });
const race: GameModule<Race> = {
  id: 'race',
  game: raceGame,
  texts: { name: { no: 'Kappløp', en: 'Race' }, summary: { no: 'Til seks.', en: 'To six.' } },
  setupSchema: z.object({}),
  defaultSetup: {},
  plans: { two: [seat(0), seat(1)] },
  defaultPlan: 'two',
  players: { min: 2, max: 2 },
  view: (G, playerID) => raceGame.playerView!({ G, playerID, ctx: undefined as never }),
  legalMoves: (_G, ctx, playerID) =>
    ctx?.gameover || ctx?.currentPlayer !== playerID ? [] : [1, 2].map((n) => ({ move: 'add', args: [n] })),
  toMove: (_G, ctx) => (ctx.gameover ? [] : [ctx.currentPlayer]),
  checkMove: (_G, _p, type, args) => (type === 'add' && [1, 2].includes((args as number[])[0]!) ? null : { code: 'no', message: 'no' }),
  canUndo: () => false,
};
const secrets = (G: Race, viewer: string | null) => Object.entries(G.secret).flatMap(([p, w]) => (p === viewer ? [] : [w]));

describe('the module fuzzer', () => {
  it('passes a sound game, playing every game to its end', () => {
    expect(fuzzModule(race, { games: 10, maxMoves: 10, secrets })).toMatchObject({ games: 10, finished: 10 });
  });

  it.each<[string, Partial<GameModule<Race>>, RegExp]>([
    [
      'a view that shows a secret',
      { view: (G) => G, game: { ...raceGame, playerView: ({ G }) => G } },
      /seat 0's view shows "word-of-one"/,
    ],
    [
      'a view that is not the game’s playerView',
      { view: (G) => ({ ...G, secret: {} }) },
      /seat 0's view is not the boardgame.io game's playerView/,
    ],
    ['a dead end', { legalMoves: () => [] }, /seat 0 must decide and has no legal move/],
    ['nobody to decide in a game not over', { toMove: () => [] }, /not over, yet no seat must decide/],
    [
      'a listed move boardgame.io refuses',
      {
        legalMoves: () => [{ move: 'add', args: [3] }],
        checkMove: (_G, _p, type) => (type === 'add' ? null : { code: 'no', message: 'no' }),
      },
      /boardgame.io did not run seat 0's listed move add\(3\)/,
    ],
    [
      'a listed move the game’s check refuses',
      { checkMove: () => ({ code: 'no', message: 'no' }) },
      /checkMove lets|is refused by checkMove/,
    ],
    ['a check that lets a move of no such name through', { checkMove: () => null }, /checkMove lets seat 0 make a move of no such name/],
    [
      'a check that changes the state',
      { checkMove: (G: Race, _p, type) => ((G.total += 0.5), type === 'add' ? null : { code: 'no', message: 'no' }) },
      /checkMove changed the state/,
    ],
  ])('catches %s', (_what, broken, message) => {
    const bad = { ...race, ...broken } as GameModule<Race>;
    expect(() => fuzzModule(bad, { games: 3, maxMoves: 10, secrets })).toThrow(FuzzFailure);
    expect(() => fuzzModule(bad, { games: 3, maxMoves: 10, secrets })).toThrow(message);
  });
});
