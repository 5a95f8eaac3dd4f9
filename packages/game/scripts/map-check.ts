/**
 * `build-map.ts --check`: where the drawing and the game data disagree. The drawing is read the way
 * the client reads it (rounded path data: two areas share a border where they share outline points).
 * Lists: declared land borders that are not drawn, drawn borders that are not declared, inland areas
 * with a sea coast, coastal areas without one, and coasts on sea zones the area does not list.
 */
import type { MultiPolygon } from 'polygon-clipping';
import type { Pt } from './map-projection.js';
import { inMulti } from './map-cells.js';

export function ringsOf(d: string): Pt[][] {
  return d
    .split('Z')
    .filter((s) => s.length > 0)
    .map((s) =>
      s
        .slice(1)
        .split('L')
        .map((p) => p.split(',').map(Number) as Pt),
    );
}

const key = (p: Pt) => `${p[0]},${p[1]}`;

/** Outline segments of path a whose both ends are outline points of path b. */
export function sharedSegments(a: string, b: string): [Pt, Pt][] {
  const inB = new Set(ringsOf(b).flat().map(key));
  const out: [Pt, Pt][] = [];
  for (const ring of ringsOf(a)) {
    for (let i = 0; i < ring.length; i++) {
      const p = ring[i]!;
      const q = ring[(i + 1) % ring.length]!;
      if (inB.has(key(p)) && inB.has(key(q))) out.push([p, q]);
    }
  }
  return out;
}
const len = (segs: [Pt, Pt][]) => segs.reduce((s, [p, q]) => s + Math.hypot(q[0] - p[0], q[1] - p[1]), 0);
const r1 = (v: number) => Math.round(v * 10) / 10;
/** Board units of shore a coastal area may have on a zone it does not list (islands across a zone line). */
const SHORE_SLACK = 15;

interface BBoxed {
  id: string;
  water: MultiPolygon;
  box: [number, number, number, number];
}
function boxOf(mp: MultiPolygon): [number, number, number, number] {
  const pts = mp.flatMap((p) => p[0]!);
  return [
    Math.min(...pts.map((p) => p[0])),
    Math.min(...pts.map((p) => p[1])),
    Math.max(...pts.map((p) => p[0])),
    Math.max(...pts.map((p) => p[1])),
  ];
}

export interface CheckInput {
  areas: { id: string; seaZones: readonly string[]; shape: string }[];
  borders: readonly [string, string, 'L' | 'F'][];
  seaZones: { id: string; water: MultiPolygon }[];
}

export function checkBoard(input: CheckInput): string[] {
  const problems: string[] = [];
  const { areas } = input;
  // Borders
  const declared = new Map(input.borders.map(([a, b, k]) => [[a, b].sort().join('|'), k]));
  const drawn = new Map<string, number>();
  for (let i = 0; i < areas.length; i++)
    for (let j = i + 1; j < areas.length; j++) {
      const l = len(sharedSegments(areas[i]!.shape, areas[j]!.shape));
      if (l > 0) drawn.set([areas[i]!.id, areas[j]!.id].sort().join('|'), l);
    }
  for (const [k, kind] of declared) {
    const l = drawn.get(k) ?? 0;
    if (kind === 'L' && l < 4) problems.push(`declared L border not drawn (touch ${r1(l)}px): ${k}`);
  }
  for (const [k, l] of drawn) if (!declared.has(k) && l >= 2) problems.push(`drawn but not declared (${r1(l)}px): ${k}`);

  // Coasts: each outline segment no other area shares, looked at from just outside it.
  const zones: BBoxed[] = input.seaZones.map((z) => ({ ...z, box: boxOf(z.water) }));
  for (const a of areas) {
    const coast = new Map<string, number>();
    const where = new Map<string, Pt>();
    const others = areas.filter((b) => b !== a).map((b) => new Set(ringsOf(b.shape).flat().map(key)));
    for (const ring of ringsOf(a.shape)) {
      for (let i = 0; i < ring.length; i++) {
        const p = ring[i]!;
        const q = ring[(i + 1) % ring.length]!;
        if (others.some((o) => o.has(key(p)) && o.has(key(q)))) continue;
        const l = Math.hypot(q[0] - p[0], q[1] - p[1]);
        if (l === 0) continue;
        const m: Pt = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
        const nx = -(q[1] - p[1]) / l;
        const ny = (q[0] - p[0]) / l;
        for (const s of [1.2, -1.2]) {
          const t: Pt = [m[0] + nx * s, m[1] + ny * s];
          const z = zones.find(
            (zz) => t[0] >= zz.box[0] && t[0] <= zz.box[2] && t[1] >= zz.box[1] && t[1] <= zz.box[3] && inMulti(t, zz.water),
          );
          if (z) coast.set(z.id, (coast.get(z.id) ?? 0) + l);
          if (z && !where.has(z.id)) where.set(z.id, t);
        }
      }
    }
    const total = [...coast.values()].reduce((s, v) => s + v, 0);
    if (a.seaZones.length === 0 && total > 3)
      problems.push(
        `inland ${a.id} has ${r1(total)}px of sea coast (${[...coast.keys()].join(',')}) at ${[...where.values()][0]!.map(r1)}`,
      );
    for (const z of a.seaZones)
      if ((coast.get(z) ?? 0) < 4) problems.push(`coastal ${a.id} has no coast on ${z} (${r1(coast.get(z) ?? 0)}px)`);
    // A few islands lie across a zone line: up to SHORE_SLACK units of another zone's shore are let be.
    for (const [z, l] of coast)
      if (a.seaZones.length > 0 && !a.seaZones.includes(z as never) && l > SHORE_SLACK)
        problems.push(`${a.id} has ${r1(l)}px of coast on ${z}, not listed, at ${where.get(z)!.map(r1)}`);
  }
  return problems;
}
