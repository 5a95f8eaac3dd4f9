// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Complete random games of the scenarios, with the invariants of the full game (against each
 * scenario's own decks) and the region checked after every action.
 */
import { describe, it, expect } from 'vitest';
import { FACTIONS, type Faction } from '../src/types.js';
import { playRandomGame } from '../src/testing/random-game.js';
import { scenarioDeck } from '../src/scenarios/decks.js';
import { brokenInvariants } from './invariants.js';
import { scenario } from './scenario-files.js';

function playMany(id: string, seeds: number) {
  const s = scenario(id);
  const decks = Object.fromEntries(FACTIONS.map((f) => [f, scenarioDeck(s, f)])) as Record<Faction, string[]>;
  const winners: Record<string, number> = {};
  for (let seed = 1; seed <= seeds; seed++) {
    let failures: string[] = [];
    const { G, ended } = playRandomGame({
      seed,
      setup: { scenario: s },
      maxActions: 5_000,
      afterAction: (state) => {
        if (failures.length === 0) failures = brokenInvariants(state, decks);
      },
    });
    expect(failures, `seed ${seed}`).toEqual([]);
    expect(ended, `seed ${seed} did not end`).toBe(true);
    winners[G.result!.winner] = (winners[G.result!.winner] ?? 0) + 1;
  }
  return winners;
}

describe('random complete games of the scenarios', () => {
  it('Scenario 1 (Narvik): sound after every action, always ends, and both sides can win', () => {
    const winners = playMany('narvik', 100);
    expect(winners.germany).toBeGreaterThan(0);
    expect(winners['norway-allies']).toBeGreaterThan(0);
  }, 120_000);

  it('Scenario 2 (Gudbrandsdalen og Østerdalen): sound after every action, always ends, and both sides can win', () => {
    const winners = playMany('gudbrandsdalen', 100);
    expect(winners.germany).toBeGreaterThan(0);
    expect(winners['norway-allies']).toBeGreaterThan(0);
  }, 120_000);
});
