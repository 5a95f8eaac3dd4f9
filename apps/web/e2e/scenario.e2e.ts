/**
 * Scenario 1 through the UI: Germany creates a Narvik match from the home page, Norway and the Allies
 * join, and the three pages play the first round. The board opens on the north with the rest out of
 * play, the banner states the scenario's goal, the sheet is one click away, and moves out of the region
 * are never offered. Also takes the opening screenshots of both scenarios.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createMatch, joinMatch, newContext, shot, DOCS, useWebRig, waitStage, click } from './helpers';

const rig = useWebRig();

/** End both phases of a turn with no moves, and discard when the rules ask for it. */
async function quietTurn(page: Page, discard: boolean) {
  await waitStage(page, 'movement');
  await click(page, '[data-action="endPhase"]');
  await waitStage(page, 'reinforcement');
  await click(page, '[data-action="endPhase"]');
  if (discard) {
    await waitStage(page, 'discard');
    await click(page, '[data-testid="action-panel"] .button-grid button');
  }
}

describe('Scenario 1 through the UI', () => {
  it('creates a Narvik match with three seats and plays its first round', async () => {
    const errors: string[] = [];
    const pages: Page[] = [];
    for (const lang of ['en', 'no', 'en'] as const) {
      const p = await (await newContext(rig.browser, { lang })).newPage();
      p.on('pageerror', (e) => errors.push(e.message));
      pages.push(p);
    }
    const [g, n, a] = pages as [Page, Page, Page];

    await g.goto(`${rig.base}/`);
    // The home page offers each scenario with its one-line summary.
    await g.locator('[data-scenario="narvik"]').waitFor();
    expect(await g.locator('[data-scenario="narvik"] small').textContent()).toMatch(/Narvik/);
    expect(await g.locator('[data-scenario="gudbrandsdalen"]').count()).toBe(1);
    const inv = await createMatch(g, rig.base, { name: 'Greta', seat: 'germany', ruleset: 'scenario:narvik' });
    await expect.poll(() => g.locator('[data-testid="ruleset"]').textContent()).toContain('Scenario 1');
    await click(g, '[data-action="to-match"]');
    await joinMatch(n, inv.seats.norway!, 'Nils');
    await joinMatch(a, inv.seats.allies!, 'Alice');

    await waitStage(g, 'movement');
    const G0 = await rig.trueState(inv.matchID);
    expect(G0.scenario?.id).toBe('narvik');
    // The goal of the scenario in the banner; the south of the board out of play.
    expect(await g.locator('[data-testid="scenario-goal"]').textContent()).toContain('Narvik, Bjørnfjell and Bardufoss');
    expect(await n.locator('[data-testid="scenario-goal"]').textContent()).toContain('Narvik, Bjørnfjell og Bardufoss');
    expect(await g.locator('path[data-area="oslo"]').getAttribute('class')).toContain('out-of-play');
    expect(await g.locator('path[data-area="narvik"]').getAttribute('class')).not.toContain('out-of-play');
    // The pointer off the map, so that no area's facts cover the opening board.
    await g.mouse.move(1, 1);
    await g.waitForTimeout(300);
    await shot(g, 'web-scenario-1-narvik', DOCS);

    // The sheet is one click away.
    await click(g, '[data-testid="scenario-sheet-button"]');
    await g.locator('[data-testid="scenario-sheet"]').waitFor();
    expect(await g.locator('[data-testid="scenario-sheet"]').textContent()).toContain('3 Gebirgsjäger');
    await click(g, '[data-testid="scenario-sheet"] button.primary');

    // Germany: Mosjøen's battalion may go north, never south to Namsos (out of play).
    await g.locator('path[data-area="mosjoen"]').click({ force: true });
    await g.locator('[data-dest="mo-i-rana"]').waitFor();
    expect(await g.locator('[data-dest="namsos"]').count()).toBe(0);
    await click(g, '[data-dest="mo-i-rana"]');
    await expect.poll(async () => (await rig.trueState(inv.matchID)).units['mo-i-rana']?.germany ?? 0).toBe(1);
    // No reinforcements in this scenario: the phase offers nothing but ending it.
    await click(g, '[data-action="endPhase"]');
    await waitStage(g, 'reinforcement');
    expect(await g.locator('[data-place]').count()).toBe(0);
    await click(g, '[data-action="endPhase"]');
    await waitStage(g, 'discard');
    await click(g, '[data-testid="action-panel"] .button-grid button');

    await quietTurn(n, false);
    await quietTurn(a, true);

    await waitStage(g, 'movement');
    const G1 = await rig.trueState(inv.matchID);
    expect(G1.round).toBe(2);
    expect(G1.turn).toBe('germany');
    // One discard each: Germany's and the Allies' decks are one card shorter, nothing else drawn.
    expect(G1.decks.germany.draw).toHaveLength(4);
    expect(G1.decks.allies.draw).toHaveLength(2);
    expect(G1.result).toBeNull();
    expect(errors).toEqual([]);
  }, 180_000);

  it('opens a Scenario 2 match on its region (screenshot)', async () => {
    const pages: Page[] = [];
    for (let i = 0; i < 3; i++) pages.push(await (await newContext(rig.browser, { lang: 'en' })).newPage());
    const [g, n, a] = pages as [Page, Page, Page];
    const inv = await createMatch(g, rig.base, { name: 'Greta', seat: 'germany', ruleset: 'scenario:gudbrandsdalen' });
    await click(g, '[data-action="to-match"]');
    await joinMatch(n, inv.seats.norway!, 'Nils');
    await joinMatch(a, inv.seats.allies!, 'Alice');
    await waitStage(g, 'movement');
    expect(await g.locator('[data-testid="scenario-goal"]').textContent()).toContain('Dombås and Åndalsnes');
    expect(await g.locator('path[data-area="narvik"]').getAttribute('class')).toContain('out-of-play');
    expect(await g.locator('path[data-area="dombas"]').getAttribute('class')).not.toContain('out-of-play');
    await g.mouse.move(1, 1);
    await g.waitForTimeout(300);
    await shot(g, 'web-scenario-2-gudbrandsdalen', DOCS);
  }, 120_000);
});
