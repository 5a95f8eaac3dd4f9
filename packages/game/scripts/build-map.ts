/**
 * Generates src/board/board-data.json from scripts/map-source.ts (the game's areas, borders and sea
 * zones) and real geography (scripts/map-geo.ts: Natural Earth 1:10m, public domain).
 *
 *   npx tsx packages/game/scripts/build-map.ts          # write board-data.json
 *   npx tsx packages/game/scripts/build-map.ts --check  # also print where the drawing and the data disagree
 *
 * The coastline, islands and neighbouring countries are Natural Earth's, projected and magnified by
 * scripts/map-projection.ts. Each area is the union of its seeds' Voronoi cells, clipped to the land
 * less Mjøsa and the impassable mountain areas (scripts/map-cells.ts). Each sea zone is its polygon
 * from map-source.ts less all land. Output is deterministic (same source, same file).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import polygonClipping, { type MultiPolygon, type Polygon, type Ring } from 'polygon-clipping';
import polylabel from 'polylabel';
import {
  AREAS,
  AIRFIELD_LIMITS,
  BARDUFOSS_RANGE,
  BORDERS,
  ISLANDS,
  MOUNTAINS,
  RAID_BOX,
  SEA_ZONE_SOURCE,
  type LatLon,
} from './map-source.js';
import { loadGeography, MJOSA } from './map-geo.js';
import { asPolygon, cutAreas, inMulti, ringArea } from './map-cells.js';
import { checkBoard, sharedSegments } from './map-check.js';
import type { Pt } from './map-projection.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, '..', 'src', 'board', 'board-data.json');
const CHECK = process.argv.includes('--check');

const geo = loadGeography();
const { px, width: WIDTH, height: HEIGHT } = geo.projection;
const VIEW: Polygon = [
  [
    [0, 0],
    [WIDTH, 0],
    [WIDTH, HEIGHT],
    [0, HEIGHT],
    [0, 0],
  ],
];

/** Densify a lat/lon ring so that the projection's lenses bend its long edges smoothly. */
function densify(ring: LatLon[], step = 0.1): LatLon[] {
  const out: LatLon[] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], (b[1] - a[1]) * 0.45) / step));
    for (let s = 0; s < steps; s++) out.push([a[0] + ((b[0] - a[0]) * s) / steps, a[1] + ((b[1] - a[1]) * s) / steps]);
  }
  return out;
}
/** Points from a towards b (b itself left out), densified like a ring's edge. */
const along = (a: LatLon, b: LatLon): LatLon[] =>
  densify([a, b]).slice(0, Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], (b[1] - a[1]) * 0.45) / 0.1)));
const ringPx = (ring: LatLon[]): Ring => {
  const r = densify(ring).map(px) as Ring;
  r.push(r[0]!);
  return r;
};

// ---------------------------------------------------------------------------------------------------
// Land, lakes, mountains, areas
// ---------------------------------------------------------------------------------------------------
const mainland: Polygon = asPolygon(geo.norway[0]!);
const lakes: MultiPolygon = polygonClipping.intersection(mainland, [ringPx(MJOSA)]);
const mountains: MultiPolygon[] = MOUNTAINS.map((m) => polygonClipping.intersection(mainland, [ringPx(m.polygon)]));
const cells = cutAreas({
  areas: AREAS.map((a) => ({ id: a.id, seeds: [a.seed, ...(a.seeds ?? [])].map(px) })),
  norway: geo.norway,
  holes: polygonClipping.union(lakes, ...mountains),
  islandOwners: ISLANDS.map((i) => ({ at: px(i.at), area: i.area })),
  width: WIDTH,
  height: HEIGHT,
});

const r1 = (v: number) => Math.round(v * 10) / 10;
function pathOf(mp: MultiPolygon): string {
  const parts: string[] = [];
  for (const poly of mp) {
    for (const ring of poly) {
      const pts = ring.slice(0, -1).map(([x, y]) => [r1(x), r1(y)] as const);
      const dedup = pts.filter((p, k) => k === 0 || p[0] !== pts[k - 1]![0] || p[1] !== pts[k - 1]![1]);
      if (dedup.length >= 3) parts.push(`M${dedup.map((p) => `${p[0]},${p[1]}`).join('L')}Z`);
    }
  }
  return parts.join('');
}
function labelOf(mp: MultiPolygon): { x: number; y: number } {
  const biggest = [...mp].sort((a, b) => ringArea(b[0]!) - ringArea(a[0]!))[0]!;
  const p = polylabel(biggest as [number, number][][], 0.5);
  return { x: r1(p[0]!), y: r1(p[1]!) };
}

const ids = AREAS.map((a) => a.id);
const shapes = cells.shapes.map(pathOf);

