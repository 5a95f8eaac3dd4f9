// @module-tag slow
/**
 * A Deres player who is away, as in Kampen om Norge (bots.e2e): the other hands the seat to the
 * computer, the computer plays it, and the player, back on the same device link, takes it back. (A
 * seat the computer took for missed deadlines comes back on connecting alone:
 * apps/server/test/deres-deadlines.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { joinMatch, newContext, useWebRig } from './helpers';

describe('Deres uenighet: a seat handed to the computer and taken back', () => {
  const rig = useWebRig({ BOT_MOVE_DELAY_MS: '0', BOT_NEXT_MOVE_DELAY_MS: '0', HAND_OVER_AFTER_S: '2' });

  it('a player who is away: the other hands the seat to the computer, and the player takes it back', async () => {
    const base = rig.base;
    const created = await (
      await fetch(`${base}/api/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'deres-uenighet', plan: 'two' }),
      })
    ).json();
    const errors: string[] = [];
    const ctxs = [await newContext(rig.browser, { lang: 'en' }), await newContext(rig.browser, { lang: 'no' })];
    const pages: Page[] = [];
    for (const [i, s] of (created.links.seats as { token: string }[]).entries()) {
      const page = await ctxs[i]!.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await joinMatch(page, `${base}/m/${created.matchID}/join#${s.token}`, `P${i + 1}`);
      await page.locator('[data-testid="deres-board"]').waitFor({ timeout: 30_000 });
      pages.push(page);
    }
    let [a, b] = pages as [Page, Page];
    // Both are here: nothing to hand over.
    expect(await a.locator('[data-testid="hand-over-player2"]').count()).toBe(0);

    // The second player leaves; the first lets the computer play that seat.
    const bURL = b.url();
    await b.close();
    await a.locator('[data-testid="hand-over-player2"]').waitFor({ timeout: 20_000 });
    await a.locator('[data-testid="hand-over-player2"]').click();
    await a.locator('.module-seats li[data-seat="player2"][data-computer]').waitFor();
    expect((await rig.server.storage.fetchLobby(created.matchID))!.lobby).toMatchObject({
      bots: { player2: { reason: 'handed' } },
    });

    // Back on the same device link: the page says the computer plays the seat, and it is taken back.
    b = await ctxs[1]!.newPage();
    b.on('pageerror', (e) => errors.push(e.message));
    await b.goto(bURL);
    await b.locator('[data-testid="take-back"]').waitFor({ timeout: 20_000 });
    expect(await b.locator('[data-testid="computer-seats"]').textContent()).toContain('datamaskin');
    await b.locator('[data-testid="take-back"]').click();
    await b.locator('[data-testid="take-back"]').waitFor({ state: 'detached' });
    await a.locator('.module-seats li[data-seat="player2"][data-computer]').waitFor({ state: 'detached', timeout: 20_000 });
    expect(((await rig.server.storage.fetchLobby(created.matchID))!.lobby as { bots?: unknown }).bots).toBeUndefined();
    expect(errors).toEqual([]);
  }, 120_000);
});
