/** Shapes derived from the board data once: shared border lines, and where to draw things on them. */
import { BOARD } from './data';

export interface Pt {
  x: number;
  y: number;
}

/** Rings of an SVG path made of M/L/Z commands. */
export function parseRings(d: string): Pt[][] {
  const rings: Pt[][] = [];
  let cur: Pt[] = [];
  for (const m of d.matchAll(/([MLZ])\s*(?:(-?[\d.]+)[ ,](-?[\d.]+))?/gi)) {
    const cmd = m[1]!.toUpperCase();
    if (cmd === 'M') {
      if (cur.length) rings.push(cur);
      cur = [{ x: Number(m[2]), y: Number(m[3]) }];
    } else if (cmd === 'L') cur.push({ x: Number(m[2]), y: Number(m[3]) });
    else if (cmd === 'Z') {
      if (cur.length) rings.push(cur);
      cur = [];
    }
  }
  if (cur.length) rings.push(cur);
  return rings;
}

const key = (p: Pt) => `${p.x},${p.y}`;
const dist = (a: Pt, b: Pt) => Math.hypot(a.x - b.x, a.y - b.y);

const ringsOf = new Map(BOARD.areas.map((a) => [a.id, parseRings(a.shape)]));
const labelOf = new Map(BOARD.areas.map((a) => [a.id, a.label]));

export interface BorderGeometry {
  a: string;
  b: string;
  kind: 'land' | 'fjord';
  /** Polyline segments the two areas share (empty when they meet across open water). */
  segments: [Pt, Pt][];
  /** A point on the border: the middle of the shared line, or between the nearest shores. */
  mid: Pt;
  /** For water crossings: the nearest shore points of both areas. */
  crossing: [Pt, Pt] | null;
}

function sharedSegments(a: string, b: string): [Pt, Pt][] {
  const rb = ringsOf.get(b) ?? [];
  const inB = new Set(rb.flat().map(key));
  const out: [Pt, Pt][] = [];
  for (const ring of ringsOf.get(a) ?? []) {
    for (let i = 0; i < ring.length; i++) {
      const p = ring[i]!;
      const q = ring[(i + 1) % ring.length]!;
      if (inB.has(key(p)) && inB.has(key(q)) && key(p) !== key(q)) out.push([p, q]);
    }
  }
  return out;
}

function pointAlong(segments: [Pt, Pt][], frac: number): Pt {
  const total = segments.reduce((s, [p, q]) => s + dist(p, q), 0);
  let left = total * frac;
  for (const [p, q] of segments) {
    const l = dist(p, q);
    if (left <= l && l > 0) return { x: p.x + ((q.x - p.x) * left) / l, y: p.y + ((q.y - p.y) * left) / l };
    left -= l;
  }
  return segments[0]?.[0] ?? { x: 0, y: 0 };
}

function nearestShores(a: string, b: string): [Pt, Pt] {
  let best: [Pt, Pt] = [labelOf.get(a)!, labelOf.get(b)!];
  let bestD = Infinity;
  const pa = (ringsOf.get(a) ?? []).flat();
  const pb = (ringsOf.get(b) ?? []).flat();
  for (const p of pa)
    for (const q of pb) {
      const d = dist(p, q);
      if (d < bestD) {
        bestD = d;
        best = [p, q];
      }
    }
  return best;
}

const borderMap = new Map<string, BorderGeometry>();
export const BORDERS: BorderGeometry[] = BOARD.borders.map((b) => {
  const segments = sharedSegments(b.a, b.b);
  let mid: Pt;
  let crossing: [Pt, Pt] | null = null;
  if (segments.length > 0) mid = pointAlong(segments, 0.5);
  else {
    crossing = nearestShores(b.a, b.b);
    mid = { x: (crossing[0].x + crossing[1].x) / 2, y: (crossing[0].y + crossing[1].y) / 2 };
  }
  const g: BorderGeometry = { a: b.a, b: b.b, kind: b.kind, segments, mid, crossing };
  borderMap.set(`${b.a}|${b.b}`, g);
  borderMap.set(`${b.b}|${b.a}`, g);
  return g;
});

export function border(a: string, b: string): BorderGeometry | undefined {
  return borderMap.get(`${a}|${b}`);
}

export function labelPoint(id: string): Pt {
  return labelOf.get(id) ?? { x: 0, y: 0 };
}

/**
 * Where to draw an attack: just inside the target, near the border it crosses (so that it reads as
 * "at the border, coming from there"). Attacks by air or sea sit beside the target's label.
 */
export function attackAnchor(from: string | null, target: string, route: string): { at: Pt; angle: number } {
  const t = labelPoint(target);
  if (from) {
    const g = border(from, target);
    const m = g?.mid ?? labelPoint(from);
    const f = labelPoint(from);
    const angle = (Math.atan2(t.y - f.y, t.x - f.x) * 180) / Math.PI;
    return { at: m, angle };
  }
  const off = route === 'air' ? { x: 0, y: -34 } : { x: -34, y: 0 };
  return { at: { x: t.x + off.x, y: t.y + off.y }, angle: route === 'air' ? 90 : 0 };
}

export function parseViewBox(vb: string): { x: number; y: number; w: number; h: number } {
  const [x, y, w, h] = vb.split(/[ ,]+/).map(Number);
  return { x: x ?? 0, y: y ?? 0, w: w ?? 1000, h: h ?? 1400 };
}
