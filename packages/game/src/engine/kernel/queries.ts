import type { AreaId, Faction } from '../../types.js';
import { area, borderKind, inAirRange, airfields, victoryCities } from '../../board/index.js';
import { neighboursInPlay } from './region.js';
import type { GameState } from '../model/state.js';
import { count, hasEnemy, isUnderAttack } from './forces.js';

/** Air fields Germany holds: it controls an area by having a battalion standing in it. */
export function germanAirfields(G: GameState): AreaId[] {
  return airfields().filter((a) => count(G, a, 'germany') > 0);
}
export function germanAirReaches(G: GameState, target: AreaId): boolean {
  return inAirRange(target, germanAirfields(G));
}

/**
 * Where battalions that must leave `from` may go: a neighbour with no enemy of theirs, no combat
 * still to be fought, and not an area the attacker came from this turn. German and Allied
 * battalions may not cross a fjord unless `mayCrossFjord` (those that came by air or sea).
 */
export function withdrawalOptions(
  G: GameState,
  from: AreaId,
  factions: readonly Faction[],
  opts: { mayCrossFjord: boolean; attackersOwnRetreat?: boolean },
): AreaId[] {
  const { mayCrossFjord, attackersOwnRetreat = false } = opts;
  return neighboursInPlay(G, from).filter((to) => {
    if (factions.some((f) => hasEnemy(G, to, f))) return false;
    if (isUnderAttack(G, to)) return false;
    // The rule keeps defenders out of the attacker's start areas; attackers may fall back there.
    if (!attackersOwnRetreat && G.attackedFrom.includes(to)) return false;
    if (!mayCrossFjord && borderKind(from, to) === 'fjord' && factions.some((f) => f !== 'norway')) return false;
    return true;
  });
}

/** Victory cities Germany holds (unoccupied cities count as Norwegian). */
export function germanCities(G: GameState): AreaId[] {
  return victoryCities().filter((c) => count(G, c, 'germany') > 0);
}

export function isMobilizationSite(id: AreaId): boolean {
  const a = area(id);
  return a.mobilizationPoint || a.victoryCity;
}
