/**
 * The table around the game, through the UI: claimed seats (the creator's invite links never open
 * another seat for the creator; a taken link offers the spectator view), presence (a closed tab shows
 * as away on the others' screens within 2 s, and the banner says the side you wait for is offline),
 * "your move" in the tab title, and My matches on the home page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { click, createMatch, joinMatch, newContext, SCREENSHOTS, shot, useWebRig, waitStage } from './helpers';

const rig = useWebRig();

async function pageCards(page: Page): Promise<string[]> {
  return page.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));
}

describe('claimed seats', () => {
  it("the creator cannot see another seat's hand by any link on the invite page; a taken link offers the spectator view", async () => {
    const ctx = await newContext(rig.browser, { lang: 'en' });
    const g = await ctx.newPage();
    const errors: string[] = [];
    g.on('pageerror', (e) => errors.push(e.message));
    const inv = await createMatch(g, rig.base, { name: 'Greta', seat: 'germany' });
    await shot(g, 'invite-claimed');
    const truth = await rig.trueState(inv.matchID);
    const foreign = [...truth.hands.norway, ...truth.hands.allies];
    expect(foreign.length).toBeGreaterThan(0);

    // Every link on the invite page, opened in the creator's browser, leads to the creator's own seat.
    for (const link of [inv.seats.norway!, inv.seats.allies!, inv.seats.germany!]) {
      await g.goto(link);
      await g.waitForURL(new RegExp(`/m/${inv.matchID}$`));
      await g.locator('[data-testid="waiting-room"]').waitFor();
      const html = await g.content();
      for (const c of foreign) expect(html, `${c} shown to the creator`).not.toContain(c);
    }
    // The browser holds one seat: with its memory of the match gone but its key kept, joining
    // Norway's link is refused by the server, and no hand is shown.
    await g.evaluate(() => localStorage.removeItem('kon.matches'));
    await g.goto(inv.seats.norway!);
    await g.fill('input[name=name]', 'Greta again');
    await g.locator('button[type=submit]:not([disabled])').click();
    await expect.poll(() => g.locator('.error').textContent()).toContain('already has a seat');
    expect(new URL(g.url()).pathname).toBe(`/m/${inv.matchID}/join`);
    const details = await rig.server.lobby.get(inv.matchID, undefined).catch(() => null);
    expect(details).toBeNull(); // private: nothing without a token
    const lobby = (await rig.server.storage.fetchLobby(inv.matchID))!.lobby as { members: { seat: string }[] };
    expect(lobby.members.map((m) => m.seat)).toEqual(['germany']);

    // Norway's player joins; the same link in a third browser says the seat is taken and offers to watch.
    const n = await (await newContext(rig.browser, { lang: 'no' })).newPage();
    await joinMatch(n, inv.seats.norway!, 'Nils');
    const x = await (await newContext(rig.browser, { lang: 'en' })).newPage();
    x.on('pageerror', (e) => errors.push(e.message));
    await x.goto(inv.seats.norway!);
    await x.locator('[data-testid="seat-taken"]').waitFor();
    await shot(x, 'seat-taken');
    await click(x, '[data-action="watch"]');
    await x.waitForURL(new RegExp(`/m/${inv.matchID}/watch$`));
    await x.locator('[data-testid="waiting-room"]').waitFor();
    const a = await (await newContext(rig.browser, { lang: 'en' })).newPage();
    await joinMatch(a, inv.seats.allies!, 'Alice');
    await x.locator('[data-testid="banner"]').waitFor({ timeout: 20_000 });
    expect(await x.locator('[data-testid="hand"]').count()).toBe(0);
    const norwayHand = (await rig.trueState(inv.matchID)).hands.norway;
    const html = await x.content();
    for (const c of norwayHand) expect(html).not.toContain(c);
    expect(await pageCards(x)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('co-commanders and recovery through the menus', () => {
  it("the holder's co-commander link seats a teammate, who can be removed; a recovery link takes the seat to another device once", async () => {
    const g = await (await newContext(rig.browser, { lang: 'en' })).newPage();
    const n = await (await newContext(rig.browser, { lang: 'en' })).newPage();
    const errors: string[] = [];
    for (const p of [g, n]) p.on('pageerror', (e) => errors.push(e.message));
    const inv = await createMatch(g, rig.base, { name: 'Greta', plan: 'teams', seat: 'germany' });
    await joinMatch(n, inv.seats.norway!, 'Nils');
    await n.locator('[data-testid="waiting-room"]').waitFor();

    // Nils makes a co-commander link; Kari joins Norway with it.
    await n.locator('[data-testid="member-menu"]').click();
    await click(n, '[data-action="make-co-link"]');
    const coLink = await n.locator('[data-testid="co-link"] input').inputValue();
    expect(coLink).toMatch(/\/join#c_/);
    const k = await (await newContext(rig.browser, { lang: 'no' })).newPage();
    k.on('pageerror', (e) => errors.push(e.message));
    await k.goto(coLink);
    await expect.poll(() => k.locator('.join-seat').textContent(), { timeout: 10_000 }).toContain('Nils har invitert deg');
    await k.fill('input[name=name]', 'Kari');
    await k.locator('button[type=submit]:not([disabled])').click();
    await k.waitForURL(new RegExp(`/m/${inv.matchID}$`));
    await k.locator('[data-testid="waiting-room"] [data-seat="norway"]').filter({ hasText: 'Kari' }).waitFor();
    // The holder sees her (pushed, no reload) and removes her; her page can no longer act for Norway.
    await n.locator('[data-testid="seat-sharing"] [data-co]').filter({ hasText: 'Kari' }).waitFor({ timeout: 10_000 });
    await click(n, '[data-action="remove-co"]');
    await expect.poll(() => n.locator('[data-testid="seat-sharing"] [data-co]').count(), { timeout: 10_000 }).toBe(0);
    const lobby = () =>
      rig.server.storage.fetchLobby(inv.matchID).then((r) => (r!.lobby as { members: { name: string }[] }).members.map((m) => m.name));
    expect(await lobby()).toEqual(['Greta', 'Nils']);
    // Revoked: the link seats nobody.
    await click(n, '[data-action="revoke-co-link"]');
    const x = await (await newContext(rig.browser, { lang: 'en' })).newPage();
    await x.goto(coLink);
    await expect.poll(() => x.locator('.error').textContent(), { timeout: 10_000 }).toContain('not valid');

    // A recovery link: Nils on his phone, once.
    await click(n, '[data-action="make-recovery"]');
    const rec = await n.locator('[data-testid="recovery-link"] input').inputValue();
    expect(rec).toMatch(/\/recover#r_/);
    const phone = await (await newContext(rig.browser, { lang: 'en', width: 390, height: 844 })).newPage();
    phone.on('pageerror', (e) => errors.push(e.message));
    await phone.goto(rec);
    await click(phone, '[data-action="recover"]');
    await phone.waitForURL(new RegExp(`/m/${inv.matchID}$`));
    await expect.poll(() => phone.locator('[data-testid="member-name"]').textContent(), { timeout: 10_000 }).toBe('Nils');
    expect(await lobby()).toEqual(['Greta', 'Nils']); // the same member, not "Nils, Nils"
    const again = await (await newContext(rig.browser, { lang: 'en' })).newPage();
    await again.goto(rec);
    await click(again, '[data-action="recover"]');
    await expect.poll(() => again.locator('.error').textContent(), { timeout: 10_000 }).toContain('used or replaced');
    expect(errors).toEqual([]);
  });
});

describe('presence and your move', () => {
  it('a closed tab shows as away on the others within 2 s; the banner says the side is offline; the title says your move', async () => {
    const gCtx = await newContext(rig.browser, { lang: 'en' });
    const naCtx = await newContext(rig.browser, { lang: 'en' });
    const g = await gCtx.newPage();
    let na = await naCtx.newPage();
    const inv = await createMatch(g, rig.base, { name: 'Greta', plan: 'two', seat: 'germany' });
    await click(g, '[data-action="to-match"]');
    await g.locator('[data-testid="waiting-room"]').waitFor();
    await joinMatch(na, inv.seats['norway+allies']!, 'Nora');
    // The waiting room took the join without polling; both are in the game.
    await waitStage(g, 'movement');
    await expect
      .poll(() => g.locator('[data-testid="side-name-norway"] [data-presence]').getAttribute('data-presence'), { timeout: 10_000 })
      .toBe('online');

    // Your move: Germany's tab title says so, Norway's does not.
    await expect.poll(() => g.title()).toBe('● Your move – Kampen om Norge');
    await expect.poll(() => na.title()).toBe('Kampen om Norge');
    expect(await g.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml/);

    // Norway's tab closes: Germany's sides panel shows Nora away within 2 s.
    const closed = Date.now();
    await na.close();
    const closeTook = Date.now() - closed;
    await g.waitForFunction(
      () => document.querySelector('[data-testid="side-name-norway"] [data-presence]')?.getAttribute('data-presence') === 'away',
      undefined,
      { timeout: 2000, polling: 50 },
    );
    const ms = Date.now() - closed;
    console.info(`closed tab shown as away after ${ms} ms (closing the page took ${closeTook} ms of it)`);
    expect(ms).toBeLessThan(2000);
    await expect.poll(() => g.locator('[data-testid="side-name-norway"]').textContent()).toMatch(/^\s*Nora \(away( just now| \d+ min)\)$/);

    // Back (same browser: straight into the match), then Germany hands over to an Allied reaction window.
    na = await naCtx.newPage();
    await na.goto(inv.seats['norway+allies']!);
    await na.waitForURL(new RegExp(`/m/${inv.matchID}$`));
    await expect
      .poll(() => g.locator('[data-testid="side-name-norway"] [data-presence]').getAttribute('data-presence'), { timeout: 10_000 })
      .toBe('online');
    await expect
      .poll(async () => (await na.locator('[data-testid="side-name-norway"]').textContent())?.trim(), { timeout: 10_000 })
      .toBe('Nora (online)'); // one member, no "Nora, Nora"
    await na.locator('[data-testid="member-menu"]').click();
    await na.locator('[data-testid="seat-sharing"]').waitFor();
    await shot(na, 'member-menu-seat');
    await na.keyboard.press('Escape');
    await g.locator('.sides').scrollIntoViewIfNeeded();
    await g.locator('.sides').screenshot({ path: `${SCREENSHOTS}/sides-presence.png` });
    await click(g, '[data-action="endPhase"]');
    await waitStage(g, 'reinforcement');
    await click(g, '[data-place="oslo"]');
    await waitStage(na, 'submarine');
    await expect.poll(() => na.title(), { timeout: 5000 }).toBe('● Your move – Kampen om Norge');
    await expect.poll(() => g.title(), { timeout: 5000 }).toBe('Kampen om Norge');

    // Germany's tab closes while the Allies decide... then the Allies pass and wait for Germany, who is gone.
    await g.close();
    await click(na, '[data-action="pass"]');
    await expect.poll(() => na.locator('[data-testid="banner-offline"]').textContent(), { timeout: 5000 }).toMatch(/^Germany is offline/);
    await shot(na, 'banner-offline');
    await expect.poll(() => na.title()).toBe('Kampen om Norge');
  });
});

describe('my matches', () => {
  it('lists the matches this browser holds a seat in, with whose move it is', async () => {
    const ctx = await newContext(rig.browser, { lang: 'en' });
    const g = await ctx.newPage();
    const one = await createMatch(g, rig.base, { name: 'Greta', seat: 'germany' });
    const two = await createMatch(g, rig.base, { name: 'Greta', plan: 'two', seat: 'norway+allies' });
    await g.goto(`${rig.base}/`);
    const row = (id: string) => g.locator(`[data-testid="my-matches"] tr[data-match="${id}"]`);
    await expect.poll(() => row(one.matchID).textContent()).toContain('Your move');
    await expect.poll(() => row(two.matchID).textContent()).toContain('waiting for Germany');
    expect(await row(one.matchID).getAttribute('data-your-move')).toBe('true');
    await shot(g, 'my-matches');
    await ctx.close();
  });
});
