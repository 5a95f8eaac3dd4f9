/**
 * Phase I: every nation's purchases are given secretly and carried out together. Loans and buying back
 * come first, then upgrades and other changes to own pieces, then placements, where clashes are settled.
 */
import { LOAN, MAX_UPGRADES, UPGRADES } from '../data/upgrades.js';
import type { BuyOrders, DeresState, Pos, Seat } from '../types.js';
import {
  adjacent,
  capitalAt,
  completelyFree,
  fortAt,
  freeIn,
  index,
  key,
  land,
  livingCapital,
  neighbours,
  type Occupancy,
  occupancy,
  onlyOwn,
  onlyOwnIn,
  ownersAt,
  suppliesAt,
  type Table,
} from './board.js';
import { log, nationOf, newId, rulesOf, upgradeCost, why, type Nations, type Why } from './kernel.js';
import { drawInvention } from './inventions.js';

export type BuyTable = Table & Nations & Pick<DeresState, 'round'>;

/** Squares where `seat` may put a bought regiment (beside its capital or an old fort, not a castle). */
export function regimentSquares(t: BuyTable, seat: Seat, occ: Occupancy = occupancy(t)): Pos[] {
  const rules = rulesOf(t, seat);
  const sources: Pos[] = t.forts.filter((f) => f.owner === seat && !f.castle);
  const cap = livingCapital(t, seat);
  if (cap) sources.push(cap);
  const free = new Map<string, Pos>();
  for (const s of sources)
    for (const n of neighbours(t.board, s)) {
      const ok = rules.stacks ? onlyOwnIn(t, occ, n, seat) : freeIn(t, occ, n);
      if (ok) free.set(key(n), n);
    }
  // With no room at all, a supply beside the capital may be put back in the bank to make room.
  if (free.size === 0 && cap)
    for (const n of neighbours(t.board, cap))
      if (land(t.board, n) && ownersAt(t, n).size === 0 && suppliesAt(t, n) > 0) free.set(key(n), n);
  return [...free.values()];
}

/** Squares where `seat` may build a fort: beside one of its regiments that stood there at the start. */
export function fortSquares(t: BuyTable, seat: Seat, occ: Occupancy = occupancy(t)): Pos[] {
  const rules = rulesOf(t, seat);
  const out = new Map<string, Pos>();
  for (const r of t.regiments)
    if (r.owner === seat)
      for (const n of neighbours(t.board, r)) {
        const ok = rules.stacks ? onlyOwnIn(t, occ, n, seat) && !occ.fort[index(t.board, n)] : freeIn(t, occ, n);
        if (ok) out.set(key(n), n);
      }
  return [...out.values()];
}

/** A fort costs 2, or 1 beside another nation's old fort or castle. */
export function fortCost(t: BuyTable, seat: Seat, p: Pos): number {
  return t.forts.some((f) => f.owner !== seat && adjacent(f, p)) ? 1 : 2;
}

/** Any completely free square (invention V); Green may also use squares with only its own pieces. */
export function slaveFortOk(t: BuyTable, seat: Seat, p: Pos): boolean {
  return rulesOf(t, seat).stacks ? onlyOwn(t, p, seat) && !fortAt(t, p) : completelyFree(t, p);
}

