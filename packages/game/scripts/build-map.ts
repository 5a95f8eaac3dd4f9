/**
 * Generates src/board/board-data.json from scripts/map-source.ts.
 *
 *   npx tsx packages/game/scripts/build-map.ts          # write board-data.json
 *   npx tsx packages/game/scripts/build-map.ts --check  # also print where the drawing and the data disagree
 *
 * Geometry: an approximate outline of Norway (hand-placed lat/lon points), projected with a Lambert
 * conformal conic, magnified around Ofoten and the south (so dense areas are readable), turned a little
 * and fitted into the viewBox. Each area is the Voronoi cell of its seed clipped to the land minus the
 * impassable mountain blobs. Output is deterministic (same source, same file).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Delaunay } from 'd3-delaunay';
import polygonClipping, { type MultiPolygon, type Polygon, type Ring } from 'polygon-clipping';
import polylabel from 'polylabel';
import {
  AREAS, AIRFIELD_LIMITS, BARDUFOSS_RANGE, BORDERS, MOUNTAINS, RAID_BOX, SEA_ZONE_SOURCE, type LatLon,
} from './map-source.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, '..', 'src', 'board', 'board-data.json');
const CHECK = process.argv.includes('--check');

const WIDTH = 1000;
const HEIGHT = 1400;
const MARGIN = { left: 40, right: 20, top: 20, bottom: 30 };

// ---------------------------------------------------------------------------------------------------
// Outline (lat, lon). Mainland from Svinesund along the coast to Grense Jakobselv, then the land border
// back south. Fjords that matter to the game are notches: Oslofjord, Boknafjord, Hardangerfjord,
// Sognefjord, Romsdalsfjord, Trondheimsfjord, Namsfjord, Vefsnfjord, Ranfjord, Tysfjord, Ofotfjord.
// ---------------------------------------------------------------------------------------------------
const COAST: LatLon[] = [
  [59.1, 11.27], [59.02, 11.05], [59.13, 10.92], [59.21, 10.93], [59.3, 10.72], [59.43, 10.66],
  [59.55, 10.66], [59.66, 10.6], [59.8, 10.74], [59.9, 10.76], [59.88, 10.55], [59.75, 10.47],
  [59.6, 10.52], [59.49, 10.36], [59.42, 10.49], [59.27, 10.44], [59.08, 10.42], [59.12, 10.22],
  [59.03, 10.05], [59.0, 9.75], [58.88, 9.45], [58.72, 9.23], [58.6, 8.98], [58.45, 8.78],
  [58.33, 8.58], [58.24, 8.38], [58.12, 8.02], [58.02, 7.47], [57.98, 7.05], [58.06, 6.8],
  [58.08, 6.56], [58.25, 6.55], [58.3, 6.35], [58.45, 6.0], [58.55, 5.76], [58.7, 5.53],
  [58.88, 5.55], [59.03, 5.57], [59.0, 5.8], [59.05, 6.1], [59.2, 6.27], [59.26, 5.95],
  [59.21, 5.62], [59.1, 5.3], [59.3, 5.17], [59.42, 5.22], [59.6, 5.2], [59.78, 5.14],
  [59.88, 5.36], [59.98, 5.75], [60.1, 6.1], [60.25, 6.45], [60.4, 6.85], [60.47, 7.08],
  [60.44, 6.75], [60.34, 6.25], [60.21, 5.85], [60.12, 5.55], [60.1, 5.2], [60.25, 5.04],
  [60.4, 5.02], [60.55, 4.9], [60.78, 4.72], [60.95, 4.85], [61.05, 4.95], [61.07, 5.4],
  [61.08, 5.9], [61.12, 6.4], [61.13, 6.9], [61.12, 7.4], [61.2, 7.05], [61.2, 6.5],
  [61.17, 5.95], [61.16, 5.4], [61.16, 5.0], [61.35, 4.95], [61.6, 5.0], [61.93, 5.1],
  [62.18, 5.1], [62.3, 5.55], [62.4, 5.95], [62.47, 6.12], [62.56, 6.3], [62.65, 6.6],
  [62.68, 6.85], [62.61, 7.2], [62.55, 7.68], [62.66, 7.5], [62.74, 7.15], [62.81, 6.9],
  [62.91, 7.05], [63.0, 7.4], [63.11, 7.73], [63.25, 8.0], [63.45, 8.3], [63.58, 8.95],
  [63.58, 9.35], [63.46, 9.8], [63.4, 10.15], [63.44, 10.4], [63.47, 10.8], [63.62, 11.05],
  [63.78, 11.3], [63.99, 11.5], [63.9, 11.1], [63.79, 10.75], [63.69, 10.2], [63.71, 9.65],
  [63.9, 9.85], [64.1, 10.15], [64.3, 10.45], [64.4, 10.85], [64.46, 11.45], [64.55, 11.05],
  [64.75, 11.05], [64.9, 11.3], [65.15, 11.9], [65.45, 12.15], [65.7, 12.4], [65.8, 12.8],
  [65.84, 13.15], [65.95, 12.8], [66.05, 12.55], [66.2, 12.85], [66.25, 13.4], [66.31, 14.05],
  [66.4, 13.5], [66.55, 13.05], [66.8, 13.3], [67.05, 14.0], [67.28, 14.38], [67.45, 14.6],
  [67.7, 14.9], [67.92, 15.3], [68.12, 15.72], [68.0, 16.2], [67.87, 16.58], [68.06, 16.45],
  [68.18, 16.1], [68.28, 16.12], [68.35, 16.7], [68.39, 17.1], [68.41, 17.4], [68.43, 17.6],
  [68.47, 17.42], [68.56, 17.5], [68.5, 17.1], [68.45, 16.72], [68.55, 16.45], [68.72, 16.6],
  [68.75, 17.05], [68.69, 17.45], [68.8, 17.35], [68.88, 17.75], [69.05, 17.72], [69.23, 17.95],
  [69.4, 18.15], [69.45, 18.55], [69.55, 18.7], [69.65, 18.95], [69.75, 19.3], [69.8, 19.7],
  [69.95, 19.9], [70.05, 20.3], [69.7, 20.33], [69.4, 20.3], [69.75, 20.7], [70.0, 21.1],
  [70.2, 21.5], [70.35, 22.1], [70.55, 22.8], [70.66, 23.68], [70.85, 24.4], [70.98, 25.5],
  [71.15, 25.8], [71.05, 26.0], [70.6, 25.55], [70.08, 24.95], [70.4, 25.9], [70.9, 26.8],
  [71.13, 27.65], [70.95, 28.2], [70.55, 28.3], [70.8, 28.9], [70.87, 29.1], [70.65, 29.8],
  [70.37, 31.1], [70.1, 30.3], [70.07, 29.75], [70.15, 28.6], [69.95, 29.3], [69.73, 30.05],
  [69.79, 30.85],
];
/** Land border, north-east to south (Russia, Finland, Sweden). */
const BORDER: LatLon[] = [
  [69.5, 30.35], [69.25, 29.35], [69.05, 28.93], [69.6, 29.0], [69.9, 28.6], [70.08, 27.9],
  [69.75, 27.0], [69.45, 25.95], [69.05, 25.7], [68.6, 24.9], [68.58, 24.0], [68.75, 22.9],
  [68.95, 21.7], [69.06, 20.55], [68.8, 20.05], [68.62, 19.5], [68.48, 18.6], [68.43, 18.12],
  [68.1, 17.85], [67.95, 17.3], [67.8, 16.75], [67.5, 16.4], [67.1, 16.2], [66.8, 15.6],
  [66.6, 15.4], [66.15, 14.6], [65.7, 14.45], [65.2, 14.15], [64.5, 14.12], [64.05, 13.5],
  [63.6, 12.25], [63.32, 12.1], [62.95, 12.15], [62.6, 12.3], [62.2, 12.3], [61.8, 12.55],
  [61.4, 12.7], [61.1, 12.65], [60.85, 12.5], [60.5, 12.6], [60.2, 12.5], [59.95, 12.15],
  [59.7, 11.9], [59.5, 11.68], [59.3, 11.75], [59.12, 11.4],
];
/** Hinnøya with Vesterålen and Lofoten: one island, part of the Harstad area. */
const LOFOTEN: LatLon[] = [
  [68.38, 16.05], [68.5, 16.42], [68.66, 16.5], [68.8, 16.56], [68.95, 16.3], [69.15, 16.2],
  [69.32, 16.1], [69.1, 15.7], [68.9, 15.05], [68.75, 14.5], [68.5, 14.6], [68.35, 14.3],
  [68.2, 13.7], [68.07, 13.15], [67.9, 12.95], [67.96, 13.3], [68.06, 13.9], [68.15, 14.55],
  [68.25, 15.2], [68.3, 15.7],
];
/** Mjøsa, a lake (hole in the land) between Gjøvik and Hamar. */
const MJOSA: LatLon[] = [
  [60.4, 11.24], [60.55, 11.17], [60.7, 11.08], [60.78, 11.05], [60.84, 10.95], [60.97, 10.7],
  [61.12, 10.45], [61.09, 10.4], [60.93, 10.6], [60.8, 10.74], [60.65, 10.93], [60.47, 11.12],
];
/** Sweden, Finland and Russia east of the border; Denmark's tip in the south. */
const SWEDEN_EXTRA: LatLon[] = [[58.9, 11.15], [57.7, 11.85], [56.8, 12.5], [56.8, 40], [69.9, 40], [69.95, 31.3]];
const DENMARK: LatLon[] = [[57.74, 10.64], [57.59, 9.96], [57.12, 8.62], [56.7, 8.2], [56.7, 10.3], [57.45, 10.53]];

