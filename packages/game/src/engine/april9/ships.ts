/**
 * Ship bookkeeping the 9. April turn needs: where ships lie, and what sinking one costs. Kept small;
 * the naval movement and combat of chapter 8 live in the naval engine.
 */
import type { Faction, SeaZone } from '../../types.js';
import { cardsVoidedBySinking, isDummy, ship } from '../../cards/advanced.js';
import type { GameState, ShipLocation, ShipPiece } from '../model/state.js';
import { log } from '../kernel/log.js';
import { voidFromDeck } from '../naval/ships.js';

export function shipsAt(G: GameState, at: ShipLocation, owner?: Faction): ShipPiece[] {
  return G.ships.filter((s) => s.at === at && (owner === undefined || s.owner === owner));
}
export function shipOnBoard(G: GameState, id: string): ShipPiece | undefined {
  return G.ships.find((s) => s.id === id);
}
/** Sea zones where `owner` has ships. */
export function zonesOf(G: GameState, owner: Faction): SeaZone[] {
  return [...new Set(G.ships.filter((s) => s.owner === owner && s.at !== 'raid').map((s) => s.at as SeaZone))];
}

/** Put a reserve ship on the board. */
export function putShip(G: GameState, id: string, at: ShipLocation, faceUp: boolean): void {
  const owner = ship(id).faction;
  G.shipReserve[owner] = G.shipReserve[owner].filter((x) => x !== id);
  G.ships.push({ id, owner, at, faceUp });
}

/**
 * Void `n` action cards of a faction: the top cards of its deck go face up to the bottom (EN 6.1).
 * Returns the cards voided (they are public now).
 */
export function voidCards(G: GameState, f: Faction, n: number): string[] {
  return voidFromDeck(G, f, n);
}

/**
 * A ship leaves the board: a dummy is removed (no cost), a real ship is sunk and its owner voids
 * cards for it. The ship is shown (its identity becomes public as it goes).
 */
export function sinkShip(G: GameState, id: string, by: Faction): void {
  const piece = shipOnBoard(G, id);
  if (!piece) throw new Error(`sinkShip: ${id} is not on the board`);
  G.ships = G.ships.filter((s) => s.id !== id);
  if (isDummy(id)) {
    G.shipsGone.removed.push(id);
    log(G, by, 'dummyRemoved', { ship: id, zone: piece.at });
    return;
  }
  G.shipsGone.sunk.push(id);
  const voided = voidCards(G, piece.owner, cardsVoidedBySinking(id));
  log(G, by, 'shipSunk', { ship: id, zone: piece.at, cardsVoided: voided });
}
