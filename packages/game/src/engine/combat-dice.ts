/**
 * The sides of a land combat and their dice (EN 4.2): who takes part, with how many battalions, and
 * how many dice the battalions and the cards in play give each side. Only reads the state.
 */
import type { AreaId, Faction } from '../types.js';
import { enemiesOf } from '../types.js';
import { cardDef, combatType, effectsOf } from '../cards/index.js';
import type { Attack, Combat, GameState, PlayedCard } from './model/state.js';
import { count } from './kernel/forces.js';

/** Each side gets dice from at most this many battalions. */
export const MAX_BATTALION_DICE = 5;

export const attacksOn = (G: GameState, area: AreaId): Attack[] => G.attacks.filter((a) => a.target === area);
export const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Dice from the attacking battalions: at most five battalions count, and those attacking across a
 * fjord or lake give half a die each (rounded down over the group). The attacker is credited with
 * the best five: overland battalions first.
 */
export function attackerBattalionDice(attacks: readonly Attack[]): number {
  let overland = 0;
  let acrossWater = 0;
  for (const a of attacks) {
    if (a.route === 'fjord') acrossWater += a.count;
    else overland += a.count;
  }
  const land = Math.min(MAX_BATTALION_DICE, overland);
  const water = Math.min(MAX_BATTALION_DICE - land, acrossWater);
  return land + Math.floor(water / 2);
}

export function defendingFactions(G: GameState, c: Combat): Faction[] {
  return enemiesOf(c.attacker).filter((f) => count(G, c.area, f) > 0);
}
export function defenderStrength(G: GameState, c: Combat): number {
  return sum(defendingFactions(G, c).map((f) => count(G, c.area, f)));
}
export function attackerStrength(G: GameState, c: Combat): number {
  return sum(attacksOn(G, c.area).map((a) => a.count));
}

/** Played cards still in force: a card is void when a card in force cancels it. */
export function activeCards(c: Combat): PlayedCard[] {
  const cancelled = new Set<string>();
  for (let i = c.played.length - 1; i >= 0; i--) {
    const p = c.played[i]!;
    if (!cancelled.has(p.card) && p.cancels) cancelled.add(p.cancels);
  }
  return c.played.filter((p) => !cancelled.has(p.card));
}
export function cardDice(c: Combat, side: 'attacker' | 'defender'): number {
  let dice = 0;
  for (const p of activeCards(c)) {
    if (p.side !== side) continue;
    const e = effectsOf(p.card)[p.effect];
    if (e && (e.kind === 'attackDice' || e.kind === 'defenseDice')) dice += e.dice;
  }
  // The 9. April turn's Bombefly and Gebirgsjäger (always the German attack's).
  if (side === 'attacker') for (const x of c.april9Cards ?? []) dice += x.dice;
  return dice;
}

export function sideOf(c: Combat, f: Faction): 'attacker' | 'defender' {
  return f === c.attacker ? 'attacker' : 'defender';
}
/** The one-card-of-a-type rule, and cards that exclude each other, for one side. */
export function typeTaken(c: Combat, f: Faction, cardId: string, effectIndex: number): boolean {
  const side = sideOf(c, f);
  const def = cardDef(cardId);
  const type = combatType(def, effectIndex);
  return c.played.some((p) => {
    if (p.side !== side) return false;
    const pd = cardDef(p.card);
    return combatType(pd, p.effect) === type || (def.excludes ?? []).includes(pd.id);
  });
}
export function onlyParatroopers(G: GameState, c: Combat): boolean {
  const attacks = attacksOn(G, c.area);
  return attacks.length > 0 && attacks.every((a) => a.route === 'air');
}
/** A faction needs battalions in the combat to play cards in it (Jagerfly excepted). */
export function presentInCombat(G: GameState, c: Combat, f: Faction): boolean {
  return f === c.attacker ? attackerStrength(G, c) > 0 : count(G, c.area, f) > 0;
}
