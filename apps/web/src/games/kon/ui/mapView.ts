/**
 * The map's view on small and large screens: which part of the map the player can really see (the
 * phone's bottom sheet covers the lower part), how to bring a selection into that part, how large the
 * labels and tap targets must be to stay usable.
 */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { BOARD } from '../game/data';
import { placeBest, type Box } from './mapFill';

export type { Box };

/** Smallest text on the map, in screen pixels: below this a label is noise, not help (issue 38: 12). */
export const MIN_LABEL_PX = 12;
/**
 * The same on a wide screen, where every name that finds room is drawn. At the opening view (the
 * south large, the north in its inset: ui/mapInset.ts) 12 px names fit with the victory cities named.
 */
export const MIN_LABEL_PX_WIDE = 12;
/** Smallest tap target, in screen pixels (stacks and destinations). */
export const MIN_TAP_PX = 40;
/** How far a phone zooms in on a selection at most (screen pixels per map unit). */
const MAX_FOCUS_SCALE = 2.2;
/** Below this scale a selection on a phone is zoomed in on, so that its stacks are easy to tap. */
const MIN_TOUCH_SCALE = 1.15;

export function useSvgSize(ref: RefObject<SVGSVGElement | null>) {
  const [size, setSize] = useState({ w: 0, h: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const r = el.getBoundingClientRect();
      setSize((s) => (s.w === r.width && s.h === r.height ? s : { w: r.width, h: r.height }));
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

/** The part of the map's box the player sees, in the box's own pixels, and whether it is a small screen. */
export interface Band {
  width: number;
  height: number;
  top: number;
  bottom: number;
  /** Where the map's buttons (zoom, N/S) begin, from the box's left: nothing to pick goes under them. */
  right: number;
  narrow: boolean;
}

export function visibleBand(svg: SVGSVGElement): Band {
  const r = svg.getBoundingClientRect();
  const root = document.documentElement;
  const dock = parseFloat(getComputedStyle(root).getPropertyValue('--dock-h')) || 0;
  const viewH = window.innerHeight || root.clientHeight;
  const top = Math.max(0, -r.top);
  const bottom = Math.max(top, Math.min(r.height, viewH - dock - r.top));
  const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  const controls = svg.parentElement?.querySelector('.map-controls')?.getBoundingClientRect();
  const right = controls && controls.width > 0 ? Math.max(r.width * 0.6, Math.min(r.width, controls.left - r.left - 4)) : r.width;
  return { width: r.width, height: r.height, top, bottom, right, narrow: r.width <= 700 || coarse };
}

const labelPoints = new Map<string, { x: number; y: number }>([
  ...BOARD.areas.map((a) => [a.id, a.label] as const),
  ...BOARD.seaZones.map((z) => [z.id as string, z.label] as const),
]);

/**
 * A view box that shows `ids` (label points, with room for their stacks) inside the visible band, or
 * null when they are in sight already. A desktop view only pans (or zooms out when they do not fit); a
 * phone also zooms in, so that the stacks are large enough to tap.
 */
export function fitView(v: Box, ids: readonly string[], band: Band): Box | null {
  const pts = ids.map((id) => labelPoints.get(id)).filter((p): p is { x: number; y: number } => !!p);
  if (pts.length === 0 || band.width <= 0 || band.bottom - band.top < 60) return null;
  const pad = 34;
  const x0 = Math.min(...pts.map((p) => p.x)) - pad;
  const x1 = Math.max(...pts.map((p) => p.x)) + pad;
  const y0 = Math.min(...pts.map((p) => p.y)) - pad;
  const y1 = Math.max(...pts.map((p) => p.y)) + pad + 10;
  const cur = band.width / v.w;
  // Where the box sits on screen now.
  const sx0 = (x0 - v.x) * cur;
  const sx1 = (x1 - v.x) * cur;
  const sy0 = (y0 - v.y) * cur;
  const sy1 = (y1 - v.y) * cur;
  const right = band.right ?? band.width;
  const inSight = sx0 >= 0 && sx1 <= right && sy0 >= band.top && sy1 <= band.bottom;
  if (inSight && (!band.narrow || cur >= MIN_TOUCH_SCALE)) return null;
  const fit = Math.min(right / (x1 - x0), (band.bottom - band.top) / (y1 - y0));
  const s = band.narrow ? Math.min(fit, MAX_FOCUS_SCALE) : Math.min(fit, cur);
  const w = band.width / s;
  const h = band.height / s;
  // Keep the stacks in the part the player sees, and slide the rest onto the board, not Sweden.
  const at = placeBest({ x0, y0, x1, y1 }, w, h, {
    top: band.top / band.height,
    bottom: band.bottom / band.height,
    right: right / band.width,
  });
  return { x: at.x, y: at.y, w, h };
}

/**
 * How big the area names are drawn (a factor on their base size) and whether all of them are: when the
 * map is zoomed far out, the names grow to stay readable and only the ones that matter are drawn
 * (victory cities, and whatever can be picked), so that they do not pile on top of each other.
 */
export function labelLayout(base: number, pxPerUnit: number, narrow: boolean, fontUnits = 10.5): { scale: number; all: boolean } {
  // A wide screen draws every name that finds room; a phone keeps the ones that matter. (Zoomed far
  // out, the names stop growing: the placement then leaves out those with no room.)
  const need = (narrow ? MIN_LABEL_PX : MIN_LABEL_PX_WIDE) / (fontUnits * pxPerUnit);
  if (need <= base) return { scale: base, all: true };
  if (!narrow) return { scale: Math.min(need, base * 2.2), all: true };
  return { scale: Math.min(need, base * 2.6), all: false };
}

/** The radius (map units) of a tap target: at least the token, and at least MIN_TAP_PX across on screen. */
export function hitRadius(tokenRadius: number, pxPerUnit: number): number {
  return Math.min(Math.max(tokenRadius + 2, MIN_TAP_PX / 2 / pxPerUnit + 1), 34);
}

/** Font size (map units) of the sea zones' numerals, and a numeral's width. */
export const SEA_LABEL_FONT = 34;
export const seaLabelWidth = (id: string) => (id.length * 0.45 + 0.3) * SEA_LABEL_FONT;

/** Where a sea zone's numeral is drawn: its place, moved just inside the view when the edge would cut it. */
export function seaLabelAt(id: string, at: { x: number; y: number }, vb: { x: number; y: number; w: number; h: number }) {
  const half = seaLabelWidth(id) / 2;
  const halfH = SEA_LABEL_FONT * 0.6;
  const pad = SEA_LABEL_FONT * 0.2;
  // Only a numeral partly in sight moves; one wholly outside stays there.
  const partly = at.x + half > vb.x && at.x - half < vb.x + vb.w && at.y + halfH > vb.y && at.y - halfH < vb.y + vb.h;
  if (!partly || vb.w < 2 * (half + pad) || vb.h < 2 * (halfH + pad)) return at;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  return {
    x: clamp(at.x, vb.x + half + pad, vb.x + vb.w - half - pad),
    y: clamp(at.y, vb.y + halfH + pad, vb.y + vb.h - halfH - pad),
  };
}

/**
 * Publish the map column's distance from the page's top as `--map-top` on it, so that on a phone it
 * takes the screen's whole height below the bars (styles/phone.css), however tall the banner is.
 */
export function useMapTop(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const top = `${Math.round(el.getBoundingClientRect().top + window.scrollY)}px`;
      if (el.style.getPropertyValue('--map-top') !== top) el.style.setProperty('--map-top', top);
    };
    update();
    window.addEventListener('resize', update);
    // The bars above it change height (a longer banner, the history bar, the fonts arriving).
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    const layout = el.closest('.game-layout');
    const above = [el.closest('.game-page')?.querySelector('.topbar'), ...[...(layout?.children ?? [])].filter((c) => !c.contains(el))];
    for (const e of above) if (e) ro?.observe(e);
    return () => {
      window.removeEventListener('resize', update);
      ro?.disconnect();
    };
  });
}

