/**
 * Deres uenighet against the computer, in the browser: the home page creates a two-player match with
 * the second seat played by the Normal computer player, which opens at once (no invite page) under the
 * site's top bar with the game's name; the person plays the set-up on the board while
 * the computer takes its own turns, then hands in a buy step and sees the computer's orders revealed
 * with theirs (the move phase begins); on a phone (390 × 844) what the reveal did is in sight without
 * scrolling until the next orders go in.
 */
import { describe, expect, it } from 'vitest';
import { newContext, shot, useWebRig } from './helpers';

describe('Deres uenighet against a computer seat', () => {
  const rig = useWebRig({ BOT_MOVE_DELAY_MS: '0', BOT_NEXT_MOVE_DELAY_MS: '0' });

  it('creates the match with a computer seat from the home page and plays through set-up to the first move', async () => {
    const ctx = await newContext(rig.browser, { lang: 'en' });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('page error:', e.message));
    await page.goto(`${rig.base}/`);
    await page.check('input[name=game][value="deres-uenighet"]');
    const form = page.locator('form[data-game="deres-uenighet"]');
    await form.waitFor();
    // The home page now describes the chosen game, not Kampen om Norge.
    expect(await page.locator('[data-testid="home-hero"] h1').textContent()).toBe('Their Disagreement');
    await shot(page, 'deres-home');
    await form.locator('input[name=name]').fill('Ada');
    await form.locator('input[name=plan][value="two"]').check();
    // The other seat: the game's own computer players are offered.
    const other = form.locator('[data-testid="opponents"] select');
    expect(await other.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
      'person',
      'easy',
      'normal',
    ]);
    await other.selectOption('normal');
    await form.locator('button[type=submit]').click();
    // Nobody to invite (the computer plays the other seat): straight to the match, no invite page.
    await page.waitForURL(/\/m\/[^/]+$/);
    const matchID = /\/m\/([^/]+)$/.exec(page.url())![1]!;
    // The site's top bar, as Kampen om Norge's match page has it: the game's name, the connection,
    // notification settings, the "You" menu and the language switch.
    const bar = page.locator('header.topbar');
    await expect.poll(() => bar.locator('.brand').textContent(), { timeout: 20_000 }).toBe('Their Disagreement');
    await bar.locator('[data-testid="conn"][data-status="online"]').waitFor();
    expect(await bar.locator('[data-testid="member-name"]').textContent()).toBe('Ada');
    expect(await bar.locator('[data-testid="notify-open"]').count()).toBe(1);
    await bar.locator('[data-testid="lang-switch"]').click();
    await expect.poll(() => bar.locator('.brand').textContent(), { timeout: 20_000 }).toBe('Deres uenighet');
    await shot(page, 'deres-topbar-no');
    await bar.locator('[data-testid="lang-switch"]').click();
    const computer = page.locator('.module-seats li[data-seat="player2"][data-computer="normal"]');
    await computer.waitFor();
    expect(await computer.textContent()).toContain('computer (normal)');

    // Set-up: the person clicks the first thing offered on their turns; the computer takes its own.
    const board = page.locator('[data-testid="deres-board"]');
    await board.waitFor();
    const phase = () => board.getAttribute('data-phase');
    for (let i = 0; i < 120 && ['chooseNation', 'buildMap', 'placeSupplies', 'placeCapital'].includes((await phase()) ?? ''); i++) {
      const setup = page.locator('[data-testid="deres-setup"]');
      if ((await setup.count()) === 0) {
        await page.waitForTimeout(150);
        continue;
      }
      const nation = setup.locator('button[data-nation]');
      if (await nation.count()) await nation.first().click();
      else if (await page.locator('rect[data-slot][data-target="true"]').count())
        await page.locator('rect[data-slot][data-target="true"]').first().click();
      else if (await page.locator('g[data-target="true"]').count()) await page.locator('g[data-target="true"]').first().click();
      await page.waitForTimeout(150);
    }
    expect(await phase()).toBe('buy');
    const G = (await rig.trueState(matchID)) as unknown as {
      nations: Record<string, { nation: string | null }>;
      capitals: Record<string, unknown>;
    };
    expect(G.nations['1']!.nation).toBeTruthy();
    expect(G.capitals['1']).toBeTruthy();

    // The person hands in nothing; the computer's orders come too, and the move phase begins.
    await page.click('[data-action="submit-empty"]');
    await expect.poll(phase, { timeout: 20_000 }).toBe('move');
    await shot(page, 'deres-computer');

    // On a phone (390 × 844) what the reveal did is in sight at once, above the map and the orders.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const just = page.locator('[data-testid="deres-just"]');
    await just.waitFor();
    expect(await just.textContent()).toContain('Round 1 · I Buy – orders revealed');
    const box = (await just.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await shot(page, 'deres-computer-phone');
    // Handing in the next orders puts it away; when the computer's orders are in already, the step is
    // revealed at once and the summary comes back for that newer step instead.
    await page.click('[data-action="submit-empty"]');
    await expect
      .poll(async () => ((await just.count()) === 0 ? 'gone' : await just.textContent()), { timeout: 20_000 })
      .not.toContain('I Buy – orders revealed');
    await ctx.close();
  });
});
