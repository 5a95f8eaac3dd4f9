/**
 * The match maker, leaderboard and profile pages in Chromium, at a laptop's and a phone's size: signed
 * out they ask to sign in; signed in, a ticket is put, shown on the home page's line of who is looking,
 * and the page tells its player at once when someone else's ticket matches it. The signed-in account
 * is a test cookie here (the accounts' sessions stand in for it in production).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/src/app';
import { loadConfig } from '../../server/src/core/config';
import { setAccountReader } from '../../server/src/matchmaker/account';
import { launch, SCREENSHOTS, WEB_ROOT } from './helpers';

let server: RunningServer;
let browser: Browser;
let dataDir: string;

setAccountReader((ctx) => {
  const id = ctx.cookies.get('kon-test-account');
  return id ? { id, name: id } : undefined;
});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-mm-e2e-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(WEB_ROOT, 'dist'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTOPASS: 'off',
  });
  server = await startServer(config, undefined, {
    ratingRules: { minMovesPerSeat: { 'kampen-om-norge': 0 }, leaderboardMinGames: 1 },
    namesOf: async (ids) => new Map(ids.map((id) => [id, id[0]!.toUpperCase() + id.slice(1)])),
  });
  browser = await launch();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

async function pageAs(account: string | null, viewport: { width: number; height: number }, lang = 'en'): Promise<Page> {
  const ctx = await browser.newContext({ viewport, locale: lang === 'en' ? 'en-GB' : 'nb-NO' });
  if (account) await ctx.addCookies([{ name: 'kon-test-account', value: account, url: server.url }]);
  await ctx.addInitScript((l) => localStorage.setItem('kon.lang', l), lang);
  return ctx.newPage();
}

/** A finished rated match between two accounts: Germany (first to act) runs out of time. */
async function playRated(germany: string, other: string, setup = 'basic') {
  await server.matchmaker.put(germany, {
    game: 'kampen-om-norge',
    plan: 'two',
    setup,
    sides: ['germany'],
    pace: 'live',
    rated: true,
    ratingWindow: null,
    minReliability: null,
  });
  const t = await server.matchmaker.put(other, {
    game: 'kampen-om-norge',
    plan: 'two',
    setup,
    sides: [],
    pace: 'live',
    rated: true,
    ratingWindow: null,
    minReliability: null,
  });
  const state = await server.transport.currentState(t.matchID!);
  const pid = server.lobby.games.of('kampen-om-norge').toMove(state!.G, state!.ctx)[0]!;
  await server.transport.submitMove(t.matchID!, pid, { type: 'loseOnTime', args: [{}] }, { by: 'server' });
  await expect
    .poll(async () => (await server.ratings.sqlHandle.query('SELECT 1 FROM kon_rated_matches WHERE match_id = $1', [t.matchID!])).length)
    .toBe(1);
}

describe('the match maker in the browser', () => {
  it('asks a signed-out visitor to sign in', async () => {
    for (const { name, viewport } of SIZES) {
      const page = await pageAs(null, viewport);
      await page.goto(`${server.url}/play`);
      await page.getByTestId('sign-in').waitFor();
      expect(await page.getByTestId('sign-in').textContent()).toContain('Sign in to find an opponent');
      expect(await page.getByTestId('sign-in').locator('a[href="/account"]').count()).toBe(1);
      await page.screenshot({ path: path.join(SCREENSHOTS, `mm-signed-out-${name}.png`), fullPage: true });
      await page.context().close();
    }
  });

  it('puts a ticket, shows it on the home page, and tells its player at once when matched', async () => {
    const page = await pageAs('ann', SIZES[0].viewport);
    await page.goto(`${server.url}/play`);
    await page.locator('select[name="setup"]').selectOption('advanced');
    await page.locator('select[name="plan"]').selectOption('two');
    await page.locator('input[name="side"][value="germany"]').check();
    await page.getByRole('button', { name: 'Look for an opponent' }).click();
    await page.locator('.mm-ticket[data-status="open"]').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'mm-ticket-desktop.png'), fullPage: true });

    const home = await pageAs(null, SIZES[1].viewport);
    await home.goto(server.url);
    await home.getByTestId('open-tickets').getByText('1 looking for a Fast advanced game').waitFor();
    await home.getByTestId('open-tickets').scrollIntoViewIfNeeded();
    await home.setViewportSize(SIZES[0].viewport);
    await home.screenshot({ path: path.join(SCREENSHOTS, 'mm-home-desktop.png') });
    await home.setViewportSize(SIZES[1].viewport);
    await home.getByTestId('open-tickets').scrollIntoViewIfNeeded();
    await home.screenshot({ path: path.join(SCREENSHOTS, 'mm-home-phone.png') });
    await home.context().close();

    const phone = await pageAs('ann', SIZES[1].viewport, 'no');
    await phone.goto(`${server.url}/play`);
    await phone.locator('.mm-ticket[data-status="open"]').waitFor();
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'mm-ticket-phone.png'), fullPage: true });

    // Bob's ticket fits: Ann's open page learns it within a few seconds, with no reload.
    const bob = await server.matchmaker.put('bob', {
      game: 'kampen-om-norge',
      plan: 'two',
      setup: 'advanced',
      sides: [],
      pace: 'fast',
      rated: true,
      ratingWindow: null,
      minReliability: null,
    });
    expect(bob.status).toBe('matched');
    // The page looks every 3 s; a loaded CI machine running two browser files at once is given 30.
    await page
      .getByTestId('matched')
      .waitFor({ timeout: 30_000 })
      .catch(async (e: Error) => {
        // Say what the page would have read, so a failure tells a slow poll from a wrong answer.
        const seen = await page.evaluate(async () => {
          const r = await fetch('/api/tickets');
          return `${r.status} ${await r.text()}`;
        });
        throw new Error(`${e.message}\nGET /api/tickets from the page now: ${seen}`);
      });
    expect(await page.getByTestId('matched').locator('a').getAttribute('href')).toBe(`/m/${bob.matchID}`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'mm-matched-desktop.png'), fullPage: true });
    await phone.getByTestId('matched').waitFor({ timeout: 30_000 });
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'mm-matched-phone.png'), fullPage: true });
    await page.context().close();
    await phone.context().close();
  });

  it('shows a leaderboard per side and a profile with reliability and recent matches', async () => {
    await playRated('cy', 'dee');
    await playRated('dee', 'cy');
    await playRated('eve', 'cy');
    for (const { name, viewport } of SIZES) {
      const page = await pageAs('ann', viewport);
      await page.goto(`${server.url}/leaderboard`);
      await page.getByTestId('leaderboard').waitFor();
      const rows = await page.getByTestId('leaderboard').locator('tbody tr').allTextContents();
      expect(rows.length).toBe(3);
      await page.screenshot({ path: path.join(SCREENSHOTS, `mm-leaderboard-${name}.png`), fullPage: true });
      await page.getByTestId('leaderboard').getByText('Cy').click();
      await page.getByTestId('reliability').waitFor();
      expect(await page.getByTestId('reliability').textContent()).toContain('67 % finished');
      expect(await page.locator('a', { hasText: 'Watch the replay' }).count()).toBe(3);
      await page.screenshot({ path: path.join(SCREENSHOTS, `mm-profile-${name}.png`), fullPage: true });
      await page.context().close();
    }
  });
});
