/**
 * The map's views: the whole board, the regions the N, S and "whole map" buttons open, and the
 * limits a pan or zoom keeps to.
 */
import { BOARD } from '../game/data';
import { parseViewBox } from '../game/geometry';
import { placeBest } from './mapFill';

export const FULL = parseViewBox(BOARD.viewBox);
/**
 * Where the north begins for the inset: Mosjøen (y 899) and every area north of it; Namsos (967) and
 * the south stay in the main view.
 */
export const INSET_CUT_Y = 930;
export type ViewBox = typeof FULL;
export const MIN_W = 160;
/**
 * The box a view must keep in sight to show some areas: their label points, with room for the names
 * beside them and the stacks below. (The coast of a big area may reach beyond it.)
 */
export function boxOf(ids: readonly string[], foot = 30, head = 50, east = 48) {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const a of BOARD.areas) {
    if (!ids.includes(a.id)) continue;
    x0 = Math.min(x0, a.label.x);
    y0 = Math.min(y0, a.label.y);
    x1 = Math.max(x1, a.label.x);
    y1 = Math.max(y1, a.label.y);
  }
  return { x: x0 - 48, y: y0 - head, w: x1 - x0 + 48 + east, h: y1 - y0 + head + foot };
}
/**
 * All of Norway: what the map opens on and "whole map" shows. East it reaches Finnmark's name (beyond
 * lie its inland and Sweden), north its coast; south the whole coast, Kristiansand and Arendal with their stacks.
 */
const LAND = boxOf(
  BOARD.areas.map((a) => a.id),
  70,
  170,
);
/**
 * The same with room east for Finnmark's name, for a pane wider than tall: its name is centred on its
 * point in the pane's top-right corner, where the map's buttons stand, and no name goes under them.
 */
const LAND_WIDE = boxOf(
  BOARD.areas.map((a) => a.id),
  70,
  170,
  190,
);
/**
 * Southern and central Norway, Kristiansand to Namsos: what a wide pane opens on while the north is
 * shown in its inset (ui/mapInset.ts). The foot leaves room for Kristiansand's stack and name.
 */
const MAIN_BOX = boxOf(
  BOARD.areas.filter((a) => a.label.y >= INSET_CUT_Y).map((a) => a.id),
  60,
  50,
);
/**
 * The view of the south and centre beside the inset: the region's height fills the pane; its coast
 * keeps to the west edge and its top to the top, so that the pane's width to spare lies east, over
 * Sweden, where the inset stands.
 */
export function mainView(aspect: number): ViewBox {
  const r = MAIN_BOX;
  // A little west of the coast's names: Stavanger's star is drawn left of its name.
  const w = Math.max(r.w + 16, r.h * aspect);
  return { x: r.x - 16, y: r.y, w, h: w / aspect };
}
/** The south (Oslo to Trondheim) and the north (Trondheim to Finnmark), for the N and S buttons. */
const TRONDHEIM_Y = BOARD.areas.find((a) => a.id === 'trondheim')?.label.y ?? 0;
const SOUTH = BOARD.areas.filter((a) => a.label.y >= TRONDHEIM_Y - 30).map((a) => a.id);
const NORTH = BOARD.areas.filter((a) => a.label.y <= TRONDHEIM_Y + 30).map((a) => a.id);
/**
 * Views of the south (Oslo to Trondheim), the north (Trondheim to Finnmark), the whole land, or a
 * scenario's region (a list of areas), fitted to a box's aspect.
 */
export function regionView(
  region: 'south' | 'north' | 'all' | 'main' | readonly string[],
  aspect: number,
  inset: { top: number; bottom: number; right?: number } = { top: 0, bottom: 1 },
) {
  if (region === 'main') return mainView(aspect);
  const r =
    typeof region !== 'string'
      ? boxOf(region)
      : region === 'south'
        ? boxOf(SOUTH)
        : region === 'north'
          ? boxOf(NORTH)
          : aspect > 1
            ? LAND_WIDE
            : LAND;
  // Grow the short side so that the region fills the part of the box the player sees (a phone's sheet
  // covers its foot), and slide it so that the board fills the rest.
  const seen = Math.max(0.3, inset.bottom - inset.top);
  const seenW = Math.max(0.5, inset.right ?? 1);
  let w = Math.max((r.h * aspect) / seen, r.w / seenW);
  // A tall pane (a phone's, with the sheet folded or gone) would show the blank beyond the drawing's
  // top or foot: the view stays within the drawing's height, as long as the region's width still fits
  // (it may then reach under the map's buttons).
  if (w / aspect > FULL.h) w = Math.max(FULL.h * aspect, r.w);
  const h = w / aspect;
  const at = placeBest({ x0: r.x, y0: r.y, x1: r.x + r.w, y1: r.y + r.h }, w, h, inset);
  // Nothing beyond the drawing's top or foot where the view is no taller than it, unless that would
  // push the region out of the part the player sees.
  const inside = h <= FULL.h ? Math.min(FULL.y + FULL.h - h, Math.max(FULL.y, at.y)) : at.y;
  const seenTop = inside + h * inset.top;
  const y = r.y >= seenTop - 1 && r.y + r.h <= seenTop + h * seen + 1 ? inside : at.y;
  // Where the region cannot clear the buttons, its west (the coast and its cities) stays in sight and
  // its east reaches under them.
  const x = w * seenW < r.w - 1 ? r.x : at.x;
  return { x, y, w, h };
}

export function clampVb(v: { x: number; y: number; w: number; h: number }) {
  const margin = 0.4;
  const x = Math.min(FULL.x + FULL.w - v.w * (1 - margin), Math.max(FULL.x - v.w * margin, v.x));
  const y = Math.min(FULL.y + FULL.h - v.h * (1 - margin), Math.max(FULL.y - v.h * margin, v.y));
  return { ...v, x, y };
}
