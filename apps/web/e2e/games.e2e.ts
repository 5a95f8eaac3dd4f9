/**
 * The site with two games: the home page offers both (its game choice, a screenshot), a match of the
 * second game is created from it and opens that game's own page (a chunk of its own), and the home
 * page's code holds nothing of Kampen om Norge's engine or board (those come with the match page).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { GameRegistry } from '@kon/platform';
import { kampenOmNorgeModule, loadScenarioFiles } from '@kon/game';
import { startServer, type RunningServer } from '../../server/src/app';
import { loadConfig } from '../../server/src/core/config';
import { toyModule } from '../../server/test/fixtures/toy-game';
import { launch, newContext, shot, WEB_ROOT } from './helpers';

describe('two games on one site', () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-web-games-'));
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(WEB_ROOT, 'dist'),
      LOG_LEVEL: 'silent',
      AUTOPASS: 'off',
    });
    server = await startServer(config, { registry: new GameRegistry([kampenOmNorgeModule, toyModule]), loadScenarioFiles });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop('test end');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists both games on the home page and creates a match of the second, which opens its own page', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    const choice = page.locator('[data-testid="game-choice"]');
    await choice.waitFor();
    expect(await choice.locator('label[data-game]').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-game')))).toEqual([
      'kampen-om-norge',
      'toy-tally',
    ]);
    expect(await choice.textContent()).toContain('The Battle of Norway');
    expect(await choice.textContent()).toContain('2–4 players');
    await shot(page, 'games-home');
    // Kampen om Norge's form is the one shown until another game is chosen.
    await expect.poll(() => page.locator('form.create-form:visible').count()).toBe(1);
    await page.check('input[name=game][value="toy-tally"]');
    const form = page.locator('form[data-game="toy-tally"]');
    await form.waitFor();
    await form.locator('input[name=name]').fill('Ada');
    await form.locator('input[name=plan][value="three"]').check();
    await form.locator('button[type=submit]').click();
    await page.waitForURL(/\/m\/[^/]+\/invite$/);
    const matchID = /\/m\/([^/]+)\/invite/.exec(page.url())![1]!;
    expect((await server.storage.fetchLobby(matchID))!.metadata.gameName).toBe('toy-tally');
    await page.locator('[data-testid="invite-player2"] input').waitFor();
    await page.click('[data-action="to-match"]');
    await page.waitForURL(/\/m\/[^/]+$/);
    // This client has no board for the test game: its page says so, and shows its seats.
    await page.locator('.module-page[data-game="toy-tally"]').waitFor();
    await page.locator('.module-seats li').nth(2).waitFor();
    expect(await page.locator('.module-seats li').count()).toBe(3);
    expect(await page.locator('h1').textContent()).toBe('Tally');
    await shot(page, 'games-module-page');
    await ctx.close();
  });

  it("keeps Kampen om Norge's engine and board out of the home page's code", () => {
    const dist = path.join(WEB_ROOT, 'dist');
    const entry = /src="\/assets\/([^"]+\.js)"/.exec(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'))![1]!;
    const assets = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const has = (f: string, s: string) => fs.readFileSync(path.join(dist, 'assets', f), 'utf8').includes(s);
    // Strings only the rules engine holds (its undo plugin's name, a refusal's text).
    for (const s of ['kon-undo', 'there is nothing to take back']) {
      expect(has(entry, s), `${s} in the home page's chunk`).toBe(false);
      expect(assets.some((f) => has(f, s))).toBe(true);
    }
  });
});