// ---------------------------------------------------------------------------------------------------
// Sea zones and what lies abroad
// ---------------------------------------------------------------------------------------------------
const abroadLand: MultiPolygon[] = geo.neighbours.map((c) =>
  polygonClipping.intersection(VIEW, polygonClipping.union(c.polygons.map(asPolygon) as MultiPolygon)),
);
const abroad = geo.neighbours.map((c, i) => ({ name: c.name, land: abroadLand[i]! })).filter((c) => c.land.length > 0);
const allLand = polygonClipping.union(geo.norway.map(asPolygon) as MultiPolygon, ...abroad.map((c) => c.land));
/**
 * A zone polygon in board units. An entry 'a|b' stands for the border of areas a and b, so that a zone
 * line meets the coast exactly where those two areas meet (its points in order of distance from the
 * entry before it).
 */
function zoneRing(src: (LatLon | string)[]): Ring {
  const out: Pt[] = [];
  src.forEach((v, k) => {
    if (typeof v === 'string') {
      const [a, b] = v.split('|');
      const sa = shapes[ids.indexOf(a!)];
      const sb = shapes[ids.indexOf(b!)];
      if (!sa || !sb) throw new Error(`zone line: no areas ${v}`);
      const pts = [
        ...new Map(
          sharedSegments(sa, sb)
            .flat()
            .map((p) => [`${p[0]},${p[1]}`, p]),
        ).values(),
      ];
      if (pts.length === 0) throw new Error(`zone line: ${v} do not meet`);
      const last = src[src.length - 1]!;
      const from = out[out.length - 1] ?? (typeof last === 'string' ? [0, 0] : px(last));
      pts.sort((p, q) => Math.hypot(p[0] - from[0], p[1] - from[1]) - Math.hypot(q[0] - from[0], q[1] - from[1]));
      out.push(...pts);
      return;
    }
    const next = src[(k + 1) % src.length]!;
    out.push(...(typeof next === 'string' ? [v] : along(v, next)).map(px));
  });
  out.push(out[0]!);
  return out as Ring;
}
let zonesSoFar: MultiPolygon = [];
const seaZones = SEA_ZONE_SOURCE.map((z) => {
  const poly = polygonClipping.intersection([zoneRing(z.polygon)], VIEW);
  const zonesBefore = zonesSoFar;
  const water = polygonClipping.difference(poly, allLand, zonesBefore);
  zonesSoFar = polygonClipping.union(zonesSoFar, poly);
  const [x, y] = px(z.label);
  const own = polygonClipping.difference(poly, zonesBefore);
  return { id: z.id, adjacent: z.adjacent, redShadow: z.id === 'I' || z.id === 'II', label: { x: r1(x), y: r1(y) }, water, poly: own };
});

// ---------------------------------------------------------------------------------------------------
// Air ranges, lines
// ---------------------------------------------------------------------------------------------------
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

// Fra Tyskland line: the borders between a band-0 area and any other area.
const fraSegments: [Pt, Pt][] = [];
AREAS.forEach((a, i) =>
  AREAS.forEach((b, j) => {
    if (a.band === 0 && b.band !== 0) fraSegments.push(...sharedSegments(shapes[i]!, shapes[j]!));
  }),
);
const fraTysklandLine = fraSegments.map(([p, q]) => `M${p[0]},${p[1]}L${q[0]},${q[1]}`).join('');

// The cable to Britain: from Egersund towards Peterhead, where it landed.
const egersund = px([58.45, 5.99]);
const cableMid = px([58.0, 2.5]);
const cableEnd = px([57.5, -1.78]);
const telegraphLine = `M${r1(egersund[0])},${r1(egersund[1])}Q${r1(cableMid[0])},${r1(cableMid[1])} ${r1(cableEnd[0])},${r1(cableEnd[1])}`;

/**
 * Where the board is drawn (Norway and the sea) rather than another country's land, on a grid of FILL_CELL
 * units, one bit a cell: the client places its views so that the board fills the screen.
 */
const FILL_CELL = 10;
const fillCols = Math.ceil(WIDTH / FILL_CELL);
const fillRows = Math.ceil(HEIGHT / FILL_CELL);
const fillBytes = new Uint8Array(Math.ceil((fillCols * fillRows) / 8));
const boxed = (land: MultiPolygon) => {
  const pts = land.flatMap((p) => p[0]!);
  return {
    land,
    x0: Math.min(...pts.map((p) => p[0])),
    x1: Math.max(...pts.map((p) => p[0])),
    y0: Math.min(...pts.map((p) => p[1])),
    y1: Math.max(...pts.map((p) => p[1])),
  };
};
const abroadAll = abroad.map((c) => boxed(c.land));
const inside = (p: Pt, a: ReturnType<typeof boxed>) => p[0] >= a.x0 && p[0] <= a.x1 && p[1] >= a.y0 && p[1] <= a.y1 && inMulti(p, a.land);
for (let r = 0; r < fillRows; r++)
  for (let c = 0; c < fillCols; c++) {
    const p: Pt = [(c + 0.5) * FILL_CELL, (r + 0.5) * FILL_CELL];
    const drawn = !abroadAll.some((a) => inside(p, a));
    if (drawn) fillBytes[(r * fillCols + c) >> 3]! |= 1 << ((r * fillCols + c) & 7);
  }
