/**
 * One person against the computer, through the UI: Germany creates a match with Norway and the Allies
 * played by the computer (easy), plays its turn, answers whatever the computer's turns ask of it, and
 * the round ends with Germany to move in round 2. The sides panel marks the computer's sides and
 * shows them thinking.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { click, createMatch, createSoloMatch, DOCS, joinMatch, newContext, panelStage, shot, useWebRig, waitStage } from './helpers';

// Slow enough to see the computer think (and to take its picture), quick enough for a test.
const rig = useWebRig({ BOT_MOVE_DELAY_MS: '500', HAND_OVER_AFTER_S: '2' });

/** Whatever this page is asked while the computer plays: pass, end the phase, else the first offered choice. */
async function answer(page: Page, stage: string) {
  for (const sel of [
    '[data-action="pass"]',
    '[data-action="endPhase"]',
    '[data-testid="action-panel"] .button-grid button',
    '[data-testid="action-panel"] button.primary',
  ]) {
    const el = page.locator(sel).first();
    if ((await el.count()) > 0 && (await el.isVisible()) && (await el.isEnabled())) {
      await el.click();
      return;
    }
  }
  throw new Error(`no way to answer stage ${stage}`);
}

describe('playing against the computer', () => {
  it('one person against two Easy computer sides plays a full round', async () => {
    const page = await (await newContext(rig.browser, { lang: 'en', width: 1440, height: 1000 })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Nobody to invite: straight into the game, no waiting room.
    const matchID = await createSoloMatch(page, rig.base, 'easy');
    await waitStage(page, 'movement');
    expect(await page.locator('[data-testid="computer-norway"]').textContent()).toContain('computer (easy)');
    expect(await page.locator('[data-testid="computer-allies"]').textContent()).toContain('computer (easy)');
    expect(await page.locator('[data-testid="computer-germany"]').count()).toBe(0);

    // Germany's turn: one battalion moves, then both phases end.
    const before = await rig.trueState(matchID);
    const from = Object.keys(before.units).find((a) => (before.units[a]?.germany ?? 0) > 0 && a !== 'sea')!;
    await page.locator(`path[data-area="${from}"]`).click({ force: true });
    const dest = page.locator('[data-dest]').first();
    if ((await dest.count()) > 0) await dest.click();
    await click(page, '[data-action="endPhase"]');

    // Until round 2 begins with Germany to move, answer whatever comes; catch the computer thinking once.
    let sawThinking = false;
    const deadline = Date.now() + 200_000;
    for (;;) {
      const G = await rig.trueState(matchID);
      if (G.round >= 2 && G.turn === 'germany') break;
      expect(G.result, 'the game ended in its first round').toBeNull();
      if (Date.now() > deadline) throw new Error(`round 1 did not end: ${G.turn} ${G.phase}`);
      if (!sawThinking && G.turn !== 'germany' && (await page.locator('[data-thinking="true"]').count()) > 0) {
        sawThinking = true;
        // The sides panel in sight for the picture (it sits under the hand).
        await page.evaluate(() => document.querySelector('.panel.sides')?.scrollIntoView({ block: 'center' }));
        await shot(page, 'web-computer-thinking', DOCS);
      }
      const st = await panelStage(page);
      if (st) await answer(page, st);
      await page.waitForTimeout(120);
    }
    expect(sawThinking, 'the sides panel showed the computer thinking').toBe(true);
    // The server is at round 2 already; on a loaded machine the page may take longer than 20 s to show it.
    await waitStage(page, 'movement', 60_000);
    const G = await rig.trueState(matchID);
    expect(G.round).toBe(2);
    // The computer played both of its turns: Norway and the Allies acted in round 1.
    const log = (await rig.server.storage.fetchHistory(matchID, 0)) as { faction?: string; round?: number }[];
    expect(log.some((e) => e.faction === 'norway')).toBe(true);
    expect(log.some((e) => e.faction === 'allies')).toBe(true);
    expect(errors).toEqual([]);
  }, 240_000);

  it('someone who only watches: the computer plays every side, and the page follows the match as a spectator', async () => {
    const page = await (await newContext(rig.browser, { lang: 'no', width: 1440, height: 1000 })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${rig.base}/`);
    await page.check('input[name=plan][value=three]');
    await page.check('input[name=seat][value="watch"]');
    // Watching starts with the computer (easy) in every seat, and no name is needed.
    const opponents = page.locator('[data-testid="opponents"]');
    expect(await opponents.locator('legend').textContent()).toBe('Hvem spiller sidene');
    for (const seat of ['germany', 'norway', 'allies'])
      expect(await opponents.locator(`[data-seat="${seat}"] select`).inputValue()).toBe('easy');
    await shot(page, 'web-watch-create');
    await click(page, 'button[type=submit]');
    await page.waitForURL(/\/m\/[^/]+\/watch$/);
    const matchID = /\/m\/([^/]+)\/watch$/.exec(page.url())![1]!;
    for (const f of ['germany', 'norway', 'allies']) await page.locator(`[data-testid="computer-${f}"]`).waitFor();
    // The computer plays on its own; the log on this page grows with it, and no hand is shown.
    const lines = page.locator('[data-testid="log"] li');
    await expect.poll(() => lines.count(), { timeout: 60_000 }).toBeGreaterThan(5);
    const G = await rig.trueState(matchID);
    expect(G.turn === 'germany' && G.round === 1 && G.phase === 'movement').toBe(false);
    expect(await page.locator('[data-testid="hand"]').count()).toBe(0);
    const lobby = (await rig.server.storage.fetchLobby(matchID))!.lobby as {
      members: unknown[];
      bots: Record<string, { strength: string }>;
    };
    expect(lobby.members).toEqual([]);
    expect(Object.keys(lobby.bots).sort()).toEqual(['allies', 'germany', 'norway']);
    await shot(page, 'web-watch-match');
    expect(errors).toEqual([]);
  }, 180_000);

  it('a player who is away: another hands the seat to the computer, and the player takes it back', async () => {
    const g = await (await newContext(rig.browser, { lang: 'en', width: 1440, height: 1000 })).newPage();
    const nCtx = await newContext(rig.browser, { lang: 'no', width: 1440, height: 1000 });
    let n = await nCtx.newPage();
    const errors: string[] = [];
    g.on('pageerror', (e) => errors.push(e.message));
    const inv = await createMatch(g, rig.base, { name: 'Greta', seat: 'germany' });
    await click(g, '[data-action="to-match"]');
    await joinMatch(n, inv.seats.norway!, 'Nils');
    const a = await (await newContext(rig.browser, { lang: 'en' })).newPage();
    await joinMatch(a, inv.seats.allies!, 'Alice');
    await waitStage(g, 'movement');
    // Norway is here: nothing to hand over.
    expect(await g.locator('[data-testid="hand-over-norway"]').count()).toBe(0);

    // Norway leaves the page; Germany lets the computer play Norway.
    const nURL = n.url();
    await n.close();
    await g.locator('[data-testid="hand-over-norway"]').waitFor({ timeout: 20_000 });
    await click(g, '[data-testid="hand-over-norway"]');
    await g.locator('[data-testid="computer-norway"]').waitFor();
    expect(await g.locator('[data-testid="computer-norway"]').textContent()).toContain('computer (easy)');
    expect((await rig.server.storage.fetchLobby(inv.matchID))!.lobby).toMatchObject({
      bots: { norway: { strength: 'easy', reason: 'handed' } },
    });

    // Nils comes back: the game says the computer plays his side, and he takes it back (in Norwegian).
    n = await nCtx.newPage();
    n.on('pageerror', (e) => errors.push(e.message));
    await n.goto(nURL);
    await n.locator('[data-testid="take-back"]').waitFor({ timeout: 20_000 });
    await n.evaluate(() => document.querySelector('[data-testid="computer-seats"]')?.scrollIntoView({ block: 'center' }));
    await shot(n, 'web-computer-take-back');
    expect(await n.locator('[data-testid="computer-seats"]').textContent()).toContain('datamaskin (lett)');
    await click(n, '[data-testid="take-back"]');
    await n.locator('[data-testid="take-back"]').waitFor({ state: 'detached' });
    await g.locator('[data-testid="computer-norway"]').waitFor({ state: 'detached', timeout: 20_000 });
    expect(((await rig.server.storage.fetchLobby(inv.matchID))!.lobby as { bots?: unknown }).bots).toBeUndefined();
    expect(errors).toEqual([]);
  }, 180_000);
});
