/**
 * The "Northern Norway" inset: as printed maps of Norway do, a wide pane opens on the south and
 * centre large (Kristiansand to Namsos) and shows the north (Mosjøen to Finnmark) in a small map of
 * its own in the pane's top-right corner, over Sweden. Norway is long and diagonal: no single view of
 * all of it leaves more than about a sixth of the pane to its land, nor names a readable size.
 *
 * While the inset shows, the northern areas and sea zones are live (clickable, focusable, named) only
 * in the inset; the main view draws them passively. Once the main view itself shows the north (the N
 * button, a pan or a zoom out), the inset hides and the main view is the whole map again.
 */
import { BOARD } from '../game/data';
import { boxOf, INSET_CUT_Y, mainView, type ViewBox } from './mapRegions';

/** The areas the inset shows live, north of Namsos. */
export const INSET_AREAS: ReadonlySet<string> = new Set(BOARD.areas.filter((a) => a.label.y < INSET_CUT_Y).map((a) => a.id));
/** The sea zones of the north's coast (VI along Helgeland and Lofoten, VII off Troms and Finnmark). */
export const INSET_ZONES: ReadonlySet<string> = new Set(['VI', 'VII']);
export const inInset = (id: string) => INSET_AREAS.has(id) || INSET_ZONES.has(id);

/** What the inset frames: the northern areas' names and stacks, with room east for Finnmark's name. */
const NORTH_BOX = boxOf([...INSET_AREAS], 34, 34, 80);

/** Panes narrower than this (phones) keep the whole map in one view. */
export const INSET_MIN_PANE = 600;
/** Pixels from the pane's right edge to the inset's (the map's buttons move to the foot beside it). */
export const INSET_RIGHT = 8;
export const INSET_TOP = 8;
/** The inset's title bar, in pixels. */
export const INSET_TITLE = 26;
/** East of this (map units) the main view's top right is Sweden: the inset may cover it. */
const LAND_EAST = 1300;

/** The inset's smallest width in pixels: narrower, its names would not fit. */
const MIN_W = 180;
/** The width over Sweden, east of the main view's land, in pixels. */
function room(paneW: number, paneH: number): number {
  const v = mainView(paneW / Math.max(1, paneH));
  return paneW - INSET_RIGHT - 4 - (LAND_EAST - v.x) * (paneW / v.w);
}
/** Whether a pane has the inset: wide enough, and with room for it over Sweden (not a tall narrow pane). */
export function insetFits(paneW: number, paneH: number): boolean {
  return paneW >= INSET_MIN_PANE && paneH > 0 && room(paneW, paneH) >= MIN_W;
}

/**
 * The inset's size in pixels (its map, without the title bar) for a pane of this size: as large as
 * the room over Sweden east of the main view's land allows, and no taller than half the pane.
 */
export function insetSize(paneW: number, paneH: number): { w: number; h: number } {
  let w = Math.min(400, Math.max(MIN_W, Math.min(paneW * 0.42, room(paneW, paneH))));
  let h = (w * NORTH_BOX.h) / NORTH_BOX.w;
  const maxH = paneH * 0.52 - INSET_TITLE;
  if (h > maxH) {
    h = Math.max(120, maxH);
    w = (h * NORTH_BOX.w) / NORTH_BOX.h;
  }
  return { w: Math.round(w), h: Math.round(h) };
}

/** The inset's view box: the north, fitted to the inset's aspect. */
export function insetView(size: { w: number; h: number }): ViewBox {
  const aspect = size.w / Math.max(1, size.h);
  const b = NORTH_BOX;
  const w = Math.max(b.w, b.h * aspect);
  const h = w / aspect;
  return { x: b.x + (b.w - w) / 2, y: b.y + (b.h - h) / 2, w, h };
}

/**
 * Whether the main view shows the north itself (a northern area's stack, clear of the view's edge, is
 * in it): then no inset.
 */
export function mainSeesNorth(vb: ViewBox): boolean {
  const m = 12;
  return BOARD.areas.some(
    (a) =>
      INSET_AREAS.has(a.id) &&
      a.label.x >= vb.x + m &&
      a.label.x <= vb.x + vb.w - m &&
      a.label.y >= vb.y + m &&
      a.label.y <= vb.y + vb.h - m,
  );
}
