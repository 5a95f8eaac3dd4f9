/**
 * Property test, part 2 of 2: complete games of random legal actions (fixed seeds 101–200),
 * checking the invariants after every single action, and that every game ends.
 */
import { describe, it, expect } from 'vitest';
import { playRandomGame } from '../src/testing/random-game.js';
import { brokenInvariants } from './invariants.js';

describe('random complete games (seeds 101–200)', () => {
  it('keep battalions and cards conserved, hands within limits, no shared hostile areas, and always end', () => {
    const outcomes = new Map<string, number>();
    for (let seed = 101; seed <= 200; seed++) {
      let failures: string[] = [];
      const { G, ended } = playRandomGame({
        seed,
        maxActions: 20_000,
        afterAction: (state) => {
          if (failures.length === 0) failures = brokenInvariants(state);
        },
      });
      expect(failures, `seed ${seed}`).toEqual([]);
      expect(ended, `seed ${seed} did not end`).toBe(true);
      const key = `${G.result!.winner}/${G.result!.level}/${G.result!.reason}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    // Random play must reach more than one kind of ending, or the games are not exploring the rules.
    expect(outcomes.size).toBeGreaterThan(1);
  }, 300_000);
});
