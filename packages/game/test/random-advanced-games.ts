/**
 * Property test for the advanced game: complete games of random legal actions from the 9. April
 * turn on, with the basic invariants and the advanced ones (ships and 9. April cards conserved, no
 * enemy battalions sharing an area, no secret ship or 9. April card in another faction's view or the
 * log) checked after every action (advanced-invariants.ts), and everything again on the last state.
 * The 200 games are split over the files random-games-advanced-N.test.ts, 25 seeds each, so
 * that vitest runs them side by side in its workers.
 */
import { expect } from 'vitest';
import { playRandomGame } from '../src/testing/random-game.js';
import { advancedInvariantChecker } from './advanced-invariants.js';

export const ADVANCED_GAMES_PER_FILE = 25;

/** Play seeds `from`..`to` (inclusive) and expect every invariant after every action and an end to each game. */
export function expectSoundAdvancedGames(from: number, to: number): void {
  let throughApril9 = 0;
  let actions = 0;
  for (let seed = from; seed <= to; seed++) {
    let failures: string[] = [];
    const checker = advancedInvariantChecker();
    const game = playRandomGame({
      seed,
      setup: { ruleset: 'advanced' },
      maxActions: 20_000,
      afterAction: (state) => {
        if (failures.length === 0) failures = checker.check(state);
      },
    });
    const { G, ended } = game;
    actions += game.actions;
    expect(failures, `seed ${seed}`).toEqual([]);
    expect(checker.full(G), `seed ${seed}, last state`).toEqual([]);
    expect(ended, `seed ${seed} did not end`).toBe(true);
    if (G.log.some((e) => e.event === 'april9Ends')) throughApril9 += 1;
    // Dummies never outlive the 9. April turn.
    expect(G.ships.filter((s) => s.id.includes('falskt-skip'))).toEqual([]);
  }
  expect(throughApril9).toBe(to - from + 1);
  // Whole games, not stubs: each runs hundreds of actions.
  expect(actions / (to - from + 1)).toBeGreaterThan(100);
}
