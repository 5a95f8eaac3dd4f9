/**
 * Where the map's names go (ui/labelPlace.ts places them): which are drawn, their boxes around the
 * stacks, the sea zones' numerals and the map's buttons, and which numerals give way.
 */
import { useMemo } from 'react';
import type { FactionView } from '@kon/game';
import { BOARD, FACTIONS } from '../game/data';
import { textWidth } from './labelPlace';
import { useMapFont } from './mapMeasure';
import { placeLabels, type LabelIn, type Rect } from './labelPlace';
import { labelLayout, SEA_LABEL_FONT, seaLabelAt, seaLabelWidth } from './mapView';

/** Font size (map units) of the area names (before their zoom factor). */
export const LABEL_FONT = 10.5;

export interface LabelBox {
  text: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export function layoutLabels({
  shownKey,
  stackCounts,
  labelBoxes,
  kText,
  k,
  selected,
  pickable,
  sources,
  overlays,
  vb,
  width,
}: {
  /** The areas whose names are drawn, joined by commas. */
  shownKey: string;
  /** How many factions stand in each area, in the board's order, joined by commas. */
  stackCounts: string;
  labelBoxes: ReadonlyMap<string, LabelBox>;
  kText: number;
  k: number;
  selected: string | null | undefined;
  pickable: ReadonlySet<string> | undefined;
  sources: ReadonlySet<string> | undefined;
  /** The map's buttons, in the box's pixels. */
  overlays: readonly Rect[];
  vb: { x: number; y: number; w: number; h: number };
  width: number;
}) {
  const size = { w: width };
  const shown = new Set(shownKey.split(','));
  const counts = stackCounts.split(',').map(Number);
  const r = 11 * k;
  const gap = 25 * k;
  const stackBox = (n: number) => {
    const half = ((n - 1) * gap) / 2;
    return { x0: -half - 1.05 * r, y0: 5 * k - 1.5 * r, x1: half + 1.65 * r, y1: 5 * k + 1.05 * r };
  };
  const input: LabelIn[] = BOARD.areas
    .map((a, i) => ({ a, n: counts[i] ?? 0 }))
    .filter(({ a }) => shown.has(a.id))
    .map(({ a, n }) => {
      const b = labelBoxes.get(a.id)!;
      return {
        id: a.id,
        x: a.label.x,
        y: a.label.y,
        w: (b.right - b.left) * kText,
        h: (b.bottom - b.top) * kText,
        // A victory city keeps its name before an area that is only pickable now (it stays lit, and
        // hovering names it); the selected area's name comes first of all.
        rank:
          (a.id === selected ? 16 : 0) + (a.victoryCity ? 6 : 0) + (pickable?.has(a.id) || sources?.has(a.id) ? 4 : 0) + (n > 0 ? 1 : 0),
        stack: n > 0 ? stackBox(n) : null,
      };
    });
  // Every stack stays clear, also those whose area's name is not drawn now.
  const allStacks = BOARD.areas
    .map((a, i) => ({ a, n: counts[i] ?? 0 }))
    .filter(({ n }) => n > 0)
    .map(({ a, n }) => {
      const b = stackBox(n);
      return { id: a.id, x0: a.label.x + b.x0, y0: a.label.y + b.y0, x1: a.label.x + b.x1, y1: a.label.y + b.y1 };
    });
  const stacks = allStacks.filter((r) => !shown.has(r.id));
  // A numeral the pane's edge would cut is drawn whole, just inside the edge (the zones are wide there).
  const seaAt = new Map(BOARD.seaZones.map((z) => [z.id, seaLabelAt(z.id, z.label, vb)]));
  const seaBoxes = BOARD.seaZones.map((z) => {
    const w = seaLabelWidth(z.id);
    const at = seaAt.get(z.id)!;
    // With a margin: the numerals are drawn in an italic serif, wider than the estimate at their edges.
    return { x0: at.x - w * 0.6, y0: at.y - SEA_LABEL_FONT * 0.7, x1: at.x + w * 0.6, y1: at.y + SEA_LABEL_FONT * 0.7 };
  });
  // The map's own buttons (zoom, legend) lie over it: no name goes under them.
  const unit = size.w > 0 ? vb.w / size.w : 1;
  const controls = overlays.map((o) => ({
    x0: vb.x + o.x0 * unit,
    y0: vb.y + o.y0 * unit,
    x1: vb.x + o.x1 * unit,
    y1: vb.y + o.y1 * unit,
  }));
  // A numeral under the map's buttons, or moved in from the edge onto a stack, is left out.
  const meets = (c: Rect, d: Rect) => c.x0 < d.x1 && d.x0 < c.x1 && c.y0 < d.y1 && d.y0 < c.y1;
  const seaHidden = new Set(
    BOARD.seaZones
      .filter(
        (z, i) =>
          controls.some((c) => meets(c, seaBoxes[i]!)) || (seaAt.get(z.id) !== z.label && allStacks.some((c) => meets(c, seaBoxes[i]!))),
      )
      .map((z) => z.id),
  );
  const placed = placeLabels(input, [...seaBoxes.filter((_, i) => !seaHidden.has(BOARD.seaZones[i]!.id)), ...stacks, ...controls], {
    x0: vb.x,
    y0: vb.y,
    x1: vb.x + vb.w,
    y1: vb.y + vb.h,
  });
  // A numeral moved in from the pane's edge gives way to a name placed beside it.
  const names = input
    .filter((l) => placed.has(l.id))
    .map((l) => {
      const p = placed.get(l.id)!;
      // With room to spare: the drawn text and icons reach a little beyond the estimate.
      const w = l.w * 0.6;
      const h = l.h;
      return { x0: l.x + p.dx - w, y0: l.y + p.dy - h, x1: l.x + p.dx + w, y1: l.y + p.dy + h };
    });
  BOARD.seaZones.forEach((z, i) => {
    if (seaAt.get(z.id) !== z.label && names.some((n) => meets(n, seaBoxes[i]!))) seaHidden.add(z.id);
  });
  return { placed, seaHidden, seaAt };
}

/** The names drawn now and where: sized for the zoom (ui/mapView.ts labelLayout), placed around the stacks and buttons. */
export function useBoardLabels({
  G,
  vb,
  width,
  px,
  k,
  selected,
  pickable,
  sources,
  narrow,
  own,
  overlays,
}: {
  G: FactionView;
  vb: { x: number; y: number; w: number; h: number };
  width: number;
  px: number;
  k: number;
  selected: string | null | undefined;
  pickable: ReadonlySet<string> | undefined;
  sources: ReadonlySet<string> | undefined;
  /** A phone's or tablet's pane: only the names that matter are drawn. */
  narrow: boolean;
  /** The areas this SVG draws live (the main view or the Northern Norway inset): only they are named. */
  own: (id: string) => boolean;
  /** The boxes over this SVG (its buttons, the inset), in its pixels: no name goes under them. */
  overlays: readonly Rect[];
}) {
  const size = { w: width };
  const labels = labelLayout(Math.min(1.25, k), px, narrow);
  const kText = labels.scale;
  const font = useMapFont();
  /** Each name's box around its centre (before scaling by kText): the text, the star left, icons right. */
  const labelBoxes = useMemo(
    () =>
      new Map(
        BOARD.areas.map((a) => {
          const text = textWidth(a.name, LABEL_FONT, font.family) * 1.06;
          const right = text / 2 + 1 + (a.airfield ? 11 : 0) + (a.mobilizationPoint ? 8 : 0);
          return [a.id, { text, left: -text / 2 - 1 - (a.victoryCity ? 14 : 0), right, top: -7.8, bottom: 8.4 }] as const;
        }),
      ),
    [font],
  );
  const stackCounts = BOARD.areas.map((a) => (own(a.id) ? FACTIONS.filter((f) => (G.units[a.id]?.[f] ?? 0) > 0).length : 0)).join(',');
  const shownKey = BOARD.areas
    .filter((a) => own(a.id))
    .filter((a) => labels.all || a.victoryCity || a.id === selected || pickable?.has(a.id) || sources?.has(a.id))
    .map((a) => a.id)
    .join(',');
  const { placed, seaHidden, seaAt } = useMemo(
    () => layoutLabels({ shownKey, stackCounts, labelBoxes, kText, k, selected, pickable, sources, overlays, vb, width: size.w }),
    [shownKey, stackCounts, labelBoxes, kText, k, selected, pickable, sources, overlays, vb, size.w],
  );
  return { kText, placed, seaHidden, seaAt, labelBoxes };
}