/** The total supplies these orders cost (after the loan's 2 are added), or a reason they are not allowed. */
export function buyCost(t: BuyTable, seat: Seat, o: BuyOrders, squares?: { regiments: Pos[]; forts: Pos[] }): { cost: number } | Why {
  const n = nationOf(t, seat);
  const rules = rulesOf(t, seat);
  const has = (i: string) => n.inventions.includes(i as never);
  let cost = 0;
  let pool = n.pool;
  let loaned = n.loaned;
  if (o.loan) {
    if (pool < LOAN.regiments) return why('loan-needs-regiments');
    pool -= LOAN.regiments;
    loaned += LOAN.regiments;
  }
  if (o.repay > loaned) return why('repay-too-many');
  cost += o.repay * LOAN.repayEach;
  pool += o.repay;
  loaned -= o.repay;
  if (o.upgrades > 0) {
    if (loaned > 0) return why('repay-before-upgrade');
    if (n.upgrades + o.upgrades > MAX_UPGRADES) return why('max-upgrades');
    for (let k = n.upgrades + 1; k <= n.upgrades + o.upgrades; k++) cost += upgradeCost(t, seat, k);
  }
  if (o.fortUpgrades.length) {
    if (!rules.fortUpgrades) return why('only-red-fort-upgrades');
    const onMap = t.forts.filter((f) => f.owner === seat).length;
    const count = new Map<string, number>();
    for (const id of o.fortUpgrades) count.set(id, (count.get(id) ?? 0) + 1);
    for (const [id, k] of count) {
      const f = t.forts.find((x) => x.id === id && x.owner === seat && !x.castle);
      if (!f) return why('no-such-fort');
      if (f.upgrades + k > onMap) return why('fort-upgrade-limit');
      if (o.castle === id) return why('upgraded-no-castle');
    }
    cost += o.fortUpgrades.length;
    pool -= o.fortUpgrades.length;
  }
  if (o.castle !== undefined) {
    if (!has('I')) return why('invention-not-held', { invention: 'I' });
    const f = t.forts.find((x) => x.id === o.castle && x.owner === seat && !x.castle);
    if (!f) return why('no-such-fort');
    if (rules.fortUpgrades && f.upgrades > 0) return why('upgraded-no-castle');
  }
  const taken = new Set<string>();
  const claim = (p: Pos, many: boolean): Why | null => {
    if (taken.has(key(p)) && !many) return why('square-bought-twice', { at: key(p) });
    taken.add(key(p));
    return null;
  };
  const regSquares = new Set((squares?.regiments ?? regimentSquares(t, seat)).map(key));
  for (const p of o.regiments) {
    if (!regSquares.has(key(p))) return why('bad-regiment-square', { at: key(p) });
    const e = claim(p, rules.stacks);
    if (e) return e;
  }
  cost += o.regiments.length;
  pool -= o.regiments.length;
  if (o.conscripts) {
    if (!has('VIII')) return why('invention-not-held', { invention: 'VIII' });
    pool -= o.conscripts.length;
    for (const p of o.conscripts) {
      if (!regSquares.has(key(p))) return why('bad-regiment-square', { at: key(p) });
      const e = claim(p, rules.stacks);
      if (e) return e;
    }
  }
  if (pool < 0) return why('no-regiments-left');
  const fortOk = new Set((squares?.forts ?? fortSquares(t, seat)).map(key));
  let forts = n.fortStock;
  for (const p of o.forts) {
    if (!fortOk.has(key(p))) return why('bad-fort-square', { at: key(p) });
    const e = claim(p, false);
    if (e) return e;
    cost += fortCost(t, seat, p);
    forts--;
  }
  if (o.slaveFort) {
    if (!has('V')) return why('invention-not-held', { invention: 'V' });
    if (!slaveFortOk(t, seat, o.slaveFort)) return why('slave-fort-square');
    const e = claim(o.slaveFort, false);
    if (e) return e;
    forts--;
  }
  if (forts < 0) return why('no-forts-left');
  if (cost > n.supplies + (o.loan ? LOAN.supplies : 0)) return why('not-enough-supplies');
  return { cost };
}

type Placement = { seat: Seat; kind: 'regiment' | 'fort'; at: Pos; refund: number };

/**
 * Carry out every nation's purchases. Placements on one square by two or more nations all fail (their
 * supplies are given back), except that the owner of a capital beside the square keeps its regiment
 * there (first right; not for forts).
 */
