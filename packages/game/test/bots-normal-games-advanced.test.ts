// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/** The Normal bot in whole advanced games, one seat Normal and the others Easy: see bots-normal-helpers.ts. */
import { describe, it } from 'vitest';
import { FACTIONS } from '../src/types.js';
import { expectSoundNormalGame } from './bots-normal-helpers.js';

describe('Normal bot plays whole legal advanced games', () => {
  for (const seat of FACTIONS) it(`Normal ${seat} vs Easy`, () => expectSoundNormalGame('advanced', seat), 180_000);
});
