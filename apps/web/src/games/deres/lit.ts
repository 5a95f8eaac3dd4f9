/**
 * What the map lights: only clicks whose orders the engine accepts. A lit square carries the orders a
 * click there gives (the browser tests ask the engine about each) and a short label: what it costs or
 * the roll it needs.
 */
import { ordersSchema, RuleError, whyNoOrders, type DeresState, type DeresView, type Orders, type Pos } from '@kon/deres';

export interface Lit {
  at: Pos;
  label?: string;
  /** The whole orders after the click, when they are complete enough for the engine to judge. */
  orders?: Orders;
}

/** Whether the engine takes these orders from this seat now. */
export function accepted(G: DeresView, seat: string, o: Orders): boolean {
  try {
    return whyNoOrders(G as unknown as DeresState, seat, o) === null;
  } catch (e) {
    if (e instanceof RuleError) return false;
    throw e;
  }
}

/** Whether the orders are whole as the move's schema wants them (two conscripts, three artillery aims). */
export function complete(o: Orders): boolean {
  return ordersSchema.safeParse(o).success;
}

export const same = (a: Pos, b: Pos) => a.x === b.x && a.y === b.y;
export const key = (p: Pos) => `${p.x},${p.y}`;
