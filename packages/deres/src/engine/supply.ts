/**
 * Phase IV (collecting, automatic) and phase V (spreading new supplies by aimed throws).
 *
 * A throw is aimed at a square where a supply may rest and lands by one d12: 1–4 on the square aimed
 * at, 5–12 on its neighbour in direction roll − 5 (north, north-east, east, … clockwise). A supply that
 * lands off the map, in water or on a fort, castle or capital (a Green fort excepted) is a miss: it
 * passes to the next nation clockwise, who throws it in the next spread step, until every one has
 * landed. A third of the throws land where aimed, so the passing ends.
 */
import { fortIncome, SPREAD_BELOW, SPREAD_TO } from '../data/upgrades.js';
import type { DeresState, Pos, Seat, SpreadOrders } from '../types.js';
import { allSquares, capitalAt, DIRS, fortAt, index, land, squareAt, type Table } from './board.js';
import { gatherUnder } from './inventions.js';
import { clockwise, living, log, nationOf, nextSeat, rulesOf, why, type Rng, type Why } from './kernel.js';

/** Where a throw aimed at `aim` lands for a d12 `roll` (before checking the square). */
export function throwLanding(aim: Pos, roll: number): Pos {
  if (roll <= 4) return { x: aim.x, y: aim.y };
  const d = DIRS[(roll - 5) % 8]!;
  return { x: aim.x + d.x, y: aim.y + d.y };
}

/** A thrown supply may rest here. */
export function supplyMayLand(t: Table & Pick<DeresState, 'nations' | 'seats'>, p: Pos): boolean {
  if (!land(t.board, p) || capitalAt(t, p) !== undefined) return false;
  const f = fortAt(t, p);
  return !f || (!f.castle && rulesOf(t, f.owner).fortsMove);
}

export function suppliesOnMap(G: Pick<DeresState, 'mapSupplies'>): number {
  return G.mapSupplies.reduce((a, b) => a + b, 0);
}

/** Phase IV for every nation still in: map supplies under regiments, forts, welfare. */
export function collect(G: DeresState): void {
  for (const seat of living(G)) {
    const n = nationOf(G, seat);
    const before = n.supplies;
    const onlyCapital = !G.regiments.some((r) => r.owner === seat) && !G.forts.some((f) => f.owner === seat);
    const map = gatherUnder(G, seat);
    const forts = fortIncome(G.forts.filter((f) => f.owner === seat).length, rulesOf(G, seat).fourFortIncome);
    const welfare = before === 0 && onlyCapital ? 1 : 0;
    n.supplies += forts + welfare;
    log(G, { t: 'collect', seat, map, forts, welfare });
  }
}

/**
 * How many supplies each nation throws to bring the map back to SPREAD_TO, handed out one at a time
 * from the first-player token clockwise. Empty when the map has SPREAD_BELOW or more.
 */
export function shareThrows(G: DeresState): Record<Seat, number> {
  const on = suppliesOnMap(G);
  const out: Record<Seat, number> = {};
  if (on >= SPREAD_BELOW) return out;
  const seats = clockwise(G, G.firstPlayer).filter((s) => !G.nations[s]!.out);
  for (let k = 0; k < SPREAD_TO - on; k++) {
    const s = seats[k % seats.length]!;
    out[s] = (out[s] ?? 0) + 1;
  }
  return out;
}

export function whyNoSpread(G: DeresState, seat: Seat, o: SpreadOrders): Why | null {
  if (o.aims.length !== (G.toThrow[seat] ?? 0)) return why('throw-count', { n: G.toThrow[seat] ?? 0 });
  for (const a of o.aims) {
    if (!squareAt(G.board, a)) return why('aim-off-map');
    // Else a nation could throw into the sea on purpose and keep supplies off the map.
    if (!supplyMayLand(G, a)) return why('aim-cannot-land');
  }
  return null;
}

/** Every square a thrown supply may rest on now (where a throw may be aimed). */
export function landingSquares(t: Table & Pick<DeresState, 'nations' | 'seats'>): Pos[] {
  return allSquares(t.board).filter((p) => supplyMayLand(t, p));
}

/**
 * Throw every nation's supplies; returns the misses each next nation clockwise must throw. A throw
 * handed in without an aim (empty orders, the clock) is aimed by the game at a random square where a
 * supply may rest, so that nobody keeps supplies off the map by handing in nothing.
 */
export function resolveSpread(G: DeresState, orders: Record<Seat, SpreadOrders | null>, rng: Rng): Record<Seat, number> {
  const missed: Record<Seat, number> = {};
  const squares = landingSquares(G);
  // No square left for a supply at all: the throws are dropped, or they would pass on for ever.
  if (!squares.length) return missed;
  for (const seat of clockwise(G, G.firstPlayer)) {
    const count = G.toThrow[seat] ?? 0;
    if (!count) continue;
    const aims = orders[seat]?.aims ?? [];
    for (let k = 0; k < count; k++) {
      const aim = aims[k] ?? rng.shuffle(squares)[0]!;
      const roll = rng.d12();
      const landed = throwLanding(aim, roll);
      const ok = supplyMayLand(G, landed);
      log(G, { t: 'throw', seat, aim, roll, landed: ok ? landed : null });
      if (ok) G.mapSupplies[index(G.board, landed)]!++;
      else {
        const next = nextSeat(G, seat);
        missed[next] = (missed[next] ?? 0) + 1;
      }
    }
  }
  return missed;
}
