/**
 * keyedRng (testing/rng.ts): the common random numbers npm run balance compares players with. A
 * roll depends on the seed, where it happens and how many rolls happened there before, never on
 * rolls elsewhere; and its dice are still fair.
 */
import { describe, expect, it } from 'vitest';
import { keyedRng, seededRng, seedOf } from '../src/testing/rng.js';
import { playBotGame, rollSite } from '../src/testing/bot-game.js';
import { createInitialState } from '../src/engine/setup.js';
import type { GameState } from '../src/engine/model/state.js';

function rollsAt(seed: number, script: readonly string[]): Record<string, number[]> {
  let site = '';
  const rng = keyedRng(seed, () => site);
  const out: Record<string, number[]> = {};
  for (const s of script) {
    site = s;
    (out[s] ??= []).push(rng.d6());
  }
  return out;
}

describe('keyed dice', () => {
  it('gives a place the same rolls whatever was rolled elsewhere before', () => {
    const a = rollsAt(7, ['1/germany/combat/oslo', '1/germany/combat/oslo', '1/germany/combat/bergen', '1/germany/combat/bergen']);
    // Three extra dice in Oslo (a card's bonus dice, say) before Bergen's battle.
    const b = rollsAt(7, [
      '1/germany/combat/oslo',
      '1/germany/combat/oslo',
      '1/germany/combat/oslo',
      '1/germany/combat/oslo',
      '1/germany/combat/oslo',
      '1/germany/combat/bergen',
      '1/germany/combat/bergen',
    ]);
    expect(b['1/germany/combat/bergen']).toEqual(a['1/germany/combat/bergen']);
    expect(b['1/germany/combat/oslo']!.slice(0, 2)).toEqual(a['1/germany/combat/oslo']);
  });

  it('rolls differently on another seed and in another place', () => {
    const sites = Array.from({ length: 20 }, () => 'x');
    expect(rollsAt(1, sites).x).not.toEqual(rollsAt(2, sites).x);
    expect(rollsAt(1, sites).x).not.toEqual(
      rollsAt(
        1,
        sites.map(() => 'y'),
      ).y,
    );
  });

  it('seeds from every part and where the parts split, the same parts always alike', () => {
    expect(seedOf('m1', 4, '0')).toBe(seedOf('m1', 4, '0'));
    const seeds = [
      seedOf('m1', 4, '0'),
      seedOf('m1', 4, '1'),
      seedOf('m1', 5, '0'),
      seedOf('m2', 4, '0'),
      seedOf('m14', '0'),
      seedOf('m', '14', '0'),
    ];
    expect(new Set(seeds).size).toBe(seeds.length);
    for (const s of seeds) expect(Number.isInteger(s) && s >= 0 && s < 2 ** 32).toBe(true);
  });

  it('rolls fair dice', () => {
    let i = 0;
    const rng = keyedRng(3, () => `site${i % 97}`);
    const counts = [0, 0, 0, 0, 0, 0];
    for (; i < 60_000; i++) counts[rng.d6() - 1]!++;
    // 10,000 expected per face; the standard deviation is about 91.
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  it('shuffles by place too, a permutation of what it is given', () => {
    const rng = keyedRng(5, () => 'setup');
    const items = Array.from({ length: 30 }, (_, k) => k);
    const once = rng.shuffle(items);
    expect([...once].sort((p, q) => p - q)).toEqual(items);
    expect(once).not.toEqual(items);
    expect(keyedRng(5, () => 'setup').shuffle(items)).toEqual(once);
  });

  it('names where a roll happens by round, turn, phase and battle, so each battle has dice of its own', () => {
    const G = createInitialState({ ruleset: 'advanced' }, seededRng(1));
    const at = (change: Partial<GameState>) => rollSite({ ...G, ...change } as GameState);
    const battle = (area: string) => ({ phase: 'combat', combat: { ...G.combat, area } }) as unknown as Partial<GameState>;
    expect(at(battle('oslo'))).toBe(at(battle('oslo')));
    const places = [
      at(battle('oslo')),
      at(battle('bergen')),
      at({ ...battle('oslo'), round: G.round + 1 }),
      at({ ...battle('oslo'), turn: 'norway' }),
      at({ phase: 'movement' }),
      at({ phase: 'movement', naval: {} as GameState['naval'] }),
    ];
    expect(new Set(places).size).toBe(places.length);
  });

  it('plays a whole bot game the same way twice on a seed', () => {
    const play = () =>
      playBotGame({ seed: 11, ruleset: 'advanced', seats: { germany: 'easy', norway: 'easy', allies: 'easy' }, dice: 'keyed' });
    const [x, y] = [play(), play()];
    expect(x.ended).toBe(true);
    expect(y.actions).toBe(x.actions);
    expect(y.G.result).toEqual(x.G.result);
  });
});
