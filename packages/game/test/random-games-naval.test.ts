// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Property test for ships in the ordinary turns of the advanced game: complete games of random legal
 * actions from varied mid-game positions (every ship at sea), with the basic and advanced invariants
 * and the naval ones checked after every action. RANDOM_NAVAL_GAMES sets how many (default 12).
 */
import { describe, it, expect } from 'vitest';
import { playRandomGame } from '../src/testing/random-game.js';
import { shipTypeOf } from '../src/cards/advanced.js';
import type { GameState } from '../src/engine/model/state.js';
import { advancedInvariantChecker } from './advanced-invariants.js';
import { midGameAdvanced } from './advanced-helpers.js';

const GAMES = Number(process.env.RANDOM_NAVAL_GAMES ?? 12);

/** What must hold at sea after every action. */
function brokenNavalInvariants(G: GameState): string[] {
  const broken: string[] = [];
  for (const s of G.ships) {
    if (shipTypeOf(s.id).alwaysFaceUp && !s.faceUp) broken.push(`${s.id} face down`);
    if (s.at === 'raid' && s.owner !== 'germany') broken.push(`${s.id} raiding`);
  }
  const n = G.naval;
  if (!n) {
    // Between turns every ship at sea lies face down, unless it always lies face up.
    for (const s of G.ships)
      if (s.faceUp && s.at !== 'raid' && !shipTypeOf(s.id).alwaysFaceUp) broken.push(`${s.id} face up between turns`);
    return broken;
  }
  for (const e of n.engagements) {
    for (const id of e.intercepted)
      if (!G.ships.some((s) => s.id === id) && !G.shipsGone.sunk.includes(id)) broken.push(`intercepted ${id} lost`);
  }
  if (n.engagements.length > 0 && G.combat) broken.push('land combat before the naval combats');
  if (n.force && G.phase !== 'movement') broken.push('a task force under way outside the movement phase');
  return broken;
}

describe(`random advanced games from mid-game positions (seeds 1–${GAMES})`, () => {
  it('keep ships, cards and battalions conserved, leak no face-down ship, fight at sea, and end', () => {
    const seen = { sail: 0, intercept: 0, navalCombat: 0, sunk: 0, chased: 0, recall: 0, withdrawShips: 0, navalCard: 0 };
    for (let seed = 1; seed <= GAMES; seed++) {
      let failures: string[] = [];
      const checker = advancedInvariantChecker();
      const { G, ended } = playRandomGame({
        seed,
        from: midGameAdvanced(seed),
        maxActions: 20_000,
        afterAction: (state, _f, action) => {
          if (failures.length === 0) failures = [...checker.check(state), ...brokenNavalInvariants(state)];
          if (action.type === 'sail') seen.sail++;
          if (action.type === 'intercept' && action.args.attempt) seen.intercept++;
          if (action.type === 'recallRaiders') seen.recall++;
          if (action.type === 'withdrawShips') seen.withdrawShips++;
          if (action.type === 'playNavalCard') seen.navalCard++;
        },
      });
      expect(failures, `seed ${seed}`).toEqual([]);
      expect(checker.full(G), `seed ${seed}, last state`).toEqual([]);
      expect(ended, `seed ${seed} did not end`).toBe(true);
      seen.navalCombat += G.log.filter((e) => e.event === 'navalCombat').length;
      seen.sunk += G.log.filter((e) => e.event === 'shipSunk').length;
      seen.chased += G.log.filter((e) => e.event === 'shipChased').length;
    }
    // Random play must reach the naval rules, or the games are not exploring them.
    expect(seen.sail).toBeGreaterThan(0);
    expect(seen.intercept).toBeGreaterThan(0);
    expect(seen.navalCombat).toBeGreaterThan(0);
    expect(seen.sunk).toBeGreaterThan(0);
    expect(seen.chased).toBeGreaterThan(0);
    console.info('naval events over the random games:', JSON.stringify(seen));
  }, 300_000);
});
