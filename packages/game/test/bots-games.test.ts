// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Complete games with the Easy bot in every seat and against random seats, both rulesets, through
 * the engine's perform: every decision it makes is in the legal list of the real state, the
 * invariants of the random-game tests hold after every action, and every game ends.
 */
import { describe, it, expect } from 'vitest';
import { FACTIONS, type Faction } from '../src/types.js';
import type { Ruleset } from '../src/engine/model/state.js';
import { legalActions } from '../src/engine/legal.js';
import { actor } from '../src/engine/flow.js';
import { playBotGame, type Player } from '../src/testing/bot-game.js';
import { brokenInvariants } from './invariants.js';
import { advancedInvariantChecker } from './advanced-invariants.js';

const random: Record<Faction, Player> = { germany: 'random', norway: 'random', allies: 'random' };
const lineups: [string, Record<Faction, Player>][] = [
  ['Easy in every seat', { germany: 'easy', norway: 'easy', allies: 'easy' }],
  ...FACTIONS.map((f) => [`Easy ${f} vs random`, { ...random, [f]: 'easy' }] as [string, Record<Faction, Player>]),
];

function expectSoundGames(ruleset: Ruleset, seats: Record<Faction, Player>, seeds: number[]): void {
  let easyDecisions = 0;
  for (const seed of seeds) {
    let failures: string[] = [];
    let pendingLegal: string[] | null = null;
    const checker = advancedInvariantChecker();
    const { G, ended } = playBotGame({
      seed,
      ruleset,
      seats,
      afterAction: (state, f, action) => {
        if (pendingLegal && !pendingLegal.includes(JSON.stringify(action))) failures.push(`illegal ${f} ${JSON.stringify(action)}`);
        if (failures.length === 0) failures = ruleset === 'advanced' ? checker.check(state) : brokenInvariants(state);
        // The next decision, if it is the Easy seat's, must be one the full state's listing allows.
        const next = actor(state);
        pendingLegal = next && seats[next.faction] === 'easy' ? legalActions(state, next.faction).map((a) => JSON.stringify(a)) : null;
        if (seats[f] === 'easy') easyDecisions++;
      },
    });
    expect(failures, `${ruleset} seed ${seed}`).toEqual([]);
    expect(ended, `${ruleset} seed ${seed} did not end`).toBe(true);
    if (ruleset === 'advanced') expect(checker.full(G)).toEqual([]);
  }
  // Whole games with the bot really playing, not a stub that passes straight away.
  expect(easyDecisions / seeds.length).toBeGreaterThan(50);
}

describe('Easy bot plays whole legal games', () => {
  for (const ruleset of ['basic', 'advanced'] as const)
    for (const [name, seats] of lineups)
      it(`${ruleset}: ${name}`, () => expectSoundGames(ruleset, seats, ruleset === 'basic' ? [1, 2, 3, 4] : [1, 2, 3]), 180_000);
});
