// @module-tag slow
/**
 * Issue 37's whole path in Chromium: two people sign up with passkeys (the DevTools virtual
 * authenticator) and a third by an e-mail link caught by an SMTP receiver started here; each puts a
 * ticket on the match maker's page; the two who fit are matched, open the match from the page and
 * play a Narvik match to its end through the match pages (every move a click, no computer seat); both
 * ratings change, the leaderboard and both profiles show it, and a second browser context signed in
 * as the same person lists the match after a reload. The match is short, so the test's rating rules
 * ask for fewer moves per seat than rules.json does.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { smtpReceiver } from '../../server/test/account-client';
import { click, newContext, panelStage, shot, useWebRig } from './helpers';

const smtp = await smtpReceiver();
afterAll(() => smtp.close());
const rig = useWebRig(
  { RATE_LIMIT_PER_MINUTE: '100000', SMTP_URL: smtp.url },
  { ratingRules: { minMovesPerSeat: { 'kampen-om-norge': 3 }, leaderboardMinGames: 1 } },
);
/** WebAuthn wants a domain, never an IP address: the site as localhost. */
const site = () => rig.base.replace('127.0.0.1', 'localhost');

async function authenticator(ctx: BrowserContext, page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

interface Person {
  ctx: BrowserContext;
  page: Page;
  passkey?: { cdp: CDPSession; id: string };
}

async function passkeySignUp(name: string): Promise<Person> {
  const ctx = await newContext(rig.browser, { lang: 'en' });
  const page = await ctx.newPage();
  const passkey = await authenticator(ctx, page);
  await page.goto(`${site()}/account/new`);
  await page.fill('[data-testid="account-name"]', name);
  await page.click('[data-action="create-account"]');
  await page.locator('[data-testid="account"]').waitFor();
  expect(await page.locator('[data-testid="account"]').textContent()).toContain(`signed in as ${name}`);
  return { ctx, page, passkey };
}

async function emailSignUp(name: string, address: string): Promise<Person> {
  const ctx = await newContext(rig.browser, { lang: 'no' });
  const page = await ctx.newPage();
  await page.goto(`${site()}/account/new`);
  await page.click('text=Bruk e-post i stedet');
  await page.fill('[data-testid="account-name"]', name);
  await page.fill('input[type=email]', address);
  await page.click('[data-action="create-account"]');
  await page.locator('[data-testid="link-sent"]').waitFor();
  await expect.poll(() => smtp.tokenFor(address), { timeout: 10_000 }).toBeTruthy();
  await page.goto(`${site()}/account/link#${smtp.tokenFor(address)}`);
  await page.click('[data-action="redeem-link"]');
  await page.locator('[data-testid="account"]').waitFor();
  return { ctx, page };
}

/** A ticket through the match maker's page: Narvik (or `setup`) for two, Live, rated, taking `sides`. */
async function putTicket(page: Page, setup: string, sides: string[]) {
  await page.goto(`${site()}/play`);
  await page.locator('select[name="setup"]').selectOption(setup);
  await page.locator('select[name="plan"]').selectOption('two');
  for (const s of sides) await page.locator(`input[name="side"][value="${s}"]`).check();
  await page.locator('input[name="pace"][value="live"]').check();
  await page.locator('form.mm-form button[type=submit]').click();
}

/** Every page does the least its turn asks (end each phase, discard when it must) until the result shows. */
async function playToEnd(pages: Page[]) {
  const seen: string[] = [];
  for (let i = 0; i < 400; i++) {
    if ((await pages[0]!.locator('[data-testid="result"]').count()) > 0) return;
    let acted = false;
    for (const p of pages) {
      const s = await panelStage(p);
      if (!s) continue;
      acted = true;
      seen.push(`${pages.indexOf(p)}:${s}`);
      if (s === 'discard') await click(p, '[data-testid="action-panel"] .button-grid button');
      else await click(p, '[data-testid="action-panel"] [data-action="endPhase"]');
      // The panel goes busy, then shows the next decision (or none).
      await p.waitForFunction(() => document.querySelector('[data-testid="action-panel"]')?.getAttribute('data-busy') !== 'true');
    }
    if (!acted) await pages[0]!.waitForTimeout(100);
  }
  for (const [i, p] of pages.entries()) await shot(p, `players-stuck-${i}`);
  throw new Error(`the match did not end: ${seen.slice(-30).join(' ')}`);
}

describe('players, from sign-up to the leaderboard', () => {
  it('matches two new accounts, who play Narvik to its end; ratings, leaderboard, profiles and a second device show it', async () => {
    const errors: string[] = [];
    const ann = await passkeySignUp('Ann');
    const bo = await passkeySignUp('Bo');
    const cai = await emailSignUp('Cai', 'cai@example.org');
    for (const p of [ann, bo, cai]) p.page.on('pageerror', (e) => errors.push(e.message));

    // Cai looks for another scenario: open, and never matched with the two.
    await putTicket(cai.page, 'gudbrandsdalen', []);
    await cai.page.locator('.mm-ticket[data-status="open"]').waitFor();
    await putTicket(ann.page, 'narvik', ['germany']);
    await ann.page.locator('.mm-ticket[data-status="open"]').waitFor();
    await putTicket(bo.page, 'narvik', []);
    // Both pages say so at once, rated, with each side's chance.
    for (const p of [ann, bo]) {
      await p.page.getByTestId('matched').waitFor({ timeout: 30_000 });
      expect(await p.page.getByTestId('forecast').first().textContent()).toMatch(/rated/i);
    }
    const href = await ann.page.getByTestId('matched').locator('a').getAttribute('href');
    expect(await bo.page.getByTestId('matched').locator('a').getAttribute('href')).toBe(href);
    const matchID = /^\/m\/([^/]+)$/.exec(href ?? '')![1]!;
    await cai.page.reload();
    await cai.page.locator('.mm-ticket[data-status="open"]').waitFor();

    // Into the match from the page's link, each as the seat the match maker gave them.
    for (const p of [ann, bo]) await p.page.getByTestId('matched').locator('a').click();
    await playToEnd([ann.page, bo.page]);
    const G = await rig.trueState(matchID);
    expect(G.scenario?.id).toBe('narvik');
    expect(G.result).not.toBeNull();
    await bo.page.locator('[data-testid="result"]').waitFor();

    // Both ratings changed: the leaderboard of Narvik's ruleset lists each on their side.
    const rated = async (side: string) => {
      await ann.page.goto(`${site()}/leaderboard`);
      await ann.page.locator('select[name="side"]').selectOption(side);
      await ann.page.getByTestId('leaderboard').waitFor();
      return ann.page.getByTestId('leaderboard').locator('tbody tr').allTextContents();
    };
    await expect
      .poll(() =>
        rig.server.ratings.sqlHandle.query('SELECT 1 FROM kon_rated_matches WHERE match_id = $1', [matchID]).then((r) => r.length),
      )
      .toBe(1);
    const germany = await rated('germany');
    expect(germany).toHaveLength(1);
    expect(germany[0]).toContain('Ann');
    const allies = await rated('norway+allies');
    expect(allies).toHaveLength(1);
    expect(allies[0]).toContain('Bo');
    const winnerIsGermany = G.result?.winner === 'germany';
    expect(germany[0]).toContain(winnerIsGermany ? '1–0' : '0–1');
    expect(allies[0]).toContain(winnerIsGermany ? '0–1' : '1–0');

    // Both profiles: the rating, and the match among the recent ones with its replay.
    for (const [name, side] of [
      ['Ann', 'germany'],
      ['Bo', 'norway+allies'],
    ] as const) {
      await rated(side);
      await ann.page.getByTestId('leaderboard').getByText(name).click();
      await ann.page.getByTestId('profile').waitFor();
      await ann.page.locator('.mm-recent li').first().waitFor();
      const recent = await ann.page.locator('.mm-recent li').allTextContents();
      expect(recent).toHaveLength(1);
      expect(recent[0]).toMatch(winnerIsGermany === (side === 'germany') ? /^Win/ : /^Loss/);
      expect(recent[0]).toContain('→');
      expect(await ann.page.locator(`.mm-recent a[href="/m/${matchID}/replay"]`).count()).toBe(1);
    }

    // A second device signed in as Ann (her passkey, synced) lists the match after a reload.
    const { credentials } = await ann.passkey!.cdp.send('WebAuthn.getCredentials', { authenticatorId: ann.passkey!.id });
    const otherCtx = await newContext(rig.browser, { lang: 'en', width: 390, height: 844 });
    const other = await otherCtx.newPage();
    other.on('pageerror', (e) => errors.push(e.message));
    const key = await authenticator(otherCtx, other);
    await key.cdp.send('WebAuthn.addCredential', { authenticatorId: key.id, credential: credentials[0]! });
    await other.goto(`${site()}/account`);
    await other.click('[data-action="passkey-sign-in"]');
    await other.locator('[data-testid="account"]').waitFor();
    await other.reload();
    await expect.poll(() => other.locator('[data-testid="account-matches"] li').count(), { timeout: 15_000 }).toBe(1);
    expect(await other.locator('[data-testid="account-matches"] li').textContent()).toContain('over');
    // Opened from there, it is Ann's seat (Germany) in the finished match.
    await other.locator('[data-testid="account-matches"] li button').click();
    await other.waitForURL(new RegExp(`/m/${matchID}`));
    await other.locator('[data-testid="result"]').waitFor();

    expect(errors).toEqual([]);
    for (const c of [ann.ctx, bo.ctx, cai.ctx, otherCtx]) await c.close();
  }, 600_000);
});
