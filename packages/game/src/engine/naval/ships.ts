/**
 * Ships on the board: who is on which side at sea, how strong a ship is, who controls a sea zone,
 * and what losing a ship costs. Small queries used by naval movement, combat and placement.
 */
import { SEA_ZONES, type Faction, type SeaZone } from '../../types.js';
import { BOARD, area as areaData } from '../../board/index.js';
import { SHIP_TYPE_DEFS, cardsVoidedBySinking, ship, shipTypeOf } from '../../cards/advanced.js';
import type { CardInstanceId } from '../../cards/index.js';
import type { GameState, ShipLocation, ShipPiece } from '../model/state.js';
import type { NavalSide, NavalState } from '../model/naval.js';

export const EIDSVOLL_AND_NORGE = 'ship.no.eidsvoll-norge';
/** Zones Allied ships may never enter (EN 5.1: guarded by the Luftwaffe). */
export const CLOSED_TO_ALLIES: readonly SeaZone[] = BOARD.seaZones.filter((z) => z.redShadow).map((z) => z.id);
/** Sea zones from south to north along the coast; VIII, the open sea, is not on the coast (EN 8.3). */
export const COAST_ZONES_SOUTH_TO_NORTH: readonly SeaZone[] = SEA_ZONES.filter((z) => z !== 'VIII');

export function sideOfFaction(f: Faction): NavalSide {
  return f === 'germany' ? 'germany' : 'allies';
}
export function enemySide(s: NavalSide): NavalSide {
  return s === 'germany' ? 'allies' : 'germany';
}
/** The faction that takes a side's naval decisions: the Allies speak for Eidsvoll & Norge. */
export function deciderOf(s: NavalSide): Faction {
  return s;
}

export function pieceOf(G: GameState, id: string): ShipPiece | undefined {
  return G.ships.find((s) => s.id === id);
}
export function shipsAt(G: GameState, at: ShipLocation, side?: NavalSide): ShipPiece[] {
  return G.ships.filter((s) => s.at === at && (side === undefined || sideOfFaction(s.owner) === side));
}
export function hasShipType(G: GameState, zone: SeaZone, owner: Faction, type: string): boolean {
  return G.ships.some((s) => s.at === zone && s.owner === owner && ship(s.id).type === type);
}

/** Zones a ship may sail to from where it lies: the raid box borders VI–VIII (EN 7.2), never entered by sailing. */
export function zonesNextTo(at: ShipLocation): SeaZone[] {
  if (at === 'raid') return [...BOARD.raidBox.adjacent];
  return [...(BOARD.seaZones.find((z) => z.id === at)?.adjacent ?? [])];
}
export function mayEnter(owner: Faction, zone: SeaZone): boolean {
  return owner === 'germany' || !CLOSED_TO_ALLIES.includes(zone);
}
export function speedOf(id: string): number {
  return shipTypeOf(id).speed;
}
export function canIntercept(id: string): boolean {
  return shipTypeOf(id).intercepts;
}

/** Strength for the order of rolling (EN 8.2 step 4): more sinking faces first, then chasing faces. */
export function strength(id: string): number {
  const t = shipTypeOf(id);
  return t.sink.length * 10 + t.chase.length;
}
export function strongestFirst(ids: readonly string[]): string[] {
  return [...ids].sort((a, b) => strength(b) - strength(a));
}

/** A side alone with ships in a zone controls it (EN 8.2). */
export function controls(G: GameState, zone: SeaZone, side: NavalSide): boolean {
  const here = shipsAt(G, zone);
  return here.length > 0 && here.every((s) => sideOfFaction(s.owner) === side);
}
export function germanControlsCoastOf(G: GameState, areaId: string): boolean {
  return areaData(areaId).seaZones.some((z) => controls(G, z, 'germany'));
}
/** An Allied ship of this type lies in a sea zone on the area's coast (Jagerfly, Kystbombardement). */
export function alliedShipOffCoast(G: GameState, areaId: string, type: string): boolean {
  return areaData(areaId).seaZones.some((z) => hasShipType(G, z, 'allies', type));
}

/**
 * Void up to `n` action cards of a faction: the top of the draw pile goes face up to the bottom
 * (EN 6.1, 8.2 step 6), the last face-down card too. A deck emptied so ends at its owner's next
 * draw, when the first face-up card is revealed (hand.ts: refillHand). Returns the cards voided
 * (public now).
 */
export function voidFromDeck(G: GameState, f: Faction, n: number): CardInstanceId[] {
  const deck = G.decks[f];
  const k = Math.max(0, Math.min(n, deck.draw.length));
  const voided = deck.draw.splice(0, k);
  deck.used.push(...voided);
  return voided;
}

/** Take a ship off the board into the box: sunk (a real ship) or removed (a dummy, a withdrawn ship). */
export function takeOff(G: GameState, id: string, how: 'sunk' | 'removed'): void {
  G.ships = G.ships.filter((s) => s.id !== id);
  G.shipsGone[how].push(id);
}

/** Cards its owner voids for a sunk ship (none for a dummy or Eidsvoll & Norge). */
export function voidsFor(id: string): number {
  return cardsVoidedBySinking(id);
}
export function alwaysFaceUp(id: string): boolean {
  return SHIP_TYPE_DEFS[ship(id).type].alwaysFaceUp;
}
/** Surviving ships lie face down again (EN 8.2 step 8), except those always face up. */
export function turnFaceDown(G: GameState, ids: readonly string[]): void {
  for (const id of ids) {
    const p = pieceOf(G, id);
    if (p && p.at !== 'raid' && !alwaysFaceUp(id)) p.faceUp = false;
  }
}

export function navalState(G: GameState): NavalState {
  return (G.naval ??= { moved: [], tried: [], force: null, engagements: [], combat: null, lastCombat: null, recalled: false });
}

/** The ship has made its move this turn (it sailed, or arrived on the board). */
export function markSailed(G: GameState, id: string): void {
  const n = navalState(G);
  if (!n.moved.includes(id)) n.moved.push(id);
}
