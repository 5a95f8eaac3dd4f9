import type { AreaId, SeaZone } from '../types.js';
import { boardSchema, type AreaData, type BoardData } from './schema.js';
import rawBoard from './board-data.json';

/** The board, validated once at load: a malformed data file fails fast, not mid-game. */
export const BOARD: BoardData = boardSchema.parse(rawBoard);

const areaById = new Map<AreaId, AreaData>(BOARD.areas.map((a) => [a.id, a]));
const borderKinds = new Map<AreaId, Map<AreaId, 'land' | 'fjord'>>();
for (const a of BOARD.areas) borderKinds.set(a.id, new Map());
for (const b of BOARD.borders) {
  borderKinds.get(b.a)?.set(b.b, b.kind);
  borderKinds.get(b.b)?.set(b.a, b.kind);
}
const neighbourLists = new Map<AreaId, AreaId[]>([...borderKinds].map(([id, m]) => [id, [...m.keys()].sort()]));

export const AREA_IDS: readonly AreaId[] = BOARD.areas.map((a) => a.id);

export function area(id: AreaId): AreaData {
  const a = areaById.get(id);
  if (!a) throw new Error(`unknown area ${id}`);
  return a;
}
export function isArea(id: unknown): id is AreaId {
  return typeof id === 'string' && areaById.has(id);
}
export function neighbours(id: AreaId): readonly AreaId[] {
  return neighbourLists.get(id) ?? [];
}
/** How two areas meet, or undefined when they are not neighbours. */
export function borderKind(a: AreaId, b: AreaId): 'land' | 'fjord' | undefined {
  return borderKinds.get(a)?.get(b);
}
export function areNeighbours(a: AreaId, b: AreaId): boolean {
  return borderKind(a, b) !== undefined;
}
export function coastZones(id: AreaId): readonly SeaZone[] {
  return area(id).seaZones;
}
export function isCoastal(id: AreaId): boolean {
  return area(id).seaZones.length > 0;
}
const RED: ReadonlySet<SeaZone> = new Set(['I', 'II']);
/** Germany's reinforcement coast: land areas on zone I or II (red shadow). */
export function bordersRedZone(id: AreaId): boolean {
  return area(id).seaZones.some((z) => RED.has(z));
}
/**
 * The blue-shadow coast: on a zone III–VII and not on zone I or II. Allied reinforcements, Invasjon,
 * Kystbombardement, Kystevakuering and Jagerfly are limited to it.
 */
export function isAlliedCoast(id: AreaId): boolean {
  const zones = area(id).seaZones;
  return zones.some((z) => !RED.has(z) && z !== 'VIII') && !zones.some((z) => RED.has(z));
}
export function airfields(): AreaId[] {
  return BOARD.areas.filter((a) => a.airfield).map((a) => a.id);
}
/** Whether German aircraft reach `target` given the air fields Germany holds. */
export function inAirRange(target: AreaId, germanAirfields: Iterable<AreaId>): boolean {
  if (area(target).southOfFraTyskland) return true;
  for (const field of germanAirfields) {
    if (BOARD.airRange[field]?.includes(target)) return true;
  }
  return false;
}
export function victoryCities(): AreaId[] {
  return BOARD.areas.filter((a) => a.victoryCity).map((a) => a.id);
}
