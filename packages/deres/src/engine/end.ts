/** Knocking a nation out, and the ends: last survivor, technology, surrender, round limit. */
import type { DeresState, Result, Seat } from '../types.js';
import { living, log, nationOf } from './kernel.js';

/** The capital is destroyed: every other piece leaves; the capital stays as a blocked square. */
export function knockOut(G: DeresState, seat: Seat, reason: 'capital' | 'surrender'): void {
  const n = nationOf(G, seat);
  if (n.out) return;
  n.out = true;
  n.outRound = G.round;
  n.supplies = 0;
  n.shotsLeft = 0;
  G.regiments = G.regiments.filter((r) => r.owner !== seat);
  G.forts = G.forts.filter((f) => f.owner !== seat);
  const cap = G.capitals[seat];
  if (cap) cap.destroyed = true;
  G.orders[seat] = null;
  G.mustSubmit = G.mustSubmit.filter((s) => s !== seat);
  delete G.submitted[seat];
  delete G.toThrow[seat];
  if (G.surrender && (G.surrender.seat === seat || G.surrender.consents.includes(seat))) G.surrender = null;
  log(G, { t: 'out', seat, reason });
}

/** Material for breaking ties in the technology ranking: forts + supplies + regiments. */
export function material(G: Pick<DeresState, 'forts' | 'regiments' | 'nations'>, seat: Seat): number {
  return G.forts.filter((f) => f.owner === seat).length + G.regiments.filter((r) => r.owner === seat).length + G.nations[seat]!.supplies;
}

/** Nations still in by upgrades, then material, then seat order; then those out, last out first. */
export function ranking(G: DeresState): Seat[] {
  const alive = living(G).sort(
    (a, b) => G.nations[b]!.upgrades - G.nations[a]!.upgrades || material(G, b) - material(G, a) || G.seats.indexOf(a) - G.seats.indexOf(b),
  );
  const out = G.seats.filter((s) => G.nations[s]!.out).sort((a, b) => G.nations[b]!.outRound - G.nations[a]!.outRound);
  return [...alive, ...out];
}

function finish(G: DeresState, result: Result): void {
  G.result = result;
  G.phase = 'over';
  G.mustSubmit = [];
  G.step = null;
  G.setupTurn = null;
}

/** Ends the game if it is over; returns true then. */
export function checkEnd(G: DeresState, why: 'conquest' | 'surrender' = 'conquest'): boolean {
  if (G.result) return true;
  const alive = living(G);
  if (alive.length <= 1) {
    finish(G, { reason: why, winner: alive[0] ?? null, ranking: ranking(G) });
    return true;
  }
  const tech = alive.filter((s) => G.nations[s]!.upgrades >= 8);
  if (tech.length) {
    const order = ranking(G);
    finish(G, { reason: 'technology', winner: order[0]!, ranking: order });
    return true;
  }
  return false;
}

/** The round limit reached: rank as for technology; no winner if the top two tie on both counts. */
export function endByRounds(G: DeresState): void {
  const order = ranking(G);
  const [a, b] = order;
  const tie =
    a !== undefined &&
    b !== undefined &&
    !G.nations[b]!.out &&
    G.nations[a]!.upgrades === G.nations[b]!.upgrades &&
    material(G, a) === material(G, b);
  finish(G, { reason: 'roundLimit', winner: tie ? null : (a ?? null), ranking: order });
}
