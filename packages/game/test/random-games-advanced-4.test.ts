// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
import { describe, it } from 'vitest';
import { ADVANCED_GAMES_PER_FILE, expectSoundAdvancedGames } from './random-advanced-games.js';

const FROM = 76;
const TO = FROM + ADVANCED_GAMES_PER_FILE - 1;

describe(`random complete advanced games (seeds ${FROM}–${TO})`, () => {
  it('pass through the 9. April turn into ordinary turns, keep ships and cards conserved, leak nothing, and end', () => {
    expectSoundAdvancedGames(FROM, TO);
  }, 300_000);
});
