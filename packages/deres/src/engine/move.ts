/**
 * Phase II: every nation's moves are given secretly and carried out together. Paths are judged on the
 * board as it stood when the phase began; then clashes are settled (see resolveMoves).
 */
import { FORT_STEP } from '../data/terrain.js';
import type { DeresState, Fort, MoveOrders, Pos, Regiment, Seat } from '../types.js';
import {
  adjacent,
  capitalAt,
  fortAt,
  heightAt,
  index,
  key,
  land,
  livingCapital,
  neighbours,
  type Occupancy,
  occupancy,
  ownersAt,
  regimentsAt,
  type Table,
} from './board.js';
import { log, movePoints, rulesOf, why, type Nations, type Why } from './kernel.js';

export type MoveTable = Table & Nations;
type Mover = { kind: 'regiment'; piece: Regiment } | { kind: 'fort'; piece: Fort };

export function findMover(t: MoveTable, seat: Seat, id: string): Mover | null {
  const r = t.regiments.find((x) => x.id === id && x.owner === seat);
  if (r) return { kind: 'regiment', piece: r };
  const f = t.forts.find((x) => x.id === id && x.owner === seat && !x.castle);
  if (f && rulesOf(t, seat).fortsMove) return { kind: 'fort', piece: f };
  return null;
}

/** What one step costs; null if it cannot be taken. */
export function stepCost(
  t: MoveTable,
  seat: Seat,
  from: Pos,
  to: Pos,
  mover: Mover['kind'],
  explorer: boolean,
  occ: Occupancy = occupancy(t),
): number | null {
  const ti = index(t.board, to);
  if (!land(t.board, to) || occ.capital[ti] !== undefined) return null;
  for (const o of occ.owners[ti] ?? []) if (o !== seat) return null;
  const toFort = occ.fort[ti];
  const fromFort = occ.fort[index(t.board, from)];
  if (explorer) return toFort && !toFort.castle ? FORT_STEP : 1;
  if (toFort?.castle) return 1;
  // Green forts walking get no cheap steps.
  if (mover === 'regiment' && ((toFort && !toFort.castle) || (fromFort && !fromFort.castle))) return FORT_STEP;
  return Math.abs(heightAt(t.board, from) - heightAt(t.board, to)) <= 1 ? 1 : 2;
}

/** The cheapest cost to every square a piece can reach with its movement points (start excluded). */
export function reachable(t: MoveTable, seat: Seat, pieceId: string, explorer: boolean): Map<string, { at: Pos; cost: number }> {
  const mover = findMover(t, seat, pieceId);
  const out = new Map<string, { at: Pos; cost: number }>();
  if (!mover) return out;
  const mp = movePoints(t, seat, explorer);
  const start: Pos = { x: mover.piece.x, y: mover.piece.y };
  const best = new Map<string, number>([[key(start), 0]]);
  const queue: { at: Pos; cost: number }[] = [{ at: start, cost: 0 }];
  const occ = occupancy(t);
  while (queue.length) {
    queue.sort((a, b) => a.cost - b.cost);
    const cur = queue.shift()!;
    if (cur.cost > (best.get(key(cur.at)) ?? Infinity)) continue;
    for (const n of neighbours(t.board, cur.at)) {
      const c = stepCost(t, seat, cur.at, n, mover.kind, explorer, occ);
      if (c === null) continue;
      const total = cur.cost + c;
      if (total > mp || total >= (best.get(key(n)) ?? Infinity)) continue;
      best.set(key(n), total);
      queue.push({ at: n, cost: total });
      out.set(key(n), { at: n, cost: total });
    }
  }
  return out;
}

/** Squares a piece may end its move on (reachable, and free for it at the start of the phase). */
export function endSquares(t: MoveTable, seat: Seat, pieceId: string, explorer: boolean): Pos[] {
  const mover = findMover(t, seat, pieceId);
  if (!mover) return [];
  const stacks = rulesOf(t, seat).stacks;
  return [...reachable(t, seat, pieceId, explorer).values()]
    .map((d) => d.at)
    .filter((p) => (stacks ? !(mover.kind === 'fort' && fortAt(t, p)) : ownersAt(t, p).size === 0));
}

/** Yellow's recall: squares beside an own fort, castle or the capital, holding no piece. */
export function recallSquares(t: MoveTable, seat: Seat): Pos[] {
  const homes: Pos[] = t.forts.filter((f) => f.owner === seat);
  const cap = livingCapital(t, seat);
  if (cap) homes.push(cap);
  const out = new Map<string, Pos>();
  for (const h of homes) for (const n of neighbours(t.board, h)) if (land(t.board, n) && ownersAt(t, n).size === 0) out.set(key(n), n);
  return [...out.values()];
}

