/**
 * Line of sight on the grid. A shot travels on the straight line between the centres of the two
 * squares. The squares it passes strictly between them are sampled finely; where the line runs exactly
 * along a corner or an edge, both squares it touches count (so sight is the same both ways). The shot is
 * blocked by a hill on such a square, by a piece of any other nation on it, and, when the target is more
 * than one square away, by crossing a cliff (neighbouring samples whose heights differ by 2 or more).
 * Indirect fire (4th upgrade) ignores hills and cliffs; a sniper (invention III) ignores enemy pieces.
 */
import { dist, heightAt, key, ownersAt, samePos, squareAt, type Table } from './board.js';
import type { Pos, Seat } from '../types.js';

export interface SightOptions {
  /** The shooting nation: its own pieces never block. */
  seat: Seat;
  indirect?: boolean;
  ignoreEnemies?: boolean;
}
export type Blocker = { at: Pos; why: 'hill' | 'enemy' | 'cliff' };
export interface Sight {
  clear: boolean;
  /** Squares strictly between, in order from the shooter. */
  path: Pos[];
  blockedBy: Blocker | null;
}

/** Lines depend only on their two ends, not on the board: each is worked out once. */
const sampleCache = new Map<string, Pos[][]>();

/** The groups of squares the line passes, from `from` to `to` inclusive (a group has 2 on a tie). */
function samples(from: Pos, to: Pos): Pos[][] {
  const k = `${from.x},${from.y},${to.x},${to.y}`;
  let hit = sampleCache.get(k);
  if (!hit) {
    if (sampleCache.size > 50_000) sampleCache.clear();
    sampleCache.set(k, (hit = computeSamples(from, to)));
  }
  return hit;
}

function computeSamples(from: Pos, to: Pos): Pos[][] {
  const n = Math.max(1, dist(from, to)) * 8;
  const groups: Pos[][] = [];
  let last = '';
  for (let k = 0; k <= n; k++) {
    const px = from.x + ((to.x - from.x) * k) / n;
    const py = from.y + ((to.y - from.y) * k) / n;
    const xs = Math.abs(px - Math.floor(px) - 0.5) < 1e-9 ? [Math.floor(px), Math.ceil(px)] : [Math.round(px)];
    const ys = Math.abs(py - Math.floor(py) - 0.5) < 1e-9 ? [Math.floor(py), Math.ceil(py)] : [Math.round(py)];
    const g: Pos[] = [];
    for (const x of xs) for (const y of ys) g.push({ x, y });
    const sig = g.map(key).join('|');
    if (sig !== last) groups.push(g);
    last = sig;
  }
  return groups;
}

/** The squares a shot from `from` to `to` passes strictly between them. */
export function sightPath(from: Pos, to: Pos): Pos[] {
  const seen = new Set<string>([key(from), key(to)]);
  const out: Pos[] = [];
  for (const g of samples(from, to))
    for (const p of g) {
      if (seen.has(key(p))) continue;
      seen.add(key(p));
      out.push(p);
    }
  return out;
}

export function lineOfSight(t: Table, from: Pos, to: Pos, opts: SightOptions): Sight {
  const path = sightPath(from, to);
  const block = (at: Pos, why: Blocker['why']): Sight => ({ clear: false, path, blockedBy: { at, why } });
  for (const p of path) {
    const sq = squareAt(t.board, p);
    if (!sq) continue;
    if (sq.hill && !opts.indirect) return block(p, 'hill');
    if (!opts.ignoreEnemies) for (const o of ownersAt(t, p)) if (o !== opts.seat) return block(p, 'enemy');
  }
  if (!opts.indirect && dist(from, to) > 1) {
    const groups = samples(from, to);
    for (let i = 1; i < groups.length; i++)
      for (const a of groups[i - 1]!)
        for (const b of groups[i]!) {
          if (samePos(a, b) || !squareAt(t.board, a) || !squareAt(t.board, b)) continue;
          if (Math.abs(heightAt(t.board, a) - heightAt(t.board, b)) >= 2) return block(b, 'cliff');
        }
  }
  return { clear: true, path, blockedBy: null };
}
