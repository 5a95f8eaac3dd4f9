/**
 * How much of a view the board fills (Norway and the sea zones, not Sweden or beyond the drawing), read
 * off the coarse mask the map build writes, and where to place a view so that it fills the most: the
 * opening view and every automatic pan keep what they must show and slide the rest onto the board.
 */
import { BOARD } from '../game/data';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const FILL = BOARD.fill;
const BITS = FILL ? Uint8Array.from(atob(FILL.bits), (c) => c.charCodeAt(0)) : null;

/** Is the board drawn at this map point (rather than another country, or nothing)? */
export function boardAt(x: number, y: number): boolean {
  if (!FILL || !BITS) return true;
  const c = Math.floor(x / FILL.cell);
  const r = Math.floor(y / FILL.cell);
  if (c < 0 || r < 0 || c >= FILL.cols || r >= FILL.rows) return false;
  const i = r * FILL.cols + c;
  return ((BITS[i >> 3]! >> (i & 7)) & 1) === 1;
}

/** The share of a view (0..1) that the board fills, sampled on a grid. */
export function coverage(v: Box, n = 28): number {
  const rows = Math.max(4, Math.round((n * v.h) / v.w));
  let hit = 0;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < n; c++) if (boardAt(v.x + ((c + 0.5) * v.w) / n, v.y + ((r + 0.5) * v.h) / rows)) hit++;
  return hit / (rows * n);
}

/**
 * The position of a w × h view that keeps the box `keep` in sight and is filled most by the board.
 * `inset` is the part of the view the player really sees (a phone's sheet covers the bottom), as
 * fractions of the view from the top and the bottom, and where the map's buttons begin (fraction of
 * the width from the left): the box stays clear of them. Ties go to the centred position.
 */
export function placeBest(
  keep: { x0: number; y0: number; x1: number; y1: number },
  w: number,
  h: number,
  inset: { top: number; bottom: number; right?: number } = { top: 0, bottom: 1 },
): { x: number; y: number } {
  const seenTop = h * inset.top;
  const seenH = h * (inset.bottom - inset.top);
  const range = (lo: number, hi: number) => (lo <= hi ? [lo, hi] : [(lo + hi) / 2, (lo + hi) / 2]) as [number, number];
  const [xa, xb] = range(keep.x1 - w * (inset.right ?? 1), keep.x0);
  const [ya, yb] = range(keep.y1 - seenTop - seenH, keep.y0 - seenTop);
  const steps = 8;
  let best = { x: (xa + xb) / 2, y: (ya + yb) / 2 };
  let bestScore = -1;
  for (let i = 0; i <= steps; i++)
    for (let j = 0; j <= steps; j++) {
      const x = xa + ((xb - xa) * i) / steps;
      const y = ya + ((yb - ya) * j) / steps;
      // Fill first; then a little for staying central, so that equal fills keep the target in the middle.
      const off = Math.abs(i / steps - 0.5) + Math.abs(j / steps - 0.5);
      const score = coverage({ x, y: y + seenTop, w, h: seenH }, 20) - off * 0.01;
      if (score > bestScore) {
        bestScore = score;
        best = { x, y };
      }
    }
  return best;
}
