/**
 * The Northern Norway inset's geometry without a browser: the main view beside it frames the south
 * and centre without the north (else the inset would hide at once), the inset frames every northern
 * area, and over the main view it covers Sweden, not Norway's land.
 */
import { describe, expect, it } from 'vitest';
import { BOARD } from '../src/games/kon/game/data';
import { INSET_AREAS, INSET_RIGHT, insetFits, insetSize, insetView, mainSeesNorth } from '../src/games/kon/ui/mapInset';
import { mainView, regionView } from '../src/games/kon/ui/mapRegions';

const inBox = (p: { x: number; y: number }, v: { x: number; y: number; w: number; h: number }) =>
  p.x >= v.x && p.x <= v.x + v.w && p.y >= v.y && p.y <= v.y + v.h;

describe('the Northern Norway inset', () => {
  for (const pane of [
    { w: 706, h: 606 },
    { w: 1080, h: 880 },
    { w: 640, h: 560 },
  ])
    it(`a ${pane.w} × ${pane.h} pane: the main view holds the south, the inset the north`, () => {
      expect(insetFits(pane.w, pane.h)).toBe(true);
      const main = mainView(pane.w / pane.h);
      expect(mainSeesNorth(main)).toBe(false);
      for (const a of BOARD.areas) if (!INSET_AREAS.has(a.id)) expect(inBox(a.label, main), a.id).toBe(true);
      const size = insetSize(pane.w, pane.h);
      const view = insetView(size);
      for (const id of INSET_AREAS) expect(inBox(BOARD.areas.find((a) => a.id === id)!.label, view), id).toBe(true);
      // The inset's left edge, in the main view's units, lies east of the south's label points.
      const left = main.x + ((pane.w - INSET_RIGHT - size.w) * main.w) / pane.w;
      const under = BOARD.areas.filter(
        (a) => !INSET_AREAS.has(a.id) && a.label.x > left && a.label.y < main.y + (size.h * main.w) / pane.w + 40,
      );
      expect(under.map((a) => a.id)).toEqual([]);
    });

  it('a pane too narrow for it beside the south, or a phone, has no inset', () => {
    expect(insetFits(620, 700)).toBe(false);
    expect(insetFits(390, 700)).toBe(false);
    expect(insetFits(706, 606)).toBe(true);
  });

  it('the whole map, the N view and a zoom out show the north: the inset gives way', () => {
    expect(mainSeesNorth(regionView('all', 1.16))).toBe(true);
    expect(mainSeesNorth(regionView('north', 1.16))).toBe(true);
    expect(mainSeesNorth(regionView('south', 1.16))).toBe(false);
  });
});