// ---------------------------------------------------------------------------------------------------
// Projection: Lambert conformal conic (tangent at 64°N, central meridian 15°E), km.
// ---------------------------------------------------------------------------------------------------
const R = 6371;
const RAD = Math.PI / 180;
const PHI0 = 64 * RAD;
const LAM0 = 15 * RAD;
const N = Math.sin(PHI0);
const F = (Math.cos(PHI0) * Math.tan(Math.PI / 4 + PHI0 / 2) ** N) / N;
const RHO0 = R * F / Math.tan(Math.PI / 4 + PHI0 / 2) ** N;
function lcc([lat, lon]: LatLon): [number, number] {
  const rho = R * F / Math.tan(Math.PI / 4 + (lat * RAD) / 2) ** N;
  const t = N * (lon * RAD - LAM0);
  return [rho * Math.sin(t), -(RHO0 - rho * Math.cos(t))]; // y grows southwards (SVG)
}
/** Local magnifiers (km space): dense parts of the board get more room, like a printed game map. */
const LENSES: { at: LatLon; mag: number; radius: number }[] = [
  { at: [68.55, 17.3], mag: 2.6, radius: 95 },
  { at: [60.2, 9.0], mag: 1.75, radius: 230 },
  { at: [62.5, 8.8], mag: 1.35, radius: 140 },
  { at: [58.95, 5.9], mag: 1.6, radius: 80 },
];
const LENS_KM = LENSES.map((l) => ({ c: lcc(l.at), mag: l.mag, r: l.radius }));
function warp(p: [number, number]): [number, number] {
  let [x, y] = p;
  for (const { c, mag, r } of LENS_KM) {
    const dx = x - c[0];
    const dy = y - c[1];
    const d = Math.hypot(dx, dy);
    const k = 1 + (mag - 1) * Math.exp(-((d / r) ** 2));
    x = c[0] + dx * k;
    y = c[1] + dy * k;
  }
  return [x, y];
}
/** Turn the map counter-clockwise so the long axis of Norway stands more upright on the board. */
const ROT = 17 * RAD;
const km = (ll: LatLon): [number, number] => {
  const [x, y] = warp(lcc(ll));
  return [x * Math.cos(ROT) + y * Math.sin(ROT), -x * Math.sin(ROT) + y * Math.cos(ROT)];
};

