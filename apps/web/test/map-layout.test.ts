/**
 * The map's layout helpers without a browser: names placed around stacks never overlap each other, a
 * stack or a fixed box (or are left out); a view keeps its target in sight and slides onto the board
 * rather than onto Sweden.
 */
import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelIn, type Rect } from '../src/games/kon/ui/labelPlace';
import { boardAt, coverage, placeBest } from '../src/games/kon/ui/mapFill';
import { BOARD } from '../src/games/kon/game/data';
import { SEA_LABEL_FONT, seaLabelAt, seaLabelWidth } from '../src/games/kon/ui/mapView';
import { wholeLandings } from '../src/games/kon/ui/advanced-state';

const meets = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

describe('placeLabels', () => {
  it('turns a name on the edge of the pane inwards rather than cutting it (Stavanger on a phone)', () => {
    const label: LabelIn = { id: 'stavanger', x: 10, y: 100, w: 60, h: 14, rank: 1, stack: null };
    const view: Rect = { x0: 0, y0: 0, x1: 400, y1: 400 };
    // Without the pane the name is centred on its point and reaches 20 units beyond the edge.
    expect(placeLabels([label]).get('stavanger')).toEqual({ dx: 0, dy: 0 });
    const p = placeLabels([label], [], view).get('stavanger')!;
    expect(label.x + p.dx - label.w / 2).toBeGreaterThanOrEqual(view.x0);
    // A name whose point is out of sight keeps its first free spot.
    expect(placeLabels([{ ...label, x: -50 }], [], view).get('stavanger')).toEqual({ dx: 0, dy: 0 });
  });

  it('puts crowded names where they overlap nothing, most important first', () => {
    const stack: Rect = { x0: -12, y0: -10, x1: 14, y1: 12 };
    // Five areas whose points lie close together, like Ofoten: each with a stack.
    const labels: LabelIn[] = [0, 1, 2, 3, 4].map((i) => ({
      id: `a${i}`,
      x: i * 30,
      y: (i % 2) * 20,
      w: 50,
      h: 14,
      rank: i === 2 ? 9 : 1,
      stack,
    }));
    const fixed: Rect[] = [{ x0: 100, y0: -60, x1: 140, y1: -30 }];
    const placed = placeLabels(labels, fixed);
    expect(placed.has('a2')).toBe(true);
    const boxes = labels
      .filter((l) => placed.has(l.id))
      .map((l) => {
        const p = placed.get(l.id)!;
        return { x0: l.x + p.dx - l.w / 2, y0: l.y + p.dy - l.h / 2, x1: l.x + p.dx + l.w / 2, y1: l.y + p.dy + l.h / 2 };
      });
    const stacks = labels.map((l) => ({ x0: l.x + stack.x0, y0: l.y + stack.y0, x1: l.x + stack.x1, y1: l.y + stack.y1 }));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) expect(meets(boxes[i]!, boxes[j]!)).toBe(false);
      for (const s of [...stacks, ...fixed]) expect(meets(boxes[i]!, s)).toBe(false);
    }
  });
});

describe('placeBest', () => {
  it('keeps the target in sight and fills the view with the board', () => {
    const narvik = BOARD.areas.find((a) => a.id === 'narvik')!.label;
    const keep = { x0: narvik.x - 40, y0: narvik.y - 40, x1: narvik.x + 40, y1: narvik.y + 40 };
    const w = 700;
    const h = 500;
    const at = placeBest(keep, w, h);
    expect(at.x).toBeLessThanOrEqual(keep.x0);
    expect(at.x + w).toBeGreaterThanOrEqual(keep.x1);
    expect(at.y).toBeLessThanOrEqual(keep.y0);
    expect(at.y + h).toBeGreaterThanOrEqual(keep.y1);
    // Centred on Narvik the view shows much of Sweden; slid, the board fills more of it.
    const centred = coverage({ x: (keep.x0 + keep.x1 - w) / 2, y: (keep.y0 + keep.y1 - h) / 2, w, h });
    expect(coverage({ ...at, w, h })).toBeGreaterThan(centred);
  });
  it('the board mask: Oslo is on the board, the middle of Sweden is not, nothing beyond the drawing is', () => {
    const oslo = BOARD.areas.find((a) => a.id === 'oslo')!.label;
    expect(boardAt(oslo.x, oslo.y)).toBe(true);
    const kongsvinger = BOARD.areas.find((a) => a.id === 'kongsvinger')!.label;
    expect(boardAt(kongsvinger.x + 250, kongsvinger.y)).toBe(false);
    expect(boardAt(-50, -50)).toBe(false);
  });
});

describe('seaLabelAt', () => {
  const vb = { x: 0, y: 0, w: 400, h: 800 };
  it('draws a numeral the pane edge would cut whole, just inside the edge (zone IV on a phone)', () => {
    const at = seaLabelAt('IV', { x: 5, y: 300 }, vb);
    expect(at.y).toBe(300);
    expect(at.x - seaLabelWidth('IV') / 2).toBeGreaterThanOrEqual(vb.x);
    const low = seaLabelAt('II', { x: 200, y: 798 }, vb);
    expect(low.y + SEA_LABEL_FONT * 0.6).toBeLessThanOrEqual(vb.y + vb.h);
  });
  it('leaves a numeral in full sight, or wholly out of it, where it is', () => {
    expect(seaLabelAt('VI', { x: 200, y: 300 }, vb)).toEqual({ x: 200, y: 300 });
    expect(seaLabelAt('VIII', { x: -300, y: 300 }, vb)).toEqual({ x: -300, y: 300 });
  });
});

describe('wholeLandings', () => {
  const o = (zone: string, area: string, ships: string[]) => ({ zone, area, ships });
  it('lands every ship of the one zone serving a coast; a coast two zones serve asks for the zone', () => {
    const options = [
      o('III', 'bergen', ['a']),
      o('III', 'bergen', ['b']),
      o('III', 'bergen', ['a', 'b']),
      o('III', 'stavanger', ['a']),
      o('II', 'stavanger', ['c']),
    ];
    const whole = wholeLandings(options);
    expect(whole.get('bergen')).toEqual(o('III', 'bergen', ['a', 'b']));
    expect(whole.has('stavanger')).toBe(false);
  });
});