export function resolveBuy(G: DeresState, orders: Record<Seat, BuyOrders>, rng: { shuffle<T>(x: T[]): T[] }): void {
  const placements: Placement[] = [];
  for (const [seat, o] of Object.entries(orders)) {
    const n = nationOf(G, seat);
    const priced = buyCost(G, seat, o);
    if ('code' in priced) continue;
    if (o.loan) {
      n.pool -= LOAN.regiments;
      n.loaned += LOAN.regiments;
      n.supplies += LOAN.supplies;
    }
    n.supplies -= priced.cost;
    n.loaned -= o.repay;
    n.pool += o.repay;
    for (const id of o.fortUpgrades) {
      G.forts.find((f) => f.id === id)!.upgrades++;
      n.pool--;
    }
    if (o.castle !== undefined) {
      G.forts.find((f) => f.id === o.castle)!.castle = true;
      // The fort piece goes back to the stock; the castle token takes its place.
      n.fortStock++;
      useUp(G, seat, 'I');
    }
    for (const p of o.regiments) placements.push({ seat, kind: 'regiment', at: p, refund: 1 });
    for (const p of o.conscripts ?? []) placements.push({ seat, kind: 'regiment', at: p, refund: 0 });
    if (o.conscripts) useUp(G, seat, 'VIII');
    for (const p of o.forts) placements.push({ seat, kind: 'fort', at: p, refund: fortCost(G, seat, p) });
    if (o.slaveFort) {
      placements.push({ seat, kind: 'fort', at: o.slaveFort, refund: 0 });
      useUp(G, seat, 'V');
    }
    for (let k = 0; k < o.upgrades; k++) {
      n.upgrades++;
      if (UPGRADES[n.upgrades]!.unlocksInvention && !n.unlockedByUpgrade) {
        n.unlockedByUpgrade = true;
        drawInvention(G, seat, rng);
      }
    }
  }
  const bySquare = new Map<string, Placement[]>();
  for (const pl of placements) bySquare.set(key(pl.at), [...(bySquare.get(key(pl.at)) ?? []), pl]);
  for (const list of bySquare.values()) {
    const seats = new Set(list.map((p) => p.seat));
    let keep: Seat | null = list[0]!.seat;
    if (seats.size > 1) {
      const at = list[0]!.at;
      const owner = G.seats.find((s) => {
        const c = livingCapital(G, s);
        return c && adjacent(c, at) && list.some((p) => p.seat === s && p.kind === 'regiment');
      });
      keep = owner ?? null;
    }
    for (const pl of list) {
      const n = nationOf(G, pl.seat);
      if (pl.seat !== keep || (seats.size > 1 && pl.kind === 'fort')) {
        n.supplies += pl.refund;
        log(G, { t: 'bounced', seat: pl.seat, what: pl.kind, at: pl.at });
        continue;
      }
      if (!rulesOf(G, pl.seat).stacks && capitalAt(G, pl.at) === undefined) G.mapSupplies[index(G.board, pl.at)] = 0;
      if (pl.kind === 'regiment') {
        if (n.pool <= 0) {
          n.supplies += pl.refund;
          continue;
        }
        n.pool--;
        G.regiments.push({ id: newId(G, 'r'), owner: pl.seat, x: pl.at.x, y: pl.at.y, born: G.round, firedIn: 0 });
      } else {
        n.fortStock--;
        G.forts.push({ id: newId(G, 'f'), owner: pl.seat, x: pl.at.x, y: pl.at.y, castle: false, born: G.round, upgrades: 0, firedIn: 0 });
      }
    }
  }
  for (const seat of G.seats) {
    const n = nationOf(G, seat);
    if (!n.out && !n.unlockedByForts && G.forts.filter((f) => f.owner === seat).length >= 4) {
      n.unlockedByForts = true;
      drawInvention(G, seat, rng);
    }
  }
}

export function useUp(G: DeresState, seat: Seat, id: 'I' | 'II' | 'III' | 'IV' | 'V' | 'VI' | 'VII' | 'VIII' | 'IX' | 'X'): void {
  const n = nationOf(G, seat);
  const i = n.inventions.indexOf(id);
  if (i < 0) return;
  n.inventions.splice(i, 1);
  n.used.push(id);
  log(G, { t: 'invention', seat, invention: id, how: 'used' });
}
