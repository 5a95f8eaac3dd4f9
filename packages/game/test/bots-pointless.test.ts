// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * The Easy bot makes no pointless move. What that means here, each checked on every Easy decision
 * of whole games (basic and advanced, Easy in one seat against random ones, and in all seats):
 *  1. no shuffling: within one turn it never moves battalions from B back to A after moving A to B;
 *  2. Germany never ends its movement while it could walk into a victory city nobody holds
 *     (an undefended city next to its battalions) without giving up a city it holds;
 *  3. it never starts an attack at worse odds: when it ends its movement, every area it attacks
 *     faces at least as many of its battalion dice as the defenders have;
 *  4. it never ends a reinforcement phase with battalions it could still place;
 *  5. it never trades cards that buy no battalion.
 */
import { describe, it, expect } from 'vitest';
import { FACTIONS, type Faction } from '../src/types.js';
import type { GameState, Ruleset } from '../src/engine/model/state.js';
import { actor, reinforcementsAvailable } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { playBotGame, type Player } from '../src/testing/bot-game.js';
import { victoryCities } from '../src/board/index.js';
import { attackDice } from '../src/bots/position.js';

const CITIES = new Set(victoryCities());
const random: Record<Faction, Player> = { germany: 'random', norway: 'random', allies: 'random' };

function takeableCity(G: GameState): boolean {
  return legalActions(G, 'germany').some((a) => {
    if (a.type !== 'move' || !CITIES.has(a.args.to)) return false;
    const there = G.units[a.args.to] ?? {};
    if (Object.values(there).some((k) => (k ?? 0) > 0)) return false;
    const left = (G.units[a.args.from]?.germany ?? 0) - a.args.count;
    return !CITIES.has(a.args.from) || left > 0;
  });
}

function pointlessMoves(
  ruleset: Ruleset,
  seats: Record<Faction, Player>,
  seeds: number[],
): { broken: string[]; checked: Record<'moves' | 'endMovement' | 'endReinforcement' | 'trades' | 'citiesWalkedInto', number> } {
  const broken: string[] = [];
  const checked: Record<'moves' | 'endMovement' | 'endReinforcement' | 'trades' | 'citiesWalkedInto', number> = {
    moves: 0,
    endMovement: 0,
    endReinforcement: 0,
    trades: 0,
    citiesWalkedInto: 0,
  };
  for (const seed of seeds) {
    let turnKey = '';
    let moved = new Set<string>();
    playBotGame({
      seed,
      ruleset,
      seats,
      keepBefore: true,
      afterAction: (G, f, action, before) => {
        if (!before) return; // a random seat's action
        const where = `${ruleset} seed ${seed} round ${before.round} ${f}`;
        const stage = actor(before)!.stage;
        const key = `${before.round}/${before.turn}`;
        if (key !== turnKey) {
          turnKey = key;
          moved = new Set();
        }
        if (action.type === 'move') {
          checked.moves++;
          if (moved.has(`${action.args.to}>${action.args.from}`)) broken.push(`${where}: moved back ${action.args.from}>${action.args.to}`);
          moved.add(`${action.args.from}>${action.args.to}`);
          if (f === 'germany' && CITIES.has(action.args.to) && Object.keys(before.units[action.args.to] ?? {}).length === 0)
            checked.citiesWalkedInto++;
        }
        if (action.type === 'endPhase' && stage === 'movement' && !before.april9) {
          checked.endMovement++;
          if (f === 'germany' && takeableCity(before)) broken.push(`${where}: ended movement next to an undefended victory city`);
          for (const target of new Set(before.attacks.filter((a) => a.faction === f && a.from).map((a) => a.target))) {
            const mine = before.attacks.filter((a) => a.target === target && a.faction === f);
            const defenders = Object.entries(before.units[target] ?? {})
              .filter(([g]) => g !== f && (f === 'germany' || g === 'germany'))
              .reduce((s, [, k]) => s + (k ?? 0), 0);
            if (attackDice(mine) < Math.min(5, defenders))
              broken.push(`${where}: attacks ${target} with ${attackDice(mine)} dice against ${defenders}`);
          }
        }
        if (action.type === 'endPhase' && stage === 'reinforcement' && !before.april9) {
          checked.endReinforcement++;
          if (reinforcementsAvailable(before) > 0 && legalActions(before, f).some((a) => a.type === 'place'))
            broken.push(`${where}: ended reinforcement with ${reinforcementsAvailable(before)} battalions unplaced`);
        }
        if (action.type === 'trade') {
          checked.trades++;
          if (reinforcementsAvailable(G) <= reinforcementsAvailable(before)) broken.push(`${where}: traded cards for nothing`);
        }
      },
    });
  }
  return { broken, checked };
}

describe('Easy bot makes no pointless move', () => {
  for (const ruleset of ['basic', 'advanced'] as const) {
    it(`${ruleset}: no shuffling, no missed undefended city, no worse-odds attack, no unplaced battalion, no useless trade`, () => {
      const totals = { moves: 0, endMovement: 0, endReinforcement: 0, trades: 0, citiesWalkedInto: 0 };
      for (const seats of [
        { germany: 'easy', norway: 'easy', allies: 'easy' } as Record<Faction, Player>,
        ...FACTIONS.map((f) => ({ ...random, [f]: 'easy' as Player })),
      ]) {
        const { broken, checked } = pointlessMoves(ruleset, seats, [5, 6]);
        expect(broken).toEqual([]);
        for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += checked[k as keyof typeof checked];
      }
      // The checks must have had something to check.
      expect(totals.moves).toBeGreaterThan(50);
      expect(totals.endMovement).toBeGreaterThan(20);
      expect(totals.endReinforcement).toBeGreaterThan(20);
      expect(totals.trades).toBeGreaterThan(5);
      // Germany did meet undefended cities, and took them.
      expect(totals.citiesWalkedInto).toBeGreaterThan(0);
    }, 180_000);
  }
});
