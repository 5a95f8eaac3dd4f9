/** Drawing inventions, and the two played at once (II treasure chest, VII gatherer). */
import { INVENTIONS, MAX_INVENTIONS } from '../data/inventions.js';
import type { DeresState, InventionId, Seat } from '../types.js';
import { fortAt, index, regimentsAt } from './board.js';
import { fail, log, nationOf, rulesOf, why, type Why } from './kernel.js';

/** Take a random invention from the bag for `seat` (nothing if the bag is empty or it holds two). */
export function drawInvention(G: DeresState, seat: Seat, rng: { shuffle<T>(x: T[]): T[] }): void {
  const n = nationOf(G, seat);
  if (!G.inventionBag.length || n.inventions.length + n.used.length >= MAX_INVENTIONS) return;
  const pick = rng.shuffle([...G.inventionBag])[0]!;
  G.inventionBag.splice(G.inventionBag.indexOf(pick), 1);
  n.inventions.push(pick);
  log(G, { t: 'invention', seat, invention: pick, how: 'drawn' });
}

/** Supplies on squares where `seat` has a regiment (or a Green fort) go to it; returns how many. */
export function gatherUnder(G: DeresState, seat: Seat): number {
  const green = rulesOf(G, seat).fortsMove;
  let got = 0;
  for (let i = 0; i < G.mapSupplies.length; i++) {
    if (!G.mapSupplies[i]) continue;
    const p = { x: i % G.board.width, y: Math.floor(i / G.board.width) };
    const mine = regimentsAt(G, p).some((r) => r.owner === seat) || (green && fortAt(G, p)?.owner === seat && !fortAt(G, p)!.castle);
    if (!mine) continue;
    got += G.mapSupplies[i]!;
    G.mapSupplies[index(G.board, p)] = 0;
  }
  nationOf(G, seat).supplies += got;
  return got;
}

export function whyNoInventionNow(G: DeresState, seat: Seat, id: InventionId): Why | null {
  if (INVENTIONS[id].use !== 'now') return why('invention-with-orders', { invention: id });
  if (!nationOf(G, seat).inventions.includes(id)) return why('invention-not-held', { invention: id });
  if (G.phase === 'over' || G.round === 0) return why('invention-not-now');
  return null;
}

export function useInventionNow(G: DeresState, seat: Seat, id: InventionId): void {
  const bad = whyNoInventionNow(G, seat, id);
  if (bad) fail(bad);
  const n = nationOf(G, seat);
  n.inventions.splice(n.inventions.indexOf(id), 1);
  n.used.push(id);
  log(G, { t: 'invention', seat, invention: id, how: 'used' });
  if (id === 'II') n.supplies += 2;
  if (id === 'VII') gatherUnder(G, seat);
}
