/**
 * Rules help on the board and the phone layout, in the real client: the desktop map opens on all of
 * Norway (the south in the main view, the north in its inset), hovering an area shows its facts, the legend and the rules dialog; on a 390 × 844 phone a
 * selected stack and its destinations are brought into the part of the map the bottom sheet leaves
 * free, with tap targets of at least 40 px and readable labels.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { click, createMatch, DOCS, joinMatch, newContext, shot, useWebRig, waitStage } from './helpers';

const rig = useWebRig();

/** A three-player match with every seat taken; the German page is returned (at the given size). */
async function germanBoard(size?: { width: number; height: number }): Promise<Page> {
  const g = await (await newContext(rig.browser, { lang: 'en', ...size })).newPage();
  const inv = await createMatch(g, rig.base, { name: 'Greta', seat: 'germany' });
  await click(g, '[data-action="to-match"]');
  const n = await (await newContext(rig.browser, { lang: 'no' })).newPage();
  const a = await (await newContext(rig.browser, { lang: 'en' })).newPage();
  await joinMatch(n, inv.seats.norway!, 'Nils');
  await joinMatch(a, inv.seats.allies!, 'Alice');
  await waitStage(g, 'movement');
  return g;
}

/** Where an area's label point (its stack) is on the screen. */
function labelOnScreen(page: Page, area: string) {
  return page.evaluate((id) => {
    const hit = document.querySelector(`[data-hit="${id}"]`) as SVGCircleElement | null;
    const path = document.querySelector(`path[data-area="${id}"]`) as SVGPathElement;
    // The map that holds the area live: the main view, or the Northern Norway inset.
    const m = (path.closest('svg') as SVGSVGElement).getScreenCTM()!;
    // The label point is the stack's anchor; for areas without a tap ring, the middle of the shape.
    const b = path.getBBox();
    const p = hit ? new DOMPoint(hit.cx.baseVal.value, hit.cy.baseVal.value) : new DOMPoint(b.x + b.width / 2, b.y + b.height / 2);
    const s = p.matrixTransform(m);
    return { x: s.x, y: s.y };
  }, area);
}

