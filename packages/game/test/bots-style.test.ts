// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * The heuristic styles (bots/style.ts): what the Normal style's extra terms see that Easy's do not,
 * and that Normal's own choices, without its search, leave its side better off than Easy's on fixed
 * seeds (a small sample of what `npm run balance` measures on many more; fixed seeds, so the test
 * is repeatable). docs/balance.md has the numbers for every faction in the full game.
 */
import { describe, it, expect } from 'vitest';
import type { Faction } from '../src/types.js';
import { worth, type Board } from '../src/bots/position.js';
import { EASY_STYLE } from '../src/bots/style.js';
import { NORMAL_STYLES } from '../src/bots/normal-style.js';
import { styled } from '../src/bots/normal.js';
import { playBotGame, type Player } from '../src/testing/bot-game.js';

/** Trondheim held by two Allied battalions; Germany's five stand two steps away or next door. */
const board = (germansAt: string): Board => ({
  units: { trondheim: { allies: 2 }, [germansAt]: { germany: 5 } },
  attacks: [],
});

describe('style terms', () => {
  it('reach: five Germans next to a weakly held city are worth more to Normal Germany than Easy sees', () => {
    const targets = ['trondheim'];
    const easyGain = worth(board('oppdal'), 'germany', targets, EASY_STYLE) - worth(board('dombas'), 'germany', targets, EASY_STYLE);
    const normalGain =
      worth(board('oppdal'), 'germany', targets, NORMAL_STYLES.germany) - worth(board('dombas'), 'germany', targets, NORMAL_STYLES.germany);
    // Easy counts only the step closer (and the exposure); Normal also the attack it could make next turn.
    expect(normalGain - easyGain).toBeGreaterThan(NORMAL_STYLES.germany.reach * NORMAL_STYLES.germany.city * 0.5);
  });

  it('guard: the Allies see the threat to a city they hold only with a guard weight', () => {
    const targets: string[] = [];
    const threatened = board('oppdal');
    const safe = board('dombas');
    const easyLoss =
      worth(safe, 'allies', targets, { ...EASY_STYLE, exposedCity: 0 }) -
      worth(threatened, 'allies', targets, { ...EASY_STYLE, exposedCity: 0 });
    const guardLoss =
      worth(safe, 'allies', targets, { ...EASY_STYLE, exposedCity: 0, guard: 0.5 }) -
      worth(threatened, 'allies', targets, { ...EASY_STYLE, exposedCity: 0, guard: 0.5 });
    expect(easyLoss).toBe(0);
    expect(guardLoss).toBeGreaterThan(4);
  });
});

const SEEDS = [31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42];
/** Per seed: the German cities at the end, and a German win. */
function games(seats: Record<Faction, Player>) {
  return SEEDS.map((seed) => {
    const { G } = playBotGame({ seed, ruleset: 'basic', seats });
    return { cities: G.result!.germanCities.length, germany: G.result!.winner === 'germany' };
  });
}

describe("Normal's style beats Easy's", () => {
  const easy = games({ germany: 'easy', norway: 'easy', allies: 'easy' });
  const sum = (xs: { cities: number }[]) => xs.reduce((s, x) => s + x.cities, 0);

  it('as Germany: more cities at the end, better off in more games than worse', () => {
    const normal = games({ germany: styled, norway: 'easy', allies: 'easy' });
    expect(sum(normal)).toBeGreaterThan(sum(easy) + SEEDS.length * 0.5);
    const better = normal.filter((x, i) => x.cities > easy[i]!.cities).length;
    const worse = normal.filter((x, i) => x.cities < easy[i]!.cities).length;
    expect(better).toBeGreaterThan(2 * worse);
  }, 180_000);

  for (const f of ['norway', 'allies'] as const)
    it(`as ${f}: Germany ends with fewer cities`, () => {
      const normal = games({ germany: 'easy', norway: 'easy', allies: 'easy', [f]: styled });
      expect(sum(normal)).toBeLessThan(sum(easy));
    }, 180_000);
});