/** Densify a lat/lon ring so that warping bends long edges smoothly. */
function densify(ring: LatLon[], step = 0.15, closed = true): LatLon[] {
  const out: LatLon[] = [];
  const n = closed ? ring.length : ring.length - 1;
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], (b[1] - a[1]) * 0.45) / step));
    for (let s = 0; s < steps; s++) out.push([a[0] + ((b[0] - a[0]) * s) / steps, a[1] + ((b[1] - a[1]) * s) / steps]);
  }
  if (!closed) out.push(ring[ring.length - 1]!);
  return out;
}

// Fit: bounds of Norway's land in km space -> viewBox.
const mainlandLL = [...COAST, ...BORDER];
const allKm = [...densify(mainlandLL), ...densify(LOFOTEN)].map(km);
const minX = Math.min(...allKm.map((p) => p[0]));
const maxX = Math.max(...allKm.map((p) => p[0]));
const minY = Math.min(...allKm.map((p) => p[1]));
const maxY = Math.max(...allKm.map((p) => p[1]));
const SCALE = Math.min(
  (WIDTH - MARGIN.left - MARGIN.right) / (maxX - minX),
  (HEIGHT - MARGIN.top - MARGIN.bottom) / (maxY - minY),
);
const OFF_X = MARGIN.left + (WIDTH - MARGIN.left - MARGIN.right - (maxX - minX) * SCALE) / 2 - minX * SCALE;
const OFF_Y = MARGIN.top + (HEIGHT - MARGIN.top - MARGIN.bottom - (maxY - minY) * SCALE) - minY * SCALE;
type Pt = [number, number];
const px = (ll: LatLon): Pt => {
  const [x, y] = km(ll);
  return [x * SCALE + OFF_X, y * SCALE + OFF_Y];
};
const ringPx = (ring: LatLon[]): Ring => {
  const r = densify(ring).map(px);
  r.push(r[0]!);
  return r;
};

