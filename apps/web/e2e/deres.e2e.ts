/**
 * Deres uenighet in the browser: three people and a spectator. Each seat plays its set-up turns on
 * the board (nation, terrain pieces on the oval, supplies, capital), then writes buy orders on the map;
 * the others see only that a nation has handed in, until all have and the orders are revealed together.
 * Private lines reach their one addressee.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { joinMatch, newContext, shot, useWebRig } from './helpers';

async function api(base: string, method: string, route: string, body?: unknown) {
  const r = await fetch(base + route, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : null,
  });
  return r.json() as Promise<any>;
}

describe('Deres uenighet in three browsers and a spectator', () => {
  const rig = useWebRig();

  it('plays the set-up and a buy step on the board; orders stay hidden until all are in', async () => {
    const base = rig.base;
    const created = await api(base, 'POST', '/api/matches', { game: 'deres-uenighet', plan: 'three' });
    expect(created.game).toBe('deres-uenighet');
    const pages: Page[] = [];
    for (const [i, s] of (created.links.seats as { seat: string; token: string }[]).entries()) {
      const ctx = await newContext(rig.browser, { lang: i === 1 ? 'no' : 'en' });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.log(`page ${i} error:`, e.message));
      await joinMatch(page, `${base}/m/${created.matchID}/join#${s.token}`, `P${i + 1}`);
      pages.push(page);
    }
    const spectatorCtx = await newContext(rig.browser);
    const spectator = await spectatorCtx.newPage();
    spectator.on('pageerror', (e) => console.log('spectator error:', e.message));
    await spectator.goto(`${base}/m/${created.matchID}/watch#${created.links.spectator}`);
    await shot(pages[0]!, 'deres-start');
    for (const p of [...pages, spectator]) await p.locator('[data-testid="deres-board"]').waitFor({ timeout: 20_000 });
    // The top bar and the tab name the match's game, not the site's first game.
    expect(await pages[0]!.locator('.topbar .brand').textContent()).toContain('Their Disagreement');
    expect(await pages[1]!.locator('.topbar .brand').textContent()).toContain('Deres uenighet');
    expect(await pages[1]!.title()).toBe('Deres uenighet');

    // Set-up: whoever's turn it is clicks the first thing offered, until the first order phase.
    const phase = () => pages[0]!.locator('[data-testid="deres-board"]').getAttribute('data-phase');
    for (let i = 0; i < 80 && ['chooseNation', 'buildMap', 'placeSupplies', 'placeCapital'].includes((await phase()) ?? ''); i++) {
      let acted = false;
      for (const p of pages) {
        const setup = p.locator('[data-testid="deres-setup"]');
        if ((await setup.count()) === 0) continue;
        const before = await setup.getAttribute('data-phase');
        const nation = setup.locator('button[data-nation]');
        if (await nation.count()) await nation.first().click();
        else if (await p.locator('rect[data-slot][data-target="true"]').count())
          await p.locator('rect[data-slot][data-target="true"]').first().click();
        else if (await p.locator('g[data-target="true"]').count()) await p.locator('g[data-target="true"]').first().click();
        else continue;
        acted = true;
        await p.waitForFunction(
          ([b]) => {
            const el = document.querySelector('[data-testid="deres-board"]');
            return !document.querySelector('[data-testid="deres-setup"]') || el?.getAttribute('data-phase') !== b || true;
          },
          [before],
        );
        await p.waitForTimeout(150);
        break;
      }
      if (!acted) await pages[0]!.waitForTimeout(200);
    }
    expect(await phase()).toBe('buy');
    await shot(pages[0]!, 'deres-buy');

    // Buy: the first seat places a regiment and hands in; the others see only that it has.
    const p1 = pages[0]!;
    await p1.locator('[data-testid="deres-orders"]').waitFor();
    // The buy panel says what a click places; the key under the map explains the symbols.
    expect(await p1.locator('[data-testid="buy-modes"] button[aria-pressed="true"]').getAttribute('data-mode')).toBe('regiment');
    await p1.locator('[data-testid="deres-legend"] summary').click();
    expect(await p1.locator('[data-testid="deres-legend"]').textContent()).toContain('capital');
    await p1.locator('g[data-target="true"]').first().click();
    await p1.click('[data-action="submit-orders"]');
    await p1.locator('[data-testid="orders-sent"]').waitFor();
    await pages[2]!.locator('li[data-seat="0"][data-submitted="true"]').waitFor();
    await shot(spectator, 'deres-spectator');
    await spectator.locator('li[data-seat="0"][data-submitted="true"]').waitFor();
    const before = await rig.trueState(created.matchID);
    expect((before as any).regiments).toHaveLength(0);
    // The others hand in nothing: all orders are revealed and carried out together.
    for (const p of pages.slice(1)) await p.click('[data-action="submit-empty"]');
    await expect.poll(phase, { timeout: 15_000 }).toBe('move');
    expect(await p1.locator('[data-regiment]').count()).toBeGreaterThan(0);
    expect(await spectator.locator('[data-regiment]').count()).toBeGreaterThan(0);

    // A private line from the first seat to the second: the third and the spectator never see it.
    await p1.selectOption('[data-testid="private-messages"] select', '1');
    await p1.fill('input[name=private-text]', 'truce until round 3?');
    await p1.click('[data-testid="private-messages"] button[type=submit]');
    await pages[1]!.getByText('truce until round 3?').waitFor();
    await pages[2]!.waitForTimeout(500);
    expect(await pages[2]!.getByText('truce until round 3?').count()).toBe(0);
    expect(await spectator.getByText('truce until round 3?').count()).toBe(0);
    await shot(p1, 'deres-move');

    // On a phone the map takes the screen's width, and nothing is wider than the screen.
    const phone = pages[2]!;
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.waitForTimeout(200);
    const box = (await phone.locator('[data-testid="deres-map"]').boundingBox())!;
    expect(box.width).toBeGreaterThan(340);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'deres-phone');
  });
});
