/**
 * End to end, through the UI only: the real server (in this process, temp data folder), the built
 * client, Debian's Chromium. Germany creates a match, Norway and the Allies join by their links, a
 * spectator watches. Germany attacks, Norway answers with Veisperring, a combat is fought with cards.
 * Each page shows only its own hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createMatch,
  cspViolations,
  joinMatch,
  newContext,
  SCREENSHOTS as SCREENSHOTS_DIR,
  shot,
  stage,
  type Invites,
  DOCS,
  useWebRig,
  waitStage,
  click,
  panelStage,
  playCard,
} from './helpers';

const rig = useWebRig();

async function handCards(page: Page): Promise<string[]> {
  // Identical copies show as one card with a count; each copy's id is in data-copies.
  return page
    .locator('[data-testid="hand"] [data-card]')
    .evaluateAll((els) => els.flatMap((e) => e.getAttribute('data-copies')!.split(' ')));
}

/** Every data-card on the page belongs to one of these factions (by id prefix), and none of `hidden` shows. */
async function assertPrivate(page: Page, own: string[], hidden: string[]) {
  const html = await page.content();
  for (const id of hidden) expect(html, `${id} leaked`).not.toContain(id);
  const ids = await page.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));
  for (const id of ids)
    expect(
      own.some((p) => id.startsWith(p)),
      `foreign card ${id}`,
    ).toBe(true);
  const titles = await page.locator('.card-title').allTextContents();
  const state = await page.evaluate(() => document.querySelectorAll('.card-title').length);
  expect(titles.length).toBe(state);
}

/**
 * Pass in the window `st` if this page is still in it once its Pass button is up: another page's
 * answer may close a shared window (Norway and the Allies defending together) between reading the
 * stage and clicking, and then there is nothing to pass (the loop reads the stages again).
 */
async function passIfStill(p: Page, st: string) {
  const ready = await p
    .waitForFunction(
      (want) => {
        const el = document.querySelector('[data-testid="action-panel"]');
        return (
          !el ||
          el.getAttribute('data-stage') !== want ||
          (el.getAttribute('data-busy') !== 'true' && !!el.querySelector('[data-action="pass"]'))
        );
      },
      st,
      { timeout: 30_000 },
    )
    .then(() => true);
  if (!ready || (await panelStage(p)) !== st) return;
  await p
    .locator('[data-action="pass"]')
    .first()
    .click({ timeout: 5_000 })
    .catch(async (e: unknown) => {
      if ((await panelStage(p)) === st) throw e; // still asked, yet no Pass: a real failure
    });
}

