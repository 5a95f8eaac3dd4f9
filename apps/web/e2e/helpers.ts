/** Browser-test helpers: Debian's Chromium through playwright-core, and the UI flows to set a match up. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { GameState } from '@kon/game';
import { startServer, type RunningServer, type StartOptions } from '../../server/src/app';
import { loadConfig } from '../../server/src/core/config';

export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const WEB_ROOT = path.resolve(HERE, '..');
export const REPO_ROOT = path.resolve(WEB_ROOT, '..', '..');
export const SCREENSHOTS = path.join(HERE, 'screenshots');

/** README screenshots are rewritten only when asked (UPDATE_DOCS_SCREENSHOTS=1); else they go with the others. */
export const DOCS = process.env.UPDATE_DOCS_SCREENSHOTS
  ? path.resolve(REPO_ROOT, 'docs', 'screenshots')
  : path.join(WEB_ROOT, 'e2e', 'screenshots', 'docs');

export interface WebRig {
  server: RunningServer;
  browser: Browser;
  base: string;
  /** The server's true game state of a match, straight from its store. */
  trueState(matchID: string): Promise<GameState>;
  close(): Promise<void>;
}

/**
 * What every browser test starts from: the client (built once by build-once.ts, the project's global
 * setup), served by the real server on a free port, and Chromium.
 */
