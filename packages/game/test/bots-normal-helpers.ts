/**
 * The Normal bot in whole games, both rulesets, one seat Normal and the others Easy (a small search
 * budget keeps the games quick; the budget changes how well it plays, not what it may do): every
 * decision is in the real state's legal list, the invariants hold after every action, every game
 * ends, and every kind of window the Normal seat meets (reactions included) gets an answer.
 */
import { expect } from 'vitest';
import { FACTIONS, type Faction } from '../src/types.js';
import type { Ruleset } from '../src/engine/model/state.js';
import { legalActions } from '../src/engine/legal.js';
import { actor } from '../src/engine/flow.js';
import { viewFor } from '../src/engine/view.js';
import { stageOf } from '../src/bots/easy.js';
import { playBotGame, type Player } from '../src/testing/bot-game.js';
import { brokenInvariants } from './invariants.js';
import { advancedInvariantChecker } from './advanced-invariants.js';

const SMALL = { iterations: 6, candidates: 3, steps: 4, searchMovement: true };

/** One whole game with Normal in `seat` and Easy in the others, checked action by action. */
export function expectSoundNormalGame(ruleset: Ruleset, seat: Faction): void {
  const seats: Record<Faction, Player> = { germany: 'easy', norway: 'easy', allies: 'easy', [seat]: 'normal' };
  const checker = advancedInvariantChecker();
  const stages = new Set<string>();
  let failures: string[] = [];
  let pendingLegal: string[] | null = null;
  let decisions = 0;
  const { G, ended } = playBotGame({
    seed: 20 + FACTIONS.indexOf(seat),
    ruleset,
    seats,
    budget: SMALL,
    afterAction: (state, f, action) => {
      if (pendingLegal && !pendingLegal.includes(JSON.stringify(action))) failures.push(`illegal ${f} ${JSON.stringify(action)}`);
      if (failures.length === 0) failures = ruleset === 'advanced' ? checker.check(state) : brokenInvariants(state);
      if (seats[f] === 'normal') decisions++;
      const next = actor(state);
      pendingLegal = null;
      if (next && seats[next.faction] === 'normal') {
        pendingLegal = legalActions(state, next.faction).map((a) => JSON.stringify(a));
        stages.add(stageOf(viewFor(state, next.faction)) ?? '?');
      }
    },
  });
  expect(failures).toEqual([]);
  expect(ended).toBe(true);
  if (ruleset === 'advanced') expect(checker.full(G)).toEqual([]);
  expect(decisions).toBeGreaterThan(40);
  // It met the ordinary decisions and at least one card window, and answered each (the game went on).
  expect(stages).toContain('movement');
  expect(stages).toContain('reinforcement');
  expect(
    [...stages].some((s) =>
      ['attackerCards', 'defenderCards', 'counter', 'sabotage', 'engineers', 'submarine', 'paratroopers'].includes(s),
    ),
  ).toBe(true);
}