// ---------------------------------------------------------------------------------------------------
// Land and cells
// ---------------------------------------------------------------------------------------------------
const mountains: MultiPolygon[] = MOUNTAINS.map((m) => polygonClipping.intersection([ringPx(mainlandLL)], [ringPx(m.polygon)]));
const land: MultiPolygon = polygonClipping.difference(
  polygonClipping.union([ringPx(mainlandLL), ringPx(MJOSA)], [ringPx(LOFOTEN)]),
  ...mountains,
);
const VIEW: Polygon = [[[0, 0], [WIDTH, 0], [WIDTH, HEIGHT], [0, HEIGHT], [0, 0]]];

const seeds = AREAS.map((a) => px(a.seed));
const delaunay = Delaunay.from(seeds);
const voronoi = delaunay.voronoi([-500, -500, WIDTH + 500, HEIGHT + 500]);
const cellRing = (i: number): Ring => voronoi.cellPolygon(i) as unknown as Ring;
const clipped: MultiPolygon[] = seeds.map((_, i) => polygonClipping.intersection(land, [cellRing(i)]));

const r1 = (v: number) => Math.round(v * 10) / 10;
function pathOf(mp: MultiPolygon): string {
  const parts: string[] = [];
  for (const poly of mp) {
    for (const ring of poly) {
      const pts = ring.slice(0, -1);
      const dedup = pts.filter((p, k) => k === 0 || r1(p[0]) !== r1(pts[k - 1]![0]) || r1(p[1]) !== r1(pts[k - 1]![1]));
      parts.push(`M${dedup.map((p) => `${r1(p[0])},${r1(p[1])}`).join('L')}Z`);
    }
  }
  return parts.join('');
}
const ringArea = (ring: Ring) => {
  let s = 0;
  for (let k = 0; k + 1 < ring.length; k++) s += ring[k]![0] * ring[k + 1]![1] - ring[k + 1]![0] * ring[k]![1];
  return Math.abs(s / 2);
};
function labelOf(mp: MultiPolygon): { x: number; y: number } {
  const biggest = [...mp].sort((a, b) => ringArea(b[0]!) - ringArea(a[0]!))[0]!;
  const p = polylabel(biggest as [number, number][][], 0.5);
  return { x: r1(p[0]!), y: r1(p[1]!) };
}