const fill = { cell: FILL_CELL, cols: fillCols, rows: fillRows, bits: Buffer.from(fillBytes).toString('base64') };

const raidXY = px(RAID_BOX.label);
const board = {
  viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
  impassable: mountains.map(pathOf).filter((s) => s.length > 0),
  abroad: abroad.map((c) => pathOf(c.land)).filter((s) => s.length > 0),
  lakes: [pathOf(lakes)],
  fill,
  areas: AREAS.map((a, i) => ({
    id: a.id,
    name: a.name,
    victoryCity: !!a.victoryCity,
    mobilizationPoint: !!a.mobilizationPoint,
    airfield: !!a.airfield,
    southOfFraTyskland: a.band === 0,
    seaZones: a.seaZones,
    telegraphCable: !!a.telegraphCable,
    label: labelOf(cells.shapes[i]!),
    shape: shapes[i]!,
  })),
  borders: BORDERS.map(([a, b, k]) => ({ a, b, kind: k === 'F' ? 'fjord' : 'land' })),
  // Drawn under the land, so the zones need not follow the coast: their water is used by --check only.
  seaZones: seaZones.map(({ water: _, poly, ...z }) => ({ ...z, shape: pathOf(poly) })),
  airRange,
  airRangeAtSea,
  raidBox: { adjacent: RAID_BOX.adjacent, label: { x: r1(raidXY[0]), y: r1(raidXY[1]) } },
  fraTysklandLine,
  telegraphLine,
};
writeFileSync(OUT, `${JSON.stringify(board, null, 1)}\n`);
console.log(`wrote ${OUT}`);

if (CHECK) {
  const problems = checkBoard({
    areas: AREAS.map((a, i) => ({ id: a.id, seaZones: a.seaZones, shape: shapes[i]! })),
    borders: BORDERS,
    seaZones: seaZones.map((z) => ({ id: z.id, water: z.water })),
  });
  for (const p of problems) console.log(p);
  for (const a of board.areas) console.log(`label ${a.id} ${a.label.x},${a.label.y}`);
}
const DEBUG = process.argv.find((a) => a.startsWith('--debug='))?.slice(8);
if (DEBUG) {
  // A graticule and the seeds, for looking at the drawing while placing seeds and zone lines.
  const lines: string[] = [];
  for (let lat = 57; lat <= 72; lat += 0.5)
    lines.push(
      `M${Array.from({ length: 121 }, (_, k) =>
        px([lat, -5 + k * 0.35])
          .map(r1)
          .join(','),
      ).join('L')}`,
    );
  for (let lon = -4; lon <= 34; lon += 1)
    lines.push(
      `M${Array.from({ length: 61 }, (_, k) =>
        px([56 + k * 0.27, lon])
          .map(r1)
          .join(','),
      ).join('L')}`,
    );
  const seeds = AREAS.flatMap((a) => [a.seed, ...(a.seeds ?? [])].map((s) => ({ id: a.id, at: px(s).map(r1) })));
  const ticks = [];
  for (let lat = 57; lat <= 72; lat += 0.5)
    for (let lon = 4; lon <= 32; lon += 1) ticks.push({ t: `${lat}/${lon}`, at: px([lat, lon]).map(r1) });
  writeFileSync(DEBUG, JSON.stringify({ graticule: lines, seeds, ticks }));
  // Where two coastal areas on different zones meet, in lat/lon (the projection inverted numerically).
  const inv = ([x, y]: Pt): LatLon => {
    let ll: LatLon = [63, 12];
    for (let k = 0; k < 30; k++) {
      const p0 = px(ll);
      const pa = px([ll[0] + 0.01, ll[1]]);
      const pb = px([ll[0], ll[1] + 0.01]);
      const a = [(pa[0] - p0[0]) / 0.01, (pa[1] - p0[1]) / 0.01];
      const b = [(pb[0] - p0[0]) / 0.01, (pb[1] - p0[1]) / 0.01];
      const det = a[0]! * b[1]! - a[1]! * b[0]!;
      const ex = x - p0[0];
      const ey = y - p0[1];
      ll = [ll[0] + (ex * b[1]! - ey * b[0]!) / det, ll[1] + (a[0]! * ey - a[1]! * ex) / det];
    }
    return [Math.round(ll[0] * 100) / 100, Math.round(ll[1] * 100) / 100];
  };
  AREAS.forEach((a, i) =>
    AREAS.forEach((b, j) => {
      if (j <= i || a.seaZones.length === 0 || b.seaZones.length === 0 || a.seaZones[0] === b.seaZones[0]) return;
      const segs = sharedSegments(shapes[i]!, shapes[j]!);
      if (segs.length)
        console.log(
          `meet ${a.id}(${a.seaZones}) ${b.id}(${b.seaZones}):`,
          segs
            .flat()
            .map(inv)
            .map((p) => p.join('/'))
            .filter((_, k, all) => k === 0 || k === all.length - 1)
            .join(' .. '),
        );
    }),
  );
}
