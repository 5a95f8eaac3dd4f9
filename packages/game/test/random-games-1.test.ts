// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Property test, part 1 of 2 (split so the two halves run in parallel): complete games of random
 * legal actions, seeds 1–100, with the invariants checked after every single action.
 */
import { describe, it, expect } from 'vitest';
import { playRandomGame } from '../src/testing/random-game.js';
import { expectSoundRandomGames } from './invariants.js';

describe('random complete games (seeds 1–100)', () => {
  it('keep battalions and cards conserved, hands within limits, no shared hostile areas, and always end', () => {
    expectSoundRandomGames(1, 100, playRandomGame, expect);
  }, 300_000);
});
