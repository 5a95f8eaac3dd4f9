/**
 * From latitude/longitude to board units: a Lambert conformal conic (tangent at 64°N, central meridian
 * 15°E, north up, as on Norwegian maps), magnified locally where the board is dense (like a printed
 * game map), then scaled so that mainland Norway is NORWAY_HEIGHT units tall and placed inside the
 * board's extent with room for the sea to the west and north.
 */
import type { LatLon } from './map-source.js';

export type Pt = [number, number];

/** Height of mainland Norway on the board, in board units (labels and stacks are sized for this). */
const NORWAY_HEIGHT = 1400;
/** Room around Norway's bounding box, in board units: open sea to the west and north, Sweden east. */
export const EXTENT_MARGIN = { left: 760, right: 140, top: 260, bottom: 200 };

const R = 6371;
const RAD = Math.PI / 180;
const PHI0 = 64 * RAD;
const LAM0 = 15 * RAD;
const N = Math.sin(PHI0);
const F = (Math.cos(PHI0) * Math.tan(Math.PI / 4 + PHI0 / 2) ** N) / N;
const RHO0 = (R * F) / Math.tan(Math.PI / 4 + PHI0 / 2) ** N;

/** Lambert conformal conic in km; y grows southwards (SVG). */
function lcc([lat, lon]: LatLon): Pt {
  const rho = (R * F) / Math.tan(Math.PI / 4 + (lat * RAD) / 2) ** N;
  const t = N * (lon * RAD - LAM0);
  return [rho * Math.sin(t), -(RHO0 - rho * Math.cos(t))];
}

/**
 * Local magnifiers (km space): the dense parts of the board get more room. Each is a smooth bump, so
 * coastlines bend but do not break.
 */
const LENSES: { at: LatLon; mag: number; radius: number }[] = [
  { at: [68.6, 17.4], mag: 2.0, radius: 150 },
  { at: [66.4, 14.3], mag: 1.6, radius: 130 },
  { at: [60.1, 9.6], mag: 1.6, radius: 240 },
  { at: [62.6, 8.6], mag: 1.3, radius: 140 },
  { at: [59.0, 5.9], mag: 1.4, radius: 80 },
];
const LENS_KM = LENSES.map((l) => ({ c: lcc(l.at), mag: l.mag, r: l.radius }));
function warp([x0, y0]: Pt): Pt {
  let x = x0;
  let y = y0;
  for (const { c, mag, r } of LENS_KM) {
    const dx = x - c[0];
    const dy = y - c[1];
    const k = 1 + (mag - 1) * Math.exp(-((Math.hypot(dx, dy) / r) ** 2));
    x = c[0] + dx * k;
    y = c[1] + dy * k;
  }
  return [x, y];
}
const km = (ll: LatLon): Pt => warp(lcc(ll));

export interface Projection {
  /** Board units of a point given as [lat, lon]. */
  px(ll: LatLon): Pt;
  /** The board's extent: Norway with its margins. */
  width: number;
  height: number;
}

/** Fits the projection to mainland Norway, given as lat/lon points of its outline. */
export function makeProjection(norway: LatLon[]): Projection {
  const pts = norway.map(km);
  const minX = Math.min(...pts.map((p) => p[0]));
  const maxX = Math.max(...pts.map((p) => p[0]));
  const minY = Math.min(...pts.map((p) => p[1]));
  const maxY = Math.max(...pts.map((p) => p[1]));
  const scale = NORWAY_HEIGHT / (maxY - minY);
  const offX = EXTENT_MARGIN.left - minX * scale;
  const offY = EXTENT_MARGIN.top - minY * scale;
  const r1 = (v: number) => Math.round(v);
  return {
    px(ll) {
      const [x, y] = km(ll);
      return [x * scale + offX, y * scale + offY];
    },
    width: r1((maxX - minX) * scale + EXTENT_MARGIN.left + EXTENT_MARGIN.right),
    height: r1(NORWAY_HEIGHT + EXTENT_MARGIN.top + EXTENT_MARGIN.bottom),
  };
}