// Point-in-land test for sampling shared Voronoi edges.
function inRing(p: Pt, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
const onLand = (p: Pt) => land.some((poly) => inRing(p, poly[0]!) && !poly.slice(1).some((h) => inRing(p, h)));

/** The shared Voronoi edge of seeds i and j, as the runs of it that lie on land. */
function sharedLandEdge(i: number, j: number): Pt[][] {
  const a = cellRing(i);
  const b = cellRing(j);
  const common = a.filter((p) => b.some((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) < 1e-6));
  const uniq = common.filter((p, k) => common.findIndex((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) < 1e-6) === k);
  if (uniq.length < 2) return [];
  const [p, q] = uniq as [Pt, Pt];
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
  const n = Math.max(2, Math.ceil(len / 1.5));
  const runs: Pt[][] = [];
  let run: Pt[] = [];
  for (let s = 0; s <= n; s++) {
    const t: Pt = [p[0] + ((q[0] - p[0]) * s) / n, p[1] + ((q[1] - p[1]) * s) / n];
    if (onLand(t)) run.push(t);
    else if (run.length) (runs.push(run), (run = []));
  }
  if (run.length) runs.push(run);
  return runs.filter((r) => r.length >= 2);
}
const runLength = (runs: Pt[][]) =>
  runs.reduce((s, r) => s + Math.hypot(r[r.length - 1]![0] - r[0]![0], r[r.length - 1]![1] - r[0]![1]), 0);

// ---------------------------------------------------------------------------------------------------
// Assemble
// ---------------------------------------------------------------------------------------------------
const ids = AREAS.map((a) => a.id);
const bandOf = new Map(AREAS.map((a) => [a.id, a.band]));
const airRange: Record<string, string[]> = {};
for (const a of AREAS.filter((x) => x.airfield)) {
  if (a.id === 'bardufoss') airRange[a.id] = [...BARDUFOSS_RANGE];
  else {
    const limit = AIRFIELD_LIMITS[a.id];
    if (limit === undefined) throw new Error(`no air range limit for ${a.id}`);
    airRange[a.id] = ids.filter((id) => bandOf.get(id)! <= limit);
  }
}
const airRangeAtSea: Record<string, string[]> = {};
for (const a of AREAS.filter((x) => x.airfield)) airRangeAtSea[a.id] = a.id === 'bardufoss' ? ['VII'] : [...a.seaZones];

// Fra Tyskland line: the land parts of every Voronoi edge between a band-0 area and any other cell.
const fraRuns: Pt[][] = [];
const nSeeds = seeds.length;
for (let i = 0; i < nSeeds; i++) {
  for (const j of delaunay.neighbors(i)) {
    if (j <= i) continue;
    const si = AREAS[i]!.band === 0;
    const sj = AREAS[j]!.band === 0;
    if (si !== sj) fraRuns.push(...sharedLandEdge(i, j));
  }
}
const fraTysklandLine = fraRuns.map((r) => `M${r1(r[0]![0])},${r1(r[0]![1])}L${r1(r[r.length - 1]![0])},${r1(r[r.length - 1]![1])}`).join('');

const egersund = px([58.45, 5.99]);
const cableMid = px([58.1, 4.2]);
const cableEnd = px([57.6, 1.5]);
const telegraphLine = `M${r1(egersund[0])},${r1(egersund[1])}Q${r1(cableMid[0])},${r1(cableMid[1])} ${r1(Math.max(0, cableEnd[0]))},${r1(cableEnd[1])}`;

const seaZones = SEA_ZONE_SOURCE.map((z) => {
  const poly = polygonClipping.intersection([ringPx(z.polygon)], VIEW);
  const [x, y] = px(z.label);
  return { id: z.id, adjacent: z.adjacent, redShadow: z.id === 'I' || z.id === 'II', label: { x: r1(x), y: r1(y) }, shape: pathOf(poly) };
});

const impassable = [
  pathOf(polygonClipping.intersection([ringPx([...BORDER, ...SWEDEN_EXTRA].reverse())], VIEW)),
  pathOf(polygonClipping.intersection([ringPx(DENMARK)], VIEW)),
  ...mountains.map(pathOf),
].filter((s) => s.length > 0);

const raidXY = px(RAID_BOX.label);
const board = {
  viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
  impassable,
  areas: AREAS.map((a, i) => ({
    id: a.id,
    name: a.name,
    victoryCity: !!a.victoryCity,
    mobilizationPoint: !!a.mobilizationPoint,
    airfield: !!a.airfield,
    southOfFraTyskland: a.band === 0,
    seaZones: a.seaZones,
    telegraphCable: !!a.telegraphCable,
    label: labelOf(clipped[i]!),
    shape: pathOf(clipped[i]!),
  })),
  borders: BORDERS.map(([a, b, k]) => ({ a, b, kind: k === 'F' ? 'fjord' : 'land' })),
  seaZones,
  airRange,
  airRangeAtSea,
  raidBox: { adjacent: RAID_BOX.adjacent, label: { x: r1(raidXY[0]), y: r1(raidXY[1]) } },
  fraTysklandLine,
  telegraphLine,
};
writeFileSync(OUT, `${JSON.stringify(board, null, 1)}\n`);
console.log(`wrote ${OUT}`);

// ---------------------------------------------------------------------------------------------------
// --check: compare the drawing with the data
// ---------------------------------------------------------------------------------------------------
if (CHECK) {
  const declared = new Map(BORDERS.map(([a, b, k]) => [[a, b].sort().join('|'), k]));
  const drawn = new Map<string, number>();
  for (let i = 0; i < AREAS.length; i++) {
    for (const j of delaunay.neighbors(i)) {
      if (j <= i || j >= AREAS.length) continue;
      const len = runLength(sharedLandEdge(i, j));
      if (len > 0) drawn.set([AREAS[i]!.id, AREAS[j]!.id].sort().join('|'), len);
    }
  }
  for (const [key, k] of declared) {
    const len = drawn.get(key);
    if ((len === undefined || len < 4) && k === 'L') console.log(`declared ${k} border not drawn (touch ${r1(len ?? 0)}px): ${key}`);
  }
  for (const [key, len] of drawn) if (!declared.has(key) && len >= 2) console.log(`drawn but not declared (${r1(len)}px): ${key}`);
  // Coast: the part of each cell's outline that lies on the sea coast (not the land border, lakes or mountains).
  const coastLines = [densify(COAST, 0.15, false).map(px), ringPx(LOFOTEN)];
  const onCoast = (m: Pt) =>
    coastLines.some((line) => {
      for (let e = 0; e + 1 < line.length; e++) {
        const [ax, ay] = line[e]!;
        const [bx, by] = line[e + 1]!;
        const l2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1e-9;
        const t = Math.max(0, Math.min(1, ((m[0] - ax) * (bx - ax) + (m[1] - ay) * (by - ay)) / l2));
        if (Math.hypot(m[0] - ax - t * (bx - ax), m[1] - ay - t * (by - ay)) < 0.3) return true;
      }
      return false;
    });
  for (let i = 0; i < AREAS.length; i++) {
    let coast = 0;
    for (const poly of clipped[i]!) {
      for (const ring of poly) {
        for (let k = 0; k + 1 < ring.length; k++) {
          const m: Pt = [(ring[k]![0] + ring[k + 1]![0]) / 2, (ring[k]![1] + ring[k + 1]![1]) / 2];
          if (onCoast(m)) coast += Math.hypot(ring[k + 1]![0] - ring[k]![0], ring[k + 1]![1] - ring[k]![1]);
        }
      }
    }
    const a = AREAS[i]!;
    if (a.seaZones.length === 0 && coast > 3) console.log(`inland ${a.id} has ${r1(coast)}px of sea coast in the drawing`);
    if (a.seaZones.length > 0 && coast < 6) console.log(`coastal ${a.id} has no coast in the drawing`);
  }
  for (const a of board.areas) console.log(`label ${a.id} ${a.label.x},${a.label.y}`);
}
