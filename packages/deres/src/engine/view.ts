/**
 * What a seat may see. Hidden: the order of the terrain pieces left in the box (only their number is
 * shown) and every other seat's unrevealed orders (only whether it has submitted). Spectators see no
 * unrevealed orders at all. Revealed orders are public through the log.
 */
import type { DeresState, DeresView, Seat } from '../types.js';

export function viewFor(G: DeresState, viewer: Seat | null): DeresView {
  const { pile, orders, ...rest } = G;
  const own = viewer !== null && Object.hasOwn(orders, viewer) ? (orders[viewer] ?? null) : null;
  return { ...rest, viewer, pileCount: pile.length, myOrders: own };
}
