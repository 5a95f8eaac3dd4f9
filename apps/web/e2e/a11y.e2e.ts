/**
 * Accessibility in the browser: axe-core checks the home, invite, match (laptop 1366×800 and phone
 * 390×844, the side that acts and the side that waits, both languages) and replay pages, and finds no
 * serious or critical violation (contrast, labels, landmarks, names). A match is finished fast by
 * driving moves through the server's move path, as comfort.e2e.ts does.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { click, createMatch, joinMatch, newContext, useWebRig, waitForTurn } from './helpers';
import { playOut } from '../../server/test/play-out';

const rig = useWebRig();

interface Found {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** The page's structure, which axe calls moderate but this project holds to: one banner, a main, an h1. */
const STRUCTURE = new Set([
  'landmark-one-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-main',
  'landmark-banner-is-top-level',
  'landmark-main-is-top-level',
  'page-has-heading-one',
]);

/** axe-core's serious and critical violations on the page as it stands, and the page-structure ones. */
async function seriousViolations(page: Page): Promise<Found[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || STRUCTURE.has(v.id))
    .map((v) => ({ ...v, nodes: v.nodes.slice(0, 6).map((n) => `${n.target} ${n.summary}`.replace(/\s+/g, ' ')) }));
}

/** Every page's findings, asserted at the end so that one run shows them all. */
const findings: string[] = [];
async function check(page: Page, where: string) {
  // Fonts and late panels settle first: contrast is measured on what is drawn.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(200);
  const v = await seriousViolations(page);
  if (v.length > 0)
    console.log(`${where}:\n${v.map((x) => `  [${x.impact}] ${x.id}: ${x.help}\n    ${x.nodes.join('\n    ')}`).join('\n')}`);
  findings.push(...v.map((x) => `${where}: ${x.id}`));
}

/** Press Tab until `focused` holds in the page (at most 150 times: the page's every stop). */
async function tabUntil(page: Page, focused: () => boolean) {
  for (let i = 0; i < 150; i++) {
    if (await page.evaluate(focused)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

describe('accessibility (axe-core)', () => {
  it('home, invite, match on a laptop and a phone, and replay have no serious or critical violations', async () => {
    const errors: string[] = [];
    const g = await (await newContext(rig.browser, { lang: 'en', width: 1366, height: 800 })).newPage();
    const n = await (await newContext(rig.browser, { lang: 'no', width: 1366, height: 800 })).newPage();
    for (const p of [g, n]) p.on('pageerror', (e) => errors.push(e.message));

    await g.goto(`${rig.base}/`);
    await g.locator('[data-scenario]').first().waitFor();
    await check(g, 'home (en)');
    await n.goto(`${rig.base}/`);
    await n.locator('[data-scenario]').first().waitFor();
    await check(n, 'home (no)');

    const inv = await createMatch(g, rig.base, { name: 'Greta', plan: 'two', seat: 'germany', ruleset: 'scenario:narvik' });
    await check(g, 'invite');
    await click(g, '[data-action="to-match"]');
    await joinMatch(n, inv.seats['norway+allies']!, 'Nils');

    // Germany acts first; Norway and the Allies wait.
    await waitForTurn(g);
    await n.locator('[data-testid="banner"]').waitFor();
    await check(g, 'match, acting (laptop)');
    await check(n, 'match, waiting (laptop, no)');
    // An area's facts card over the map (its header is no second banner: it lies inside the main).
    await g.locator('path[data-area="narvik"]').hover({ force: true });
    await g.locator('[data-testid="area-facts"]').waitFor();
    await check(g, 'match, area facts');
    await g.mouse.move(5, 400);

    // The help dialog over the board.
    await click(g, '[data-testid="help-button"]');
    await g.locator('[data-testid="help-dialog"]').waitFor();
    await check(g, 'match, help open');
    await g.keyboard.press('Escape');
    await g.locator('[data-testid="help-dialog"]').waitFor({ state: 'hidden' });

    // A decision by keyboard alone: Tab to a stack on the map, Enter, Tab to a destination, Enter.
    const before = await rig.trueState(inv.matchID);
    await tabUntil(g, () => {
      const el = document.activeElement;
      return el?.getAttribute('role') === 'button' && el.hasAttribute('data-area');
    });
    const from = await g.evaluate(() => document.activeElement!.getAttribute('data-area')!);
    await g.keyboard.press('Enter');
    await g.locator('[data-dest]').first().waitFor();
    await check(g, 'match, choosing a destination');
    await tabUntil(g, () => document.activeElement?.hasAttribute('data-dest') ?? false);
    const to = await g.evaluate(() => document.activeElement!.getAttribute('data-dest')!);
    await g.keyboard.press('Enter');
    await expect
      .poll(async () => (await rig.trueState(inv.matchID)).units[to]?.germany ?? 0)
      .toBeGreaterThan(before.units[to]?.germany ?? 0);
    expect(from).not.toBe(to);

    for (const p of [g, n]) await p.setViewportSize({ width: 390, height: 844 });
    await check(g, 'match, acting (phone)');
    await check(n, 'match, waiting (phone, no)');
    for (const p of [g, n]) await p.setViewportSize({ width: 1366, height: 800 });

    // The full games' first screens: the basic game's hand shows reinforcement symbols, the advanced
    // game opens with the 9. April cards to choose from.
    for (const ruleset of ['basic', 'advanced'] as const) {
      const p = await (await newContext(rig.browser, { lang: 'no', width: 1366, height: 800 })).newPage();
      const q = await (await newContext(rig.browser, { lang: 'en', width: 1366, height: 800 })).newPage();
      const other = await createMatch(p, rig.base, { name: 'Gro', plan: 'two', seat: 'germany', ruleset });
      await click(p, '[data-action="to-match"]');
      await joinMatch(q, other.seats['norway+allies']!, 'Nora');
      await waitForTurn(p);
      await check(p, `${ruleset} game, Germany (no)`);
      await q.locator('[data-testid="banner"]').waitFor();
      await check(q, `${ruleset} game, Norway and the Allies`);
      for (const x of [p, q]) await x.context().close();
    }

    // The end: the result dialog, then the replay of the match.
    await playOut(rig.server.transport, inv.matchID, { seed: 3 });
    await g.locator('[data-testid="result"]').waitFor();
    await check(g, 'match, result');
    await g.goto(`${rig.base}/m/${inv.matchID}/replay`);
    await g.locator('[data-testid="replay-viewer"]').waitFor();
    await check(g, 'replay');
    await g.setViewportSize({ width: 390, height: 844 });
    await check(g, 'replay (phone)');
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
  });
});