describe('a match through the UI', () => {
  it('create, join, attack, Veisperring, combat with cards, spectator, privacy', async () => {
    const gCtx = await newContext(rig.browser, { lang: 'en' });
    const nCtx = await newContext(rig.browser, { lang: 'no' });
    const aCtx = await newContext(rig.browser, { lang: 'en', width: 390, height: 844 });
    const g = await gCtx.newPage();
    const n = await nCtx.newPage();
    const a = await aCtx.newPage();
    const errors: string[] = [];
    for (const [name, p] of [
      ['g', g],
      ['n', n],
      ['a', a],
    ] as const)
      p.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));

    // Deal until Norway holds a Veisperring and Germany an attack card (a fresh match each time).
    let inv: Invites | null = null;
    for (let attempt = 0; attempt < 15 && !inv; attempt++) {
      const made = await createMatch(g, rig.base, { name: 'Greta', seat: 'germany' });
      if (attempt === 0) {
        await shot(g, 'invite');
        expect(made.seats.norway).toMatch(/\/join#s_/);
        expect(made.spectator).toMatch(/\/watch#v_/);
      }
      await click(g, '[data-action="to-match"]');
      if (attempt === 0) {
        await g.locator('[data-testid="waiting-room"]').waitFor();
        await shot(g, 'waiting-room');
      }
      await joinMatch(n, made.seats.norway!, 'Nils');
      await joinMatch(a, made.seats.allies!, 'Alice');
      await n.locator('[data-testid="hand"] [data-card]').first().waitFor({ timeout: 20_000 });
      await g.locator('[data-testid="hand"] [data-card]').first().waitFor({ timeout: 20_000 });
      const nHand = await handCards(n);
      const gHand = await handCards(g);
      const attackCard = gHand.some((c) => /^de\.(panzer|artilleri|gebirgsjager|speidertropp|bombefly|jagerbomber)#/.test(c));
      if (nHand.some((c) => c.startsWith('no.veisperring#')) && attackCard) inv = made;
    }
    expect(inv, 'no deal with a Veisperring in 15 matches').not.toBeNull();
    const matchID = inv!.matchID;

    // The spectator.
    const sCtx = await newContext(rig.browser, { lang: 'en' });
    const s = await sCtx.newPage();
    s.on('pageerror', (e) => errors.push(`s: ${e.message}`));
    await s.goto(inv!.spectator);
    await s.waitForURL(new RegExp(`/m/${matchID}/watch$`));
    await s.locator('[data-testid="banner"]').waitFor();
    expect(await s.locator('[data-testid="hand"]').count()).toBe(0);
    await expect.poll(() => s.locator('[data-testid="conn"]').getAttribute('data-status')).toBe('online');

    // Banners: Germany acts, the others wait — Norway's page in Norwegian.
    await waitStage(g, 'movement');
    await expect.poll(() => g.locator('[data-testid="banner"]').textContent()).toContain('Your move');
    await expect.poll(() => n.locator('[data-testid="banner"]').textContent()).toContain('Venter på Tyskland');
    await expect.poll(() => a.locator('[data-testid="banner"]').textContent()).toContain('Waiting for Germany');
    await expect.poll(() => s.locator('[data-testid="banner"]').textContent()).toContain('Waiting for Germany');
    // Hand sizes and deck counts of every side, on every page.
    for (const p of [g, n, a, s]) {
      await expect.poll(() => p.locator('[data-testid="hand-size-germany"]').textContent()).toMatch(/^5 /);
      await expect.poll(() => p.locator('[data-testid="hand-size-norway"]').textContent()).toMatch(/^3 /);
    }
    await shot(g, 'germany-movement');
    await shot(a, 'allies-phone-waiting');

    // Privacy: each page shows its own hand only; the spectator none.
    const hands = { g: await handCards(g), n: await handCards(n), a: await handCards(a) };
    expect(hands.g).toHaveLength(5);
    expect(hands.n).toHaveLength(3);
    expect(hands.a).toHaveLength(3);
    await assertPrivate(g, ['de.'], [...hands.n, ...hands.a]);
    await assertPrivate(n, ['no.'], [...hands.g, ...hands.a]);
    await assertPrivate(a, ['al.'], [...hands.g, ...hands.n]);
    await assertPrivate(s, ['--none--'], [...hands.g, ...hands.n, ...hands.a]);

    // Germany: pick up the Oslo stack, attack Hønefoss with both battalions.
    await g.locator('path[data-area="oslo"]').click({ force: true });
    await g.locator('[data-dest="honefoss"]').waitFor();
    await shot(g, 'germany-stack-selected');
    await click(g, '[data-dest="honefoss"]');
    for (const p of [g, n, a, s]) await p.locator('[data-attack="germany:oslo>honefoss"]').waitFor({ timeout: 15_000 });
    await shot(g, 'germany-attack-pending');
    await waitStage(g, 'movement');
    await click(g, '[data-action="endPhase"]');

    // Norway's sabotage window: Veisperring against the attack.
    await waitStage(n, 'sabotage');
    await expect.poll(() => g.locator('[data-testid="banner"]').textContent()).toContain('Waiting for Norway');
    const veis = hands.n.find((c) => c.startsWith('no.veisperring#'))!;
    expect(await n.locator(`[data-copies~="${veis}"]`).getAttribute('class')).toContain('playable');
    await shot(n, 'norway-sabotage-prompt');
    await playCard(n, `[data-testid="hand"] [data-copies~="${veis}"] button[data-play]`);

    // Germany may answer with Ingeniørkompani: let it stand.
    await waitStage(g, 'engineers');
    await shot(g, 'germany-engineers-prompt');
    await click(g, '[data-action="pass"]');
    for (const p of [g, n, a, s])
      await expect.poll(() => p.locator('[data-testid="log"]').textContent(), { timeout: 15_000 }).toMatch(/Roadblock|Veisperring:/);

    // Norway has had its say.
    await waitStage(n, 'sabotage');
    await click(n, '[data-action="pass"]');

    // Combat: Germany plays an attack card, then continues; Norway defends (with a card if it can).
    await waitStage(g, 'attackerCards');
    await g.locator('[data-testid="combat-panel"]').waitFor();
    const gPlay = g.locator('[data-testid="hand"] button[data-play]');
    expect(await gPlay.count()).toBeGreaterThan(0);
    const played = await playCard(g);
    await waitStage(g, 'attackerCards');
    expect(played).toMatch(/^de\./);
    await click(g, '[data-action="pass"]');

    // Whoever must decide next decides, until the combat is over.
    for (let i = 0; i < 12; i++) {
      const rolled = await g.evaluate(() => !!document.querySelector('[data-testid="combat-winner"]'));
      const pending = await Promise.all([g, n, a].map((p) => stage(p)));
      if (rolled && !pending.some((st) => st && ['defenderCards', 'counter', 'losses', 'answerLosses', 'evacuate', 'retreat'].includes(st)))
        break;
      await g.waitForTimeout(400);
      for (const p of [n, a, g]) {
        const st = await stage(p);
        if (!st) continue;
        if (st === 'defenderCards') {
          const play = p.locator('[data-testid="hand"] button[data-play]');
          if ((await play.count()) > 0 && i === 0) {
            await playCard(p);
            await p.waitForTimeout(600);
            await shot(p, 'norway-defence-card');
          }
          await passIfStill(p, 'defenderCards');
        } else if (st === 'counter' || st === 'evacuate') await passIfStill(p, st);
        else if (st === 'retreat') await click(p, '[data-testid="action-panel"] .button-grid button');
        else if (st === 'losses') await click(p, '.distribution button.primary');
        else if (st === 'answerLosses') await click(p, '[data-testid="action-panel"] button.primary');
      }
    }
    for (const p of [g, n, a, s]) {
      await p.locator('[data-testid="combat-winner"]').waitFor({ timeout: 20_000 });
      expect(await p.locator('[data-testid="dice-attacker"] [data-die]').count()).toBeGreaterThan(0);
      expect(await p.locator('[data-testid="dice-defender"] [data-die]').count()).toBeGreaterThan(0);
      await expect
        .poll(() => p.locator('[data-testid="combat-panel"]').textContent())
        .toMatch(/Panzer|Artilleri|Gebirgsjäger|Speidertropp|Bombefly|Jagerbomber/);
    }
    for (const p of [g, n, a, s])
      await expect
        .poll(() => p.locator('[data-testid="log"]').textContent(), { timeout: 15_000 })
        .toMatch(/combat in Hønefoss is over|Kampen i Hønefoss er over/);
    await shot(g, 'germany-combat');
    await shot(n, 'norway-combat');
    await shot(a, 'allies-phone-combat');
    await shot(s, 'spectator-combat');
    fs.mkdirSync(DOCS, { recursive: true });
    await g.screenshot({ path: path.join(DOCS, 'web-combat.png') });
    await s.locator('[data-testid="combat-panel"]').screenshot({ path: path.join(DOCS, 'web-combat-panel.png') });

    // Chat: Germany writes, Norway reads; the spectator reads but cannot write.
    await g.locator('[data-tab="chat"]').click();
    await g.fill('.chat-form input', 'Godt spilt!');
    await g.press('.chat-form input', 'Enter');
    await n.locator('[data-tab="chat"]').click();
    await expect.poll(() => n.locator('[data-testid="chat"]').textContent(), { timeout: 10_000 }).toContain('Godt spilt!');
    await s.locator('[data-tab="chat"]').click();
    expect(await s.locator('.chat-form').count()).toBe(0);

    // Privacy again, after cards changed hands.
    const after = { g: await handCards(g), n: await handCards(n), a: await handCards(a) };
    await assertPrivate(g, ['de.'], [...after.n, ...after.a]);
    await assertPrivate(n, ['no.'], [...after.g, ...after.a]);
    await assertPrivate(a, ['al.'], [...after.g, ...after.n]);
    await assertPrivate(s, ['--none--'], [...after.g, ...after.n, ...after.a]);

    // Reload: the page reconnects and shows the same match.
    await n.reload();
    await n.locator('[data-testid="banner"]').waitFor();
    await expect.poll(() => n.locator('[data-testid="conn"]').getAttribute('data-status')).toBe('online');

    // Board screenshots for the README, in both languages.
    await g.locator('[data-tab="chat"]').click();
    await g.screenshot({ path: path.join(DOCS, 'web-board.png') });
    await n.screenshot({ path: path.join(DOCS, 'web-board-no.png') });
    await a.screenshot({ path: path.join(DOCS, 'web-phone.png') });

    expect(errors).toEqual([]);
    for (const ctx of [gCtx, nCtx, aCtx, sCtx]) expect(cspViolations(ctx)).toEqual([]);
  });
});

describe('two players', () => {
  it('one browser commands Norway and the Allies and switches to whichever must act; keyboard works', async () => {
    const g = await (await newContext(rig.browser, { lang: 'en' })).newPage();
    const na = await (await newContext(rig.browser, { lang: 'en', width: 390, height: 844 })).newPage();
    const errors: string[] = [];
    for (const p of [g, na]) p.on('pageerror', (e) => errors.push(e.message));
    const inv = await createMatch(g, rig.base, { name: 'Greta', plan: 'two', seat: 'germany' });
    expect(Object.keys(inv.seats).sort()).toEqual(['germany', 'norway+allies']);
    await click(g, '[data-action="to-match"]');
    await joinMatch(na, inv.seats['norway+allies']!, 'Nora');
    await waitStage(g, 'movement');
    // Both own hands are there, one tab each.
    await na.locator('[data-testid="hand"] [role=tab]').nth(1).waitFor();
    await expect.poll(() => na.locator('[data-testid="banner"]').textContent()).toContain('Waiting for Germany');

    // Rename from the top bar (on the phone, by keyboard): Germany's page shows the new name for both sides.
    await expect.poll(() => g.locator('[data-testid="side-name-norway"] .presence-name').textContent(), { timeout: 15_000 }).toBe('Nora');
    await na.locator('[data-testid="member-menu"]').click();
    const nameField = na.locator('input[name="member-name"]');
    await expect.poll(() => nameField.evaluate((el) => el === document.activeElement)).toBe(true);
    await nameField.fill('Nora Nordmann');
    await na.keyboard.press('Enter');
    await na.locator('.member-pop [role="status"]').waitFor();
    await na.keyboard.press('Escape');
    await expect.poll(() => na.locator('[data-testid="member-name"]').textContent()).toBe('Nora Nordmann');
    for (const f of ['norway', 'allies'])
      await expect
        .poll(() => g.locator(`[data-testid="side-name-${f}"] .presence-name`).textContent(), { timeout: 15_000 })
        .toBe('Nora Nordmann');

    // Keyboard: focus the Oslo stack on the map, Enter picks it up, the destinations are offered.
    await g.locator('path[data-area="oslo"]').focus();
    await g.keyboard.press('Enter');
    await g.locator('[data-dest="honefoss"]').waitFor();
    await g.locator('[data-testid="action-panel"] button.ghost').focus();
    await g.keyboard.press('Enter');
    await expect.poll(() => g.locator('[data-dest]').count()).toBe(0);

    // Germany: no attack, place the free battalion, end, discard (no card used this round).
    await click(g, '[data-action="endPhase"]');
    await waitStage(g, 'reinforcement');
    await click(g, '[data-place="oslo"]');
    // The Allies may strike the new battalion with Ubåt: the window opens whatever their hand.
    await waitStage(na, 'submarine');
    await expect.poll(() => na.locator('[data-testid="banner"]').textContent()).toContain('The Allies');
    await expect.poll(() => g.locator('[data-testid="banner"]').textContent()).toContain('Waiting for the Allies');
    await click(na, '[data-action="pass"]');
    await waitStage(g, 'reinforcement');
    await click(g, '[data-action="endPhase"]');
    await waitStage(g, 'discard');
    await click(g, '[data-testid="action-panel"] .button-grid button');

    // Norway's turn, in the same browser.
    await waitStage(na, 'movement');
    await expect.poll(() => na.locator('[data-testid="banner"]').textContent()).toContain('Norway');
    await expect.poll(() => na.locator('[data-testid="hand"] h3').textContent()).toContain('Norway');
    await shot(na, 'two-player-norway');
    await click(na, '[data-action="endPhase"]');
    await waitStage(na, 'reinforcement');
    await click(na, '[data-action="endPhase"]');

    // The Allies' turn: the page switches over and says so.
    await expect.poll(() => na.locator('[data-testid="banner"]').textContent(), { timeout: 15_000 }).toContain('The Allies');
    await expect.poll(() => na.locator('[data-testid="hand"] h3').textContent()).toContain('the Allies');
    await waitStage(na, 'movement');
    await click(na, '[data-action="endPhase"]');
    await waitStage(na, 'reinforcement');
    // The first landing: two coastal areas.
    await click(na, '[data-testid="action-panel"] .button-grid button');
    await na.locator('[data-testid="action-panel"] .button-grid button').first().waitFor();
    await shot(na, 'two-player-allies-landing');
    await na.screenshot({ path: path.join(SCREENSHOTS_DIR, 'two-player-allies-landing-full.png'), fullPage: true });
    await click(na, '[data-testid="action-panel"] .button-grid button');
    await expect.poll(() => na.locator('[data-testid="log"]').textContent(), { timeout: 15_000 }).toContain('The Allies landed in');
    expect(errors).toEqual([]);
    for (const p of [g, na]) expect(cspViolations(p.context())).toEqual([]);
  });
});

describe('Content-Security-Policy', () => {
  it('comes with the page, refuses inline script, and lets the app and its websocket work', async () => {
    const ctx = await newContext(rig.browser, { lang: 'en' });
    const page = await ctx.newPage();
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    const res = await page.goto(`${rig.base}/`);
    const csp = res!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    await page.locator('input[name=name]').waitFor();
    // React's style={…} props go through the CSSOM (element.style), which style-src 'self' allows.
    const styled = await page.evaluate(() => {
      const el = document.createElement('div');
      el.style.setProperty('width', '12px');
      document.body.appendChild(el);
      return getComputedStyle(el).width;
    });
    expect(styled).toBe('12px');
    expect(cspViolations(ctx)).toEqual([]);

    // The watch the other tests rely on does see a refusal.
    const ran = await page.evaluate(() => {
      const w = window as unknown as { inlineRan?: boolean };
      const el = document.createElement('script');
      el.textContent = 'window.inlineRan = true';
      document.head.appendChild(el);
      return w.inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations(ctx).length).toBeGreaterThan(0);

    // A match page connects over a websocket with no refusal.
    const other = await newContext(rig.browser, { lang: 'en' });
    const g = await other.newPage();
    await createMatch(g, rig.base, { name: 'Greta', seat: 'germany' });
    g.on('websocket', (ws) => sockets.push(ws.url()));
    await g.locator('[data-action="to-match"]').click();
    await g.locator('[data-testid="waiting-room"]').waitFor();
    await expect.poll(() => sockets.some((u) => u.includes('/socket.io/') && u.includes('transport=websocket'))).toBe(true);
    expect(cspViolations(other)).toEqual([]);
    await ctx.close();
    await other.close();
  });
});

describe('first load', () => {
  it('the home page fetches no match code, compressed files come compressed, the invite page prefetches the match', async () => {
    const ctx = await newContext(rig.browser, { lang: 'en' });
    const page = await ctx.newPage();
    const scripts: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        scripts.push({ url: new URL(r.url()).pathname, encoding: r.headers()['content-encoding'] });
    });
    await page.goto(`${rig.base}/`);
    await page.locator('input[name=name]').waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /\/assets\/kon-[\w-]+\.js$/.test(s.url))).toEqual([]);
    for (const s of scripts) expect(s.encoding, s.url).toBe('br');

    await createMatch(page, rig.base, { name: 'Greta', seat: 'germany' });
    // Kampen om Norge's match page and board: its game folder's chunk (games/kon/index.ts).
    await expect.poll(() => scripts.some((s) => /\/assets\/kon-[\w-]+\.js$/.test(s.url))).toBe(true);
    await ctx.close();
  });
});