describe('rules help on the board', () => {
  it('opens on all of Norway; hover shows an area’s facts; legend and rules dialog', async () => {
    const g = await germanBoard();
    // All of Norway: the names (and stacks) of Finnmark in the far north (in the Northern Norway
    // inset) and Østfold in the south are on screen. (The views keep every area's name and stack in
    // sight; the tip of a big area's coast, such as the North Cape, may reach past the edge.)
    const inView = (id: string) =>
      g.evaluate((a) => {
        const svg = document.querySelector('svg.board-svg')!.getBoundingClientRect();
        const r = document.querySelector(`[data-label="${a}"]`)!.getBoundingClientRect();
        return r.top >= svg.top - 1 && r.bottom <= svg.bottom + 1 && r.left >= svg.left - 1 && r.right <= svg.right + 1;
      }, id);
    expect(await inView('finnmark')).toBe(true);
    expect(await inView('ostfold')).toBe(true);

    // Hover Narvik (where Germany's stack stands): its facts, from the board data.
    const p = await labelOnScreen(g, 'narvik');
    await g.mouse.move(p.x + 30, p.y + 30);
    await g.mouse.move(p.x, p.y, { steps: 4 });
    const card = g.locator('[data-testid="area-facts"][data-facts="narvik"]');
    await card.waitFor({ timeout: 5000 });
    const text = (await card.textContent())!;
    expect(text).toContain('Narvik');
    expect(text).toContain('Victory city');
    expect(text).toContain('Coast on sea zone VII');
    expect(text).toMatch(/Neighbours by land: Bardufoss, Bjørnfjell, Gratangen, Tysfjord/);
    expect(text).toMatch(/across a fjord or lake: Harstad/);
    expect(text).toContain('Here now: Germany 3');
    await shot(g, 'area-facts-narvik');
    await g.screenshot({ path: path.join(DOCS, 'web-area-facts.png') });
    // Moving off the map closes it.
    await g.mouse.move(5, 5);
    await expect.poll(() => card.count()).toBe(0);

    // The legend lists everything the map draws.
    await click(g, '.legend-toggle');
    for (const key of [
      'fraTyskland',
      'impassable',
      'redZone',
      'blueZone',
      'fjord',
      'fjordCrossing',
      'victoryCity',
      'mobilization',
      'airfield',
      'attack',
      'combat',
    ])
      await g.locator(`[data-legend="${key}"]`).waitFor();
    expect(await g.locator('[data-legend="fraTyskland"]').textContent()).toContain('Fra Tyskland');
    await shot(g, 'legend');
    await click(g, '.legend-toggle');

    // The rules dialog: the phase guide marks the movement phase, the summary follows.
    await click(g, '[data-testid="help-button"]');
    const dialog = g.locator('[data-testid="help-dialog"]');
    await dialog.waitFor();
    expect(await dialog.locator('li.current').getAttribute('data-phase')).toBe('movement');
    expect(await dialog.locator('[data-help]').count()).toBeGreaterThanOrEqual(5);
    await shot(g, 'help-dialog');
    await dialog.locator('.row button').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await g.context().close();
  });

  it('on a 390 × 844 phone the selected stack and its destinations stay clear of the sheet, tap targets ≥ 40 px', async () => {
    const g = await germanBoard({ width: 390, height: 844 });
    await shot(g, 'phone-board');
    // Oslo's stack, in the south, where the sheet covers the map: picked by its tap target.
    await g.locator('[data-hit="oslo"]').dispatchEvent('click');
    await g.locator('[data-dest]').first().waitFor();
    const dests = await g.locator('[data-dest]').evaluateAll((els) => els.map((e) => e.getAttribute('data-dest')!));
    expect(dests.length).toBeGreaterThan(1);

    /** The map area the player sees: the map's box above the sheet. */
    const visible = () =>
      g.evaluate(() => {
        const svg = document.querySelector('svg.board-svg')!.getBoundingClientRect();
        const sheet = document.querySelector('[data-testid="action-panel"]')!.getBoundingClientRect();
        return { left: svg.left, right: svg.right, top: Math.max(svg.top, 0), bottom: Math.min(svg.bottom, sheet.top, window.innerHeight) };
      });
    const inside = async (id: string) => {
      const v = await visible();
      const p = await labelOnScreen(g, id);
      return p.x >= v.left && p.x <= v.right && p.y >= v.top && p.y <= v.bottom;
    };
    await expect.poll(async () => (await Promise.all(['oslo', ...dests].map(inside))).every(Boolean), { timeout: 5000 }).toBe(true);
    // The stack's pieces themselves, not only their anchor, are in sight.
    const v = await visible();
    const stack = (await g.locator('[data-stack="oslo"]').boundingBox())!;
    expect(stack.y).toBeGreaterThanOrEqual(v.top);
    expect(stack.y + stack.height).toBeLessThanOrEqual(v.bottom);

    // Tap targets: the stack, each destination, every button of the sheet and the map controls.
    for (const id of ['oslo', ...dests]) {
      const b = (await g.locator(`[data-hit="${id}"]`).boundingBox())!;
      expect(b.width, `tap target of ${id}`).toBeGreaterThanOrEqual(40);
      expect(b.height, `tap target of ${id}`).toBeGreaterThanOrEqual(40);
    }
    const buttons = await g
      .locator('[data-testid="action-panel"] button:visible, .map-controls button:visible, .legend-toggle:visible')
      .evaluateAll((els) => els.map((e) => ({ text: e.textContent, ...e.getBoundingClientRect().toJSON() })));
    expect(buttons.length).toBeGreaterThan(4);
    for (const b of buttons) {
      expect(b.height, `button "${b.text}"`).toBeGreaterThanOrEqual(40);
      expect(b.width, `button "${b.text}"`).toBeGreaterThanOrEqual(40);
    }
    // Labels drawn on the map are readable (at least 9 px tall on screen).
    const heights = await g.locator('.area-name').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    for (const h of heights) expect(h).toBeGreaterThanOrEqual(9);

    await shot(g, 'phone-stack-selected');
    await g.screenshot({ path: path.join(DOCS, 'web-phone-stack.png') });
    await g.context().close();
  });
});