/** Why these move orders are not allowed, or null. */
export function whyNoMove(t: MoveTable, seat: Seat, o: MoveOrders, inventions: readonly string[]): Why | null {
  const rules = rulesOf(t, seat);
  if (o.explorer && !inventions.includes('IX')) return why('invention-not-held', { invention: 'IX' });
  const seen = new Set<string>();
  const ends = new Map<string, Mover[]>();
  const moving = new Set(o.moves.map((m) => m.piece));
  for (const m of o.moves) {
    if (seen.has(m.piece)) return why('piece-moved-twice');
    seen.add(m.piece);
    const mover = findMover(t, seat, m.piece);
    if (!mover) return why('no-such-piece');
    if (m.recall) {
      if (!rules.recall || mover.kind !== 'regiment') return why('only-yellow-recall');
      if (!recallSquares(t, seat).some((p) => p.x === m.to.x && p.y === m.to.y)) return why('bad-recall-square');
    } else if (!reachable(t, seat, m.piece, !!o.explorer).has(key(m.to))) return why('cannot-reach', { at: key(m.to) });
    const list = ends.get(key(m.to)) ?? [];
    list.push(mover);
    ends.set(key(m.to), list);
  }
  for (const [k, list] of ends) {
    const [x, y] = k.split(',').map(Number) as [number, number];
    const p = { x, y };
    const staying = [...regimentsAt(t, p).filter((r) => !moving.has(r.id))];
    const fort = fortAt(t, p);
    const fortStays = fort && !moving.has(fort.id);
    if (rules.stacks) {
      if (list.filter((m) => m.kind === 'fort').length + (fortStays ? 1 : 0) > 1) return why('one-fort-a-square', { at: k });
    } else if (list.length > 1 || staying.length > 0 || fortStays) return why('square-shared', { at: k });
  }
  return null;
}

interface Step {
  seat: Seat;
  mover: Mover;
  to: Pos;
}

/**
 * Carry out every nation's moves at once. A move fails (the piece stays) when another nation's piece
 * stays on its square, or when pieces of two nations end on one square: then the owner of a capital
 * beside that square has the first right, and without one both fail. Failing moves can make others
 * fail (a piece that stays blocks its square); this repeats until nothing changes.
 */
export function resolveMoves(G: DeresState, orders: Record<Seat, MoveOrders>): void {
  const steps: Step[] = [];
  for (const [seat, o] of Object.entries(orders))
    for (const m of o.moves) {
      const mover = findMover(G, seat, m.piece);
      if (mover) steps.push({ seat, mover, to: m.to });
    }
  const failed = new Set<Step>();
  for (let changed = true; changed; ) {
    changed = false;
    const going = new Set(steps.filter((s) => !failed.has(s)).map((s) => s.mover.piece.id));
    const claims = new Map<string, Step[]>();
    for (const s of steps) if (!failed.has(s)) claims.set(key(s.to), [...(claims.get(key(s.to)) ?? []), s]);
    for (const list of claims.values()) {
      const seats = new Set(list.map((s) => s.seat));
      let winner: Seat | null = null;
      if (seats.size > 1) {
        const p = list[0]!.to;
        const firstRight = [...seats].filter((s) => {
          const c = livingCapital(G, s);
          return c && adjacent(c, p);
        });
        winner = firstRight.length === 1 ? firstRight[0]! : null;
      }
      for (const s of list) {
        const stayers = stayingOwners(G, s.to, going);
        const ownFortStays = s.mover.kind === 'fort' && fortAt(G, s.to) && !going.has(fortAt(G, s.to)!.id);
        const blocked = [...stayers].some((o) => o !== s.seat) || (!rulesOf(G, s.seat).stacks && stayers.has(s.seat)) || !!ownFortStays;
        const lost = seats.size > 1 && winner !== s.seat;
        if ((blocked || lost) && !failed.has(s)) {
          failed.add(s);
          changed = true;
          log(G, { t: 'bounced', seat: s.seat, what: 'move', at: s.to });
        }
      }
    }
  }
  for (const s of steps) {
    if (failed.has(s)) continue;
    s.mover.piece.x = s.to.x;
    s.mover.piece.y = s.to.y;
  }
}

function stayingOwners(G: DeresState, p: Pos, going: Set<string>): Set<Seat> {
  const out = new Set<Seat>();
  for (const r of regimentsAt(G, p)) if (!going.has(r.id)) out.add(r.owner);
  const f = fortAt(G, p);
  if (f && !going.has(f.id)) out.add(f.owner);
  const c = capitalAt(G, p);
  if (c !== undefined) out.add(c);
  return out;
}
