// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
import { describe, expect, it } from 'vitest';
import { playRandomGame } from './random-games.js';

describe('random complete games, 2 players', () => {
  it('end with a result and keep every invariant after every action', { timeout: 180_000 }, () => {
    const reasons: Record<string, number> = {};
    for (let seed = 1; seed <= GAMES; seed++) {
      const G = playRandomGame(2, seed * 10 + 2);
      reasons[G.result!.reason] = (reasons[G.result!.reason] ?? 0) + 1;
    }
    expect(Object.values(reasons).reduce((a, b) => a + b, 0)).toBe(GAMES);
  });
});

const GAMES = 67;
