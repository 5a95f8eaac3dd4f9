import type { AreaId, Faction } from '../../types.js';
import { FACTIONS, enemiesOf } from '../../types.js';
import type { Forces, GameState } from '../model/state.js';

export function count(G: GameState, area: AreaId, f: Faction): number {
  return G.units[area]?.[f] ?? 0;
}
export function movedCount(G: GameState, area: AreaId, f: Faction): number {
  return G.moved[area]?.[f] ?? 0;
}
/** Battalions that may still move this turn. */
export function unmoved(G: GameState, area: AreaId, f: Faction): number {
  return count(G, area, f) - movedCount(G, area, f);
}
function bump(rec: Record<AreaId, Forces>, area: AreaId, f: Faction, delta: number): void {
  const forces = (rec[area] ??= {});
  const next = (forces[f] ?? 0) + delta;
  if (next < 0) throw new Error(`negative battalions: ${f} in ${area}`);
  if (next === 0) delete forces[f];
  else forces[f] = next;
  if (Object.keys(forces).length === 0) delete rec[area];
}
/** Put battalions in an area; `moved` marks them as having used their movement. */
export function addUnits(G: GameState, area: AreaId, f: Faction, n: number, moved: boolean): void {
  if (n <= 0) return;
  bump(G.units, area, f, n);
  if (moved) bump(G.moved, area, f, n);
}
/** Take battalions out of an area, unmoved ones first unless told otherwise. */
export function removeUnits(G: GameState, area: AreaId, f: Faction, n: number, preferMoved = false): void {
  if (n <= 0) return;
  const moved = movedCount(G, area, f);
  const fresh = count(G, area, f) - moved;
  const fromMoved = preferMoved ? Math.min(moved, n) : Math.max(0, n - fresh);
  bump(G.units, area, f, -n);
  if (fromMoved > 0) bump(G.moved, area, f, -fromMoved);
}
export function hasEnemy(G: GameState, area: AreaId, f: Faction): boolean {
  return enemiesOf(f).some((e) => count(G, area, e) > 0);
}
export function factionsIn(G: GameState, area: AreaId): Faction[] {
  return FACTIONS.filter((f) => count(G, area, f) > 0);
}
export function totalOnBoard(G: GameState, f: Faction): number {
  let n = 0;
  for (const area in G.units) n += G.units[area]![f] ?? 0;
  for (const a of G.attacks) if (a.faction === f) n += a.count;
  return n;
}
/** Areas (ids) where a faction has battalions standing. */
export function areasOf(G: GameState, f: Faction): AreaId[] {
  return Object.keys(G.units).filter((a) => (G.units[a]?.[f] ?? 0) > 0);
}
export function isUnderAttack(G: GameState, area: AreaId): boolean {
  return G.attacks.some((a) => a.target === area);
}
