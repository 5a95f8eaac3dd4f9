/**
 * What ships decide on land in the advanced game: where Germany and the Allies may place
 * reinforcements (EN 8.3), and the card prerequisites ships create (appendix: Jagerfly needs a
 * carrier, Kystbombardement a battleship; Invasjon and Kystevakuering are barred where Germany
 * controls the sea).
 */
import type { AreaId, Faction, SeaZone } from '../../types.js';
import { area as areaData, isAlliedCoast } from '../../board/index.js';
import type { Effect } from '../../cards/schema.js';
import type { GameState } from '../model/state.js';
import type { CardParams } from '../model/actions.js';
import { ensure } from '../kernel/errors.js';
import { hasEnemy } from '../kernel/forces.js';
import {
  CLOSED_TO_ALLIES,
  COAST_ZONES_SOUTH_TO_NORTH,
  alliedShipOffCoast,
  controls,
  germanControlsCoastOf,
  hasShipType,
  navalState,
  shipsAt,
} from './ships.js';

/** The rules of chapters 6 and 8 apply: an advanced game after the 9. April turn. */
export function advancedAtSea(G: GameState): boolean {
  return G.ruleset === 'advanced' && !G.april9;
}

const alliedShipsIn = (G: GameState, z: SeaZone) => shipsAt(G, z, 'allies').length;

/** Allied ships (Eidsvoll & Norge included) lie in a coastal zone south of `z`. */
export function alliedShipsFurtherSouth(G: GameState, z: SeaZone): boolean {
  const i = COAST_ZONES_SOUTH_TO_NORTH.indexOf(z);
  return COAST_ZONES_SOUTH_TO_NORTH.slice(0, Math.max(0, i)).some((s) => alliedShipsIn(G, s) > 0);
}

/**
 * How many German reinforcements may come ashore from zone `z` this phase: unlimited on zones I–II
 * and where no Allied ship lies in the zone or south of it; one per German ship where Germany
 * controls the zone but Allied ships lie further south; none otherwise (EN 8.3).
 */
export function germanLandingLimit(G: GameState, z: SeaZone): number {
  if (CLOSED_TO_ALLIES.includes(z)) return Infinity;
  if (alliedShipsIn(G, z) === 0 && !alliedShipsFurtherSouth(G, z)) return Infinity;
  if (controls(G, z, 'germany')) return shipsAt(G, z, 'germany').length;
  return 0;
}

/** Where `f` may place `n` reinforcements in the advanced game (Germany and the Allies; EN 8.3). */
export function checkAdvancedPlacement(G: GameState, f: Faction, where: AreaId, n: number): void {
  const zones = areaData(where).seaZones;
  if (f === 'germany') {
    ensure(!hasEnemy(G, where, f), 'wrong-area', 'not into an area the enemy holds');
    const placed = G.naval?.placed ?? {};
    ensure(
      zones.some((z) => (placed[z] ?? 0) + n <= germanLandingLimit(G, z)),
      'wrong-area',
      'Germany reinforces on the coast of zones I–II, of zones free of Allied ships up from the south, or of zones its ships control (one battalion per ship while Allied ships lie further south)',
    );
    return;
  }
  ensure(isAlliedCoast(where), 'wrong-area', 'the Allies reinforce on the coast of zones III–VII');
  ensure(!germanControlsCoastOf(G, where), 'german-sea', 'not on a coast whose sea zone Germany controls');
  if (G.phase !== 'movement') ensure(!hasEnemy(G, where, f), 'wrong-area', 'not into an area the enemy holds');
}

/** Count German battalions placed from each zone (for the one-per-ship limit). */
export function notePlacement(G: GameState, f: Faction, where: AreaId, n: number): void {
  if (f !== 'germany') return;
  const zones = areaData(where).seaZones;
  if (zones.length === 0) return;
  const placed = (navalState(G).placed ??= {});
  // An area lies on one zone on this board; count it against the first that allows it.
  const z = zones.find((x) => (placed[x] ?? 0) + n <= germanLandingLimit(G, x)) ?? zones[0]!;
  placed[z] = (placed[z] ?? 0) + n;
}

/** Areas of a card play whose coast a ship prerequisite looks at. */
function areasOfPlay(G: GameState, e: Effect, p: CardParams): AreaId[] {
  switch (e.kind) {
    case 'attackDice':
    case 'cancel':
      return G.combat ? [G.combat.area] : [];
    case 'redirectParatrooper': {
      const top = G.prompts[G.prompts.length - 1];
      return top?.kind === 'paratroopers' ? [top.area] : [];
    }
    case 'seaMove':
      return [p.from, p.to].filter((a): a is AreaId => a !== undefined);
    case 'evacuate':
      return [G.combat?.area, p.to].filter((a): a is AreaId => a !== undefined);
    default:
      return [];
  }
}

/** The ship prerequisites of an Allied card played on land (appendix, "Advanced Rules" notes). */
export function checkShipPrerequisites(G: GameState, f: Faction, e: Effect, p: CardParams): void {
  if (!advancedAtSea(G) || f !== 'allies') return;
  const areas = areasOfPlay(G, e, p);
  if ('needsShip' in e && e.needsShip) {
    const type = e.needsShip;
    ensure(
      areas.every((a) => alliedShipOffCoast(G, a, type)),
      'needs-ship',
      type === 'hangarskip'
        ? 'Jagerfly needs an Allied aircraft carrier in the sea zone off that coast'
        : 'Kystbombardement needs an Allied battleship in the sea zone off that coast',
    );
  }
  if ('noGermanSeaControl' in e && e.noGermanSeaControl) {
    ensure(
      areas.every((a) => !germanControlsCoastOf(G, a)),
      'german-sea',
      'not where Germany controls the sea zone off the coast',
    );
  }
}

/** At sea, Jagerfly needs a carrier in the combat's own zone. */
export function carrierAt(G: GameState, zone: SeaZone): boolean {
  return hasShipType(G, zone, 'allies', 'hangarskip');
}