async function startWebRig(env: Record<string, string> = {}, opts: StartOptions = {}): Promise<WebRig> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-web-e2e-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(WEB_ROOT, 'dist'),
    LOG_LEVEL: 'silent',
    CREATE_LIMIT_PER_HOUR: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    // The browser tests click every pass themselves (automatic passing: server tests and web unit tests).
    AUTOPASS: 'off',
    ...env,
  });
  const server = await startServer(config, undefined, opts);
  const browser = await launch();
  return {
    server,
    browser,
    base: server.url,
    async trueState(matchID) {
      const f = (await server.storage.fetch(matchID, { state: true })) as { state: { G: GameState } };
      return f.state.G;
    },
    async close() {
      await browser.close();
      await server.stop('test end');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The rig of one test file, started before its tests and closed after them. Its fields are read
 * when a test runs (they do not exist before the file's beforeAll has run).
 */
export function useWebRig(env: Record<string, string> = {}, opts: StartOptions = {}): WebRig {
  let rig: WebRig | undefined;
  beforeAll(async () => {
    rig = await startWebRig(env, opts);
  });
  afterAll(async () => {
    await rig?.close();
  });
  const started = () => {
    if (!rig) throw new Error('the web rig starts in beforeAll');
    return rig;
  };
  return {
    get server() {
      return started().server;
    },
    get browser() {
      return started().browser;
    },
    get base() {
      return started().base;
    },
    trueState: (matchID) => started().trueState(matchID),
    close: () => started().close(),
  };
}

export function chromiumPath(): string {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (p && fs.existsSync(p)) return p;
  throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)');
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

const violations = new WeakMap<BrowserContext, string[]>();

/** Record every Content-Security-Policy refusal in the context's pages (console reports and DOM events). */
async function watchCsp(ctx: BrowserContext) {
  const seen: string[] = [];
  violations.set(ctx, seen);
  ctx.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(m.text());
  });
  await ctx.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI} (${e.sourceFile}:${e.lineNumber}:${e.columnNumber})`),
    ),
  );
}
/** What the policy refused so far in this context's pages. */
export function cspViolations(ctx: BrowserContext): string[] {
  return violations.get(ctx) ?? [];
}

export type Lang = 'no' | 'en';
export async function newContext(browser: Browser, opts: { lang?: Lang; width?: number; height?: number } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 800 },
    deviceScaleFactor: 1,
    locale: opts.lang === 'no' ? 'nb-NO' : 'en-GB',
  });
  await watchCsp(ctx);
  await ctx.addInitScript((lang) => {
    try {
      if (!localStorage.getItem('kon.lang')) localStorage.setItem('kon.lang', lang);
    } catch {
      /* ignore */
    }
  }, opts.lang ?? 'en');
  return ctx;
}

export interface Invites {
  matchID: string;
  seats: Record<string, string>;
  spectator: string;
}

/** Create a match on the home page as `seat`, return the invite links read off the invite page. */
export async function createMatch(
  page: Page,
  base: string,
  opts: { name: string; plan?: 'three' | 'two' | 'teams'; seat: string; ruleset?: 'basic' | 'advanced' | `scenario:${string}` },
): Promise<Invites> {
  await page.goto(`${base}/`);
  await page.fill('input[name=name]', opts.name);
  if (opts.ruleset) await page.check(`input[name=ruleset][value="${opts.ruleset}"]`);
  await page.check(`input[name=plan][value=${opts.plan ?? 'three'}]`);
  await page.check(`input[name=seat][value="${opts.seat}"]`);
  await page.click('button[type=submit]');
  await page.waitForURL(/\/m\/[^/]+\/invite$/);
  const matchID = /\/m\/([^/]+)\/invite/.exec(page.url())![1]!;
  // The invite page fills in as the match's links arrive: wait for every seat of the plan.
  const seatKeys = opts.plan === 'two' ? ['germany', 'norway+allies'] : ['germany', 'norway', 'allies'];
  for (const s of [...seatKeys, 'spectator']) await page.locator(`[data-testid="invite-${s}"] input`).waitFor();
  const seats: Record<string, string> = {};
  for (const s of ['germany', 'norway', 'allies', 'norway+allies']) {
    const field = page.locator(`[data-testid="invite-${s}"] input`);
    if ((await field.count()) > 0) seats[s] = await field.inputValue();
  }
  const spectator = await page.locator('[data-testid="invite-spectator"] input').inputValue();
  return { matchID, seats, spectator };
}

export async function joinMatch(page: Page, link: string, name: string) {
  await page.goto(link);
  await page.fill('input[name=name]', name);
  await page.locator('button[type=submit]:not([disabled])').click();
  await page.waitForURL(/\/m\/[^/]+$/);
}

export async function shot(page: Page, name: string, dir = SCREENSHOTS) {
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

/** Wait until the banner says this page must act (its action panel is up). */
export async function waitForTurn(page: Page, timeout = 15000) {
  await page.locator('[data-testid="action-panel"]').waitFor({ state: 'visible', timeout });
}
export async function stage(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector('[data-testid="action-panel"]')?.getAttribute('data-stage') ?? null);
}
/**
 * The stage of this page's action panel when it is up and settled (not waiting for the server),
 * read in one step: the panel may vanish at any moment when another seat moves, and a locator
 * read after a count would then wait for it.
 */
export async function panelStage(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.querySelector('[data-testid="action-panel"]');
    return el && el.getAttribute('data-busy') !== 'true' ? el.getAttribute('data-stage') : null;
  });
}

/** Wait until this page's action panel is up, settled, and at one of the `want` stages; its stage. */
export async function waitStage(page: Page, want: string | string[], timeout = 20_000) {
  const wanted = Array.isArray(want) ? want : [want];
  await page.waitForFunction(
    (w) => {
      const el = document.querySelector('[data-testid="action-panel"]');
      return !!el && w.includes(el.getAttribute('data-stage') ?? '') && el.getAttribute('data-busy') !== 'true';
    },
    wanted,
    { timeout },
  );
  return stage(page);
}

export async function click(page: Page, selector: string) {
  const el = page.locator(selector).first();
  await el.waitFor({ state: 'visible' });
  await el.click();
}

/**
 * Play a hand card through whatever it asks. A card with one way to play goes at the click; one
 * with several (an effect, a target) opens its choices: take the first value at each step, then
 * Play. Returns the card's id. (Clicking only a Play button that might be there left a card with
 * choices open, and the page waited for a Pass that its open choice hid.)
 */
export async function playCard(page: Page, selector = '[data-testid="hand"] button[data-play]'): Promise<string> {
  const button = page.locator(selector).first();
  const id = await button.getAttribute('data-play');
  if (!id) throw new Error(`no playable card at ${selector}`);
  await button.click();
  // The basic game's card dialog (the advanced stepper shares its class, not its buttons).
  const dialog = page.locator('.card-play:not(.adv-step)');
  for (let step = 0; step < 8 && (await dialog.count()) > 0; step++) {
    const confirm = page.locator('[data-action="confirm-card"]');
    if ((await confirm.count()) > 0) {
      await confirm.click();
      break;
    }
    await dialog.locator('.button-grid button').first().click();
  }
  return id;
}

/** Click the first element `selector` finds; false when there is none. */
export async function clickFirst(page: Page, selector: string): Promise<boolean> {
  const el = page.locator(selector).first();
  if ((await el.count()) === 0) return false;
  await el.click();
  return true;
}

/** Answer every parameter of a decision under way with its first offered (enabled) value. */
export async function finishSteps(page: Page) {
  for (let i = 0; i < 6; i++) {
    const step = page.locator('[data-testid="action-panel"] [data-step]:not([disabled])').first();
    if ((await step.count()) === 0) return;
    await step.click();
    await page.waitForTimeout(60);
  }
}

/** Whatever the panel offers first: pass, end the phase, its main button, any button (then its steps). */
export async function anyDecision(p: Page, stage: string) {
  if (await clickFirst(p, '[data-testid="action-panel"] [data-action="pass"]')) return;
  if (await clickFirst(p, '[data-testid="action-panel"] [data-action="endPhase"]')) return;
  if (await clickFirst(p, '[data-testid="action-panel"] .action-body button.primary:not([disabled])')) return;
  if (await clickFirst(p, '[data-testid="action-panel"] .action-body button:not(.ghost):not(.dock-toggle):not([disabled])'))
    return finishSteps(p);
  throw new Error(`no way to act in ${stage}`);
}

/** Germany (Greta) against Norway and the Allies played by the computer at `strength`; the match's id once its page is open. */
export async function createSoloMatch(
  page: Page,
  base: string,
  strength: 'easy' | 'normal',
  ruleset?: 'basic' | 'advanced' | `scenario:${string}`,
): Promise<string> {
  await page.goto(`${base}/`);
  await page.fill('input[name=name]', 'Greta');
  if (ruleset) await page.check(`input[name=ruleset][value="${ruleset}"]`);
  await page.check('input[name=plan][value=three]');
  await page.check('input[name=seat][value="germany"]');
  const opponents = page.locator('[data-testid="opponents"]');
  await opponents.locator('[data-seat="norway"] select').selectOption(strength);
  await opponents.locator('[data-seat="allies"] select').selectOption(strength);
  await click(page, 'button[type=submit]');
  await page.waitForURL(/\/m\/[^/]+$/);
  return /\/m\/([^/]+)$/.exec(page.url())![1]!;
}
