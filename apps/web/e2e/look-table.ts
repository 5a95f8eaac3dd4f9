/** Manual look at the table around the board: a solo match, screenshots at four sizes (not a test). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../server/src/app';
import { loadConfig } from '../../server/src/core/config';
import { createSoloMatch, launch, newContext, WEB_ROOT } from './helpers';

const out = process.env.OUT ?? '/tmp/look-table';
fs.mkdirSync(out, { recursive: true });
const server = await startServer(
  loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kon-look-')),
    WEB_DIST: path.join(WEB_ROOT, 'dist'),
    LOG_LEVEL: 'silent',
    CREATE_LIMIT_PER_HOUR: '1000',
  }),
);
const browser = await launch();
const ctx = await newContext(browser, { lang: (process.env.LANG_UI as 'no' | 'en') ?? 'en', width: 1366, height: 800 });
const g = await ctx.newPage();
g.on('pageerror', (e) => console.log('[pageerror]', e.message));
await createSoloMatch(g, server.url, 'easy', (process.env.RULESET as never) ?? undefined);
await g.locator('[data-testid="banner"]').waitFor();
await g.waitForTimeout(Number(process.env.WAIT ?? 2500));
const url = g.url();
for (const [w, h] of [
  [768, 1024],
  [1366, 800],
  [1920, 1080],
  [390, 844],
] as const) {
  await g.setViewportSize({ width: w, height: h });
  await g.goto(url);
  await g.locator('[data-testid="banner"]').waitFor();
  await g.mouse.move(1, 1);
  await g.waitForTimeout(1200);
  await g.screenshot({ path: path.join(out, `${w}x${h}.png`) });
  console.log(
    w,
    h,
    await g.evaluate(() => {
      const svg = document.querySelector('svg.board-svg')!;
      const r = svg.getBoundingClientRect();
      return `${svg.getAttribute('viewBox')} in ${Math.round(r.width)}x${Math.round(r.height)} at ${Math.round(r.top)}; log ${document.querySelectorAll('.log-entry').length}; scrollH ${document.documentElement.scrollHeight}`;
    }),
  );
}
await g.setViewportSize({ width: 1366, height: 800 });
await g.goto(url);
const vbNow = () =>
  g.evaluate(() => {
    const svg = document.querySelector('svg.board-svg');
    const r = svg?.getBoundingClientRect();
    return `${svg?.getAttribute('viewBox')} in ${Math.round(r?.width ?? 0)}x${Math.round(r?.height ?? 0)}`;
  });
for (let i = 0; i < 12; i++) {
  console.log(i * 100, await vbNow());
  await g.waitForTimeout(100);
}
await g.click('.map-controls button:nth-child(3)');
await g.waitForTimeout(300);
console.log('reset', await vbNow());
await browser.close();
await server.stop('look end');
process.exit(0);