/**
 * Keep the selected stack and where it may go in sight: pan (and on a phone, zoom) to them, clear of
 * the bottom sheet that covers the lower part of the screen. `focusKey` is the selection and its
 * destinations, joined by commas.
 */
export function useFocusPan(
  focusKey: string,
  carrying: { current: boolean },
  svgRef: RefObject<SVGSVGElement | null>,
  setVb: (f: (v: Box) => Box) => void,
  /** Places shown elsewhere (in the Northern Norway inset): the main view does not pan to them. */
  elsewhere: ((id: string) => boolean) | null = null,
) {
  useEffect(() => {
    // While a stack is carried the map holds still under the pointer.
    if (!focusKey || carrying.current) return;
    const ids = focusKey.split(',').filter((id) => !elsewhere?.(id));
    if (ids.length === 0) return;
    let raf2 = 0;
    // Two frames: the sheet's new height is published (ResizeObserver) after the first one.
    const raf1 = requestAnimationFrame(() => {
      raf2 = requestAnimationFrame(() => {
        const svg = svgRef.current;
        if (!svg) return;
        const band = visibleBand(svg);
        setVb((v) => fitView(v, ids, band) ?? v);
      });
    });
    return () => {
      cancelAnimationFrame(raf1);
      cancelAnimationFrame(raf2);
    };
  }, [focusKey, carrying, svgRef, setVb, elsewhere]);
}
