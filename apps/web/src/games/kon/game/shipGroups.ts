/**
 * Placing ships by groups: the ships still to place, by type, the group picked now and the sea
 * zones the engine lists for it (placeShip for one ship, placeShips for a group). Nothing here
 * decides what is legal: a group is offered a zone only when that exact group is listed there.
 */
import { ship } from '@kon/game';
import type { Args } from './advancedChoices';

export interface ShipGroup {
  type: string;
  ids: string[];
}
export interface ShipPlacement {
  /** Every ship still to place, in the engine's order. */
  toPlace: string[];
  /** The same ships by type, in order of first appearance. */
  groups: ShipGroup[];
  /** The group picked now: the first type's ships until the player picks another. */
  pick: string[];
  /** Sea zones the picked group may go to. */
  zones: string[];
}

const key = (ids: readonly string[]) => [...ids].sort().join('|');

export function shipPlacement(single: readonly Args[], groups: readonly Args[], picked: readonly string[] | null): ShipPlacement {
  const toPlace = [...new Set(single.map((o) => String(o.ship)))];
  const byType = new Map<string, string[]>();
  for (const id of toPlace) byType.set(ship(id).type, [...(byType.get(ship(id).type) ?? []), id]);
  const typed = [...byType].map(([type, ids]) => ({ type, ids }));
  const kept = (picked ?? []).filter((id) => toPlace.includes(id));
  const pick = kept.length > 0 ? toPlace.filter((id) => kept.includes(id)) : (typed[0]?.ids ?? []);
  const zonesOf = (id: string) => single.filter((o) => o.ship === id).map((o) => String(o.zone));
  const listed = groups.filter((o) => key(o.ships as string[]) === key(pick)).map((o) => String(o.zone));
  // A group the engine did not list (ships picked one by one) goes where each of its ships may go:
  // the engine places a group ship by ship, whole or not at all.
  const zones =
    pick.length === 1
      ? zonesOf(pick[0]!)
      : listed.length > 0
        ? listed
        : zonesOf(pick[0]!).filter((z) => pick.every((id) => zonesOf(id).includes(z)));
  return { toPlace, groups: typed, pick, zones: [...new Set(zones)] };
}

/** The pick after the player toggles a whole type: added to whole types, or alone, or taken out. */
export function toggleType(p: ShipPlacement, type: string): string[] {
  const of = p.groups.find((g) => g.type === type)?.ids ?? [];
  const whole = p.groups.filter((g) => g.ids.every((id) => p.pick.includes(id)));
  const pickIsWholeTypes = whole.reduce((n, g) => n + g.ids.length, 0) === p.pick.length;
  const has = of.every((id) => p.pick.includes(id));
  if (has) return whole.length > 1 ? p.pick.filter((id) => !of.includes(id)) : p.pick;
  return pickIsWholeTypes ? [...p.pick, ...of] : of;
}

/** The first `k` ships of a type (ships of one type are alike in every rule). */
export function someOfType(p: ShipPlacement, type: string, k: number): string[] {
  const of = p.groups.find((g) => g.type === type)?.ids ?? [];
  return of.slice(0, Math.max(1, Math.min(k, of.length)));
}
