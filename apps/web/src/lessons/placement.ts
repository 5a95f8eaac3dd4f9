/**
 * Where a lesson's step panel goes so that it never covers what it points at: beside the lit
 * targets (below, above, right, left of them, then the screen's corners), the first spot inside the
 * screen that overlaps no target; if none is free (a phone with targets everywhere), the spot that
 * covers the least of them. Pure: the overlay measures the targets and the screen and asks this.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}

const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

function union(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, width: Math.max(...rects.map((r) => r.x + r.width)) - x, height: Math.max(...rects.map((r) => r.y + r.height)) - y };
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(v, Math.max(lo, hi)));

/** The panel's top-left corner (in the screen's coordinates), its size capped to the screen's. */
export function placePanel(targets: readonly Rect[], screen: Size, panel: Size, margin = 8): { x: number; y: number } {
  const w = Math.min(panel.width, screen.width - 2 * margin);
  const h = Math.min(panel.height, screen.height - 2 * margin);
  const u = union(targets);
  const inside = (x: number, y: number) => ({
    x: clamp(x, margin, screen.width - w - margin),
    y: clamp(y, margin, screen.height - h - margin),
  });
  const spots = [
    ...(u
      ? [
          inside(u.x + u.width / 2 - w / 2, u.y + u.height + margin),
          inside(u.x + u.width / 2 - w / 2, u.y - h - margin),
          inside(u.x + u.width + margin, u.y + u.height / 2 - h / 2),
          inside(u.x - w - margin, u.y + u.height / 2 - h / 2),
        ]
      : []),
    inside(screen.width - w - margin, screen.height - h - margin),
    inside(margin, screen.height - h - margin),
    inside(screen.width - w - margin, margin),
    inside(margin, margin),
  ];
  const covered = (s: { x: number; y: number }) => targets.reduce((sum, t) => sum + overlap({ ...s, width: w, height: h }, t), 0);
  return spots.find((s) => covered(s) === 0) ?? spots.reduce((best, s) => (covered(s) < covered(best) ? s : best));
}
