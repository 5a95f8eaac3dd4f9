/** Test access to the rules package's own test helpers (seeded dice, random games). */
import type { GameState, SetupData } from '@kon/game';
import { playRandomGame } from '../../../packages/game/src/testing/random-game';

export { seededRng } from '../../../packages/game/src/testing/rng';
export { playRandomGame };

/**
 * The first state, over random games of these seeds in turn, after an action where `want` holds: a
 * copy, since the game plays on in place.
 */
export function firstStateWhere(opts: {
  seeds: Iterable<number>;
  setup: SetupData;
  maxActions: number;
  want: (G: GameState) => boolean;
}): GameState {
  for (const seed of opts.seeds) {
    let found: GameState | null = null;
    playRandomGame({
      seed,
      setup: opts.setup,
      maxActions: opts.maxActions,
      afterAction: (G) => {
        if (!found && opts.want(G)) found = structuredClone(G);
      },
    });
    if (found) return found;
  }
  throw new Error('no state where the test wants it in these games');
}
