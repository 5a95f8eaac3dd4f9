/**
 * Where each area's name goes so that no two names overlap and no name lies under a stack. Stacks stay
 * at their area's label point; a name tries spots around it (above the stack first, then below,
 * beside, and a step further out) and takes the first free one. Names are placed in order of
 * importance; one that finds no free spot is left out (its area still names itself on hover or long
 * press). Everything is in map units.
 */

export interface LabelIn {
  id: string;
  x: number;
  y: number;
  /** Width and height of the name with its icons, in map units (already scaled). */
  w: number;
  h: number;
  /** Higher goes first. */
  rank: number;
  /** The stack drawn at this area's point, if any (map units, relative to x, y). */
  stack: Rect | null;
}
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
/** Centre of each placed name, relative to its area's point; names left out are absent. */
export type Placement = Map<string, { dx: number; dy: number }>;

const meets = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

function spots(l: LabelIn): { dx: number; dy: number }[] {
  const gap = l.h * 0.12;
  if (!l.stack) {
    return [
      { dx: 0, dy: 0 },
      { dx: 0, dy: -l.h - gap },
      { dx: 0, dy: l.h + gap },
      { dx: l.w / 2 + gap, dy: 0 },
      { dx: -l.w / 2 - gap, dy: 0 },
      { dx: l.w / 3, dy: -l.h - gap },
      { dx: -l.w / 3, dy: -l.h - gap },
      { dx: l.w / 3, dy: l.h + gap },
      { dx: -l.w / 3, dy: l.h + gap },
    ];
  }
  const s = l.stack;
  const above = s.y0 - l.h / 2 - gap;
  const below = s.y1 + l.h / 2 + gap;
  const mid = (s.y0 + s.y1) / 2;
  return [
    { dx: 0, dy: above },
    { dx: 0, dy: below },
    { dx: s.x1 + l.w / 2 + gap, dy: mid },
    { dx: s.x0 - l.w / 2 - gap, dy: mid },
    { dx: l.w / 3, dy: above },
    { dx: -l.w / 3, dy: above },
    { dx: l.w / 3, dy: below },
    { dx: -l.w / 3, dy: below },
    { dx: 0, dy: above - l.h - gap },
    { dx: 0, dy: below + l.h + gap },
  ];
}

const inside = (r: Rect, b: Rect) => r.x0 >= b.x0 && r.x1 <= b.x1 && r.y0 >= b.y0 && r.y1 <= b.y1;

/**
 * Places the names; `fixed` are boxes nothing may cover (sea-zone names, other markers). With `view`
 * (the part of the map in sight), a name whose point is in sight takes a free spot wholly in sight
 * before one cut by the edge of the pane (a name on the coast turns inwards).
 */
export function placeLabels(labels: readonly LabelIn[], fixed: readonly Rect[] = [], view?: Rect): Placement {
  const taken: Rect[] = [...fixed];
  for (const l of labels)
    if (l.stack) taken.push({ x0: l.x + l.stack.x0, y0: l.y + l.stack.y0, x1: l.x + l.stack.x1, y1: l.y + l.stack.y1 });
  const out: Placement = new Map();
  const order = [...labels].sort((a, b) => b.rank - a.rank || a.id.localeCompare(b.id));
  for (const l of order) {
    const at = (p: { dx: number; dy: number }) => {
      const cx = l.x + p.dx;
      const cy = l.y + p.dy;
      return { p, box: { x0: cx - l.w / 2, y0: cy - l.h / 2, x1: cx + l.w / 2, y1: cy + l.h / 2 } };
    };
    const isFree = (c: { box: Rect }) => !taken.some((t) => meets(t, c.box));
    const free = spots(l).map(at).filter(isFree);
    const seen = view && l.x >= view.x0 && l.x <= view.x1 && l.y >= view.y0 && l.y <= view.y1 ? view : null;
    let pick = seen ? free.find(({ box }) => inside(box, seen)) : undefined;
    // None wholly in sight: the same spots slid inwards just enough, if that leaves them free.
    if (seen && !pick)
      pick = spots(l)
        .map((p) => {
          const c = at(p).box;
          const dx = Math.max(0, seen.x0 - c.x0) - Math.max(0, c.x1 - seen.x1);
          const dy = Math.max(0, seen.y0 - c.y0) - Math.max(0, c.y1 - seen.y1);
          return at({ dx: p.dx + dx, dy: p.dy + dy });
        })
        .find((c) => isFree(c) && inside(c.box, seen));
    pick ??= free[0];
    if (!pick) continue;
    taken.push(pick.box);
    out.set(l.id, pick.p);
  }
  return out;
}

const widthCache = new Map<string, number>();
/** Forget measured widths (the web font has arrived and measures differently). */
export function clearTextWidths() {
  widthCache.clear();
}
let ctx: CanvasRenderingContext2D | null | undefined;
/** The width of a name at the given font size, measured with the map's font (estimated without a canvas). */
export function textWidth(text: string, fontSize: number, font: string): number {
  const key = `${font}|${text}`;
  let w = widthCache.get(key);
  if (w === undefined) {
    if (ctx === undefined) {
      try {
        ctx = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
      } catch {
        ctx = null;
      }
    }
    if (ctx) {
      ctx.font = `650 100px ${font}`;
      w = ctx.measureText(text).width / 100;
    }
    if (!w || !Number.isFinite(w)) w = text.length * 0.6;
    widthCache.set(key, w);
  }
  return w * fontSize;
}
