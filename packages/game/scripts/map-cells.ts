/**
 * Cuts Norway's land into the game's areas. Each area owns one or more seeds; the area is the union of
 * its seeds' Voronoi cells clipped to the mainland (less lakes and impassable mountains). An island is
 * never split: it goes whole to the area named for it in ISLANDS, else to the area that owns most of
 * it, so that islands make no borders of their own.
 */
import { Delaunay } from 'd3-delaunay';
import polygonClipping, { type MultiPolygon, type Polygon, type Ring } from 'polygon-clipping';
import type { Pt } from './map-projection.js';

export interface CellInput {
  /** Area ids in board order, and each area's seeds (board units). */
  areas: { id: string; seeds: Pt[] }[];
  /** Norway's land polygons, the mainland first. */
  norway: Pt[][][];
  /** Cut out of the mainland: lakes and impassable mountains. */
  holes: MultiPolygon;
  /** Points on islands that belong to a given area (board units). */
  islandOwners: { at: Pt; area: string }[];
  width: number;
  height: number;
}

const closeRing = (ring: Pt[]): Ring => {
  const r = ring.map((p) => [p[0], p[1]] as [number, number]);
  const a = r[0]!;
  const b = r[r.length - 1]!;
  if (a[0] !== b[0] || a[1] !== b[1]) r.push([a[0], a[1]]);
  return r;
};
export const asPolygon = (poly: Pt[][]): Polygon => poly.map(closeRing);

export function ringArea(ring: readonly (readonly number[])[]): number {
  let s = 0;
  for (let k = 0; k + 1 < ring.length; k++) s += ring[k]![0]! * ring[k + 1]![1]! - ring[k + 1]![0]! * ring[k]![1]!;
  return Math.abs(s / 2);
}
export const areaOf = (mp: MultiPolygon) =>
  mp.reduce((s, poly) => s + ringArea(poly[0]!) - poly.slice(1).reduce((h, r) => h + ringArea(r), 0), 0);

export function inRing(p: Pt, ring: readonly (readonly number[])[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0]!;
    const yi = ring[i]![1]!;
    const xj = ring[j]![0]!;
    const yj = ring[j]![1]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
export const inMulti = (p: Pt, mp: MultiPolygon) => mp.some((poly) => inRing(p, poly[0]!) && !poly.slice(1).some((h) => inRing(p, h)));

export interface Cells {
  /** Each area's land, in the order of CellInput.areas. */
  shapes: MultiPolygon[];
  /** Everything that is Norwegian land on the board (mainland less holes, and the islands). */
  land: MultiPolygon;
}

export function cutAreas(input: CellInput): Cells {
  const seeds: Pt[] = [];
  const owner: number[] = [];
  input.areas.forEach((a, i) => a.seeds.forEach((s) => (seeds.push(s), owner.push(i))));
  const voronoi = Delaunay.from(seeds).voronoi([-2000, -2000, input.width + 2000, input.height + 2000]);
  const regions: MultiPolygon[] = input.areas.map((_, i) => {
    const cells = seeds
      .map((_, k) => k)
      .filter((k) => owner[k] === i)
      .map((k) => [voronoi.cellPolygon(k) as unknown as Ring] as Polygon);
    return polygonClipping.union(cells[0]!, ...cells.slice(1));
  });

  const [mainlandRaw, ...islands] = input.norway;
  const mainland = polygonClipping.difference(asPolygon(mainlandRaw!), input.holes);
  const shapes: MultiPolygon[] = regions.map((r) => polygonClipping.intersection(mainland, r));

  const idx = new Map(input.areas.map((a, i) => [a.id, i]));
  for (const island of islands) {
    const poly = asPolygon(island);
    const near = (o: { at: Pt }) => poly[0]!.some((q) => Math.hypot(q[0] - o.at[0], q[1] - o.at[1]) < 4);
    const named = input.islandOwners.find((o) => inRing(o.at, poly[0]!) || near(o));
    let best = named ? idx.get(named.area) : undefined;
    if (named && best === undefined) throw new Error(`island owner ${named.area} is not an area`);
    if (best === undefined) {
      let most = 0;
      regions.forEach((r, i) => {
        const share = areaOf(polygonClipping.intersection([poly], r));
        if (share > most) (most = share), (best = i);
      });
    }
    if (best === undefined) throw new Error('island outside every cell');
    shapes[best] = polygonClipping.union(shapes[best]!, [poly]);
  }
  const land = polygonClipping.union(mainland, ...islands.map((p) => [asPolygon(p)] as MultiPolygon));
  return { shapes, land };
}
