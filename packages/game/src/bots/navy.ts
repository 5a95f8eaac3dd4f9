/**
 * The Allies at sea when the style asks for it (Style.alliedNavy; the Normal Allies).
 *
 * Ships cover the coast: an Allied ship in every coastal zone III–VII. A zone where only German
 * ships lie is German sea: the Allies may not reinforce on its coast nor play Invasjon or
 * Kystevakuering there, and Germany may land reinforcements on it (EN 8.3, appendix). Easy keeps
 * its ships where 9. April put them. Sending the whole fleet to one zone (to bar German landings
 * north of it) did much worse against Easy than either (style only, 150 seeds; README, Normal).
 *
 * A German ship sunk voids as many German cards as the rules allow: a shorter German deck is less
 * time for Germany to take the cities it needs, and fewer cards to take them with (EN 8.2 says as
 * much). Easy chooses at random.
 *
 * Public information only: where ships lie, never what a face-down ship is.
 */
import type { Faction, SeaZone } from '../types.js';
import type { FactionView } from '../engine/view.js';
import type { Action } from '../engine/actions.js';
import { COAST_ZONES_SOUTH_TO_NORTH, mayEnter, sideOfFaction, zonesNextTo } from '../engine/naval/ships.js';
import { maxBy, ofType } from './position.js';

/** The coastal zones Allied ships may lie in, south to north (III–VII). */
const ALLIED_COAST: readonly SeaZone[] = COAST_ZONES_SOUTH_TO_NORTH.filter((z) => mayEnter('allies', z));

/** Sailing steps between zones for an Allied ship (zones I–II closed), computed once. */
const STEPS = new Map<string, Map<string, number>>();
for (const from of [...COAST_ZONES_SOUTH_TO_NORTH, 'VIII', 'raid'] as const) {
  const d = new Map<string, number>([[from, 0]]);
  const queue: string[] = [from];
  while (queue.length) {
    const z = queue.shift()!;
    for (const y of zonesNextTo(z as SeaZone))
      if (mayEnter('allies', y) && !d.has(y)) {
        d.set(y, d.get(z)! + 1);
        queue.push(y);
      }
  }
  STEPS.set(from, d);
}
const steps = (from: string, to: string): number => STEPS.get(from)?.get(to) ?? Infinity;

/** Ships of Norway's and the Allies' side in each zone (Eidsvoll & Norge counts: it is an Allied ship at sea). */
function alliedShipsByZone(view: FactionView): Map<string, number> {
  const m = new Map<string, number>();
  for (const s of view.ships) if (sideOfFaction(s.owner) === 'allies') m.set(s.at, (m.get(s.at) ?? 0) + 1);
  return m;
}

/** The Allies' naval choice, or null where this module has nothing to say (the heuristic player decides). */
export function alliedNavy(view: FactionView, f: Faction, stage: string, legal: readonly Action[]): Action | null {
  if (f !== 'allies') return null;
  if (stage === 'navalVoid') return maxBy(ofType(legal, 'voidGermanCards'), (a) => a.args.count);
  return coverCoast(view, stage, legal);
}

/** Where a ship should go to cover the coast, or null. */
function coverCoast(view: FactionView, stage: string, legal: readonly Action[]): Action | null {
  const count = alliedShipsByZone(view);
  const held = (z: string) => count.get(z) ?? 0;
  const open = ALLIED_COAST.filter((z) => held(z) === 0);
  switch (stage) {
    case 'april9Ships':
    case 'movement': {
      // A ship coming onto the board (9. April, the home fleet) goes to the zone with the fewest, southmost first.
      const place = maxBy(
        ofType(legal, 'placeShip').filter((a) => ALLIED_COAST.includes(a.args.zone)),
        (a) => -held(a.args.zone),
      );
      if (place) return place;
      if (stage === 'april9Ships' || open.length === 0) return null;
      // One ship from a zone that keeps another (or from the open sea) sets out towards the nearest open zone.
      const at = (id: string) => view.ships.find((s) => s.id === id)?.at;
      for (const a of ofType(legal, 'sail')) {
        if (a.args.ships.length !== 1) continue;
        const from = at(a.args.ships[0]!);
        if (from === undefined || (ALLIED_COAST.includes(from as SeaZone) && held(from) < 2)) continue;
        if (open.some((z) => steps(a.args.to, z) < steps(from, z))) return a;
      }
      return null;
    }
    case 'sailOn': {
      const force = view.naval?.force;
      const here = force?.path.at(-1);
      if (!force || here === undefined) return null;
      // Arrived where no other Allied ship lay: this zone is the one covered, the force stays.
      const others = view.ships.filter(
        (s) => sideOfFaction(s.owner) === 'allies' && s.at === here && !(s.id !== null && force.ships.includes(s.id)),
      );
      if (ALLIED_COAST.includes(here as SeaZone) && others.length === 0) return null;
      return ofType(legal, 'sail').find((a) => open.some((z) => steps(a.args.to, z) < steps(here, z))) ?? null;
    }
  }
  return null;
}
