/**
 * Benchmark: the home page's first load as a phone on a slow network sees it. Builds the client, starts
 * the real server on it (embedded store, temporary folder), and loads the home page in Debian's Chromium
 * with a cold cache under DevTools' "Slow 4G" network preset and 4× CPU slowdown, several times.
 * Prints Largest Contentful Paint (min / median / max), the bytes on the wire per resource, and the
 * gzip / brotli size of every built JS and CSS file. Not a test: nothing asserts a timing.
 * Usage: npm run bench:web [-- <runs>]   (BENCH_NO_BUILD=1 reuses apps/web/dist)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import type { CDPSession } from 'playwright-core';
import { startServer } from '../../server/src/app';
import { loadConfig } from '../../server/src/core/config';
import { createLogger } from '../../server/src/core/log';
import { launch, WEB_ROOT } from '../e2e/helpers';

const runs = Math.max(1, Number(process.argv[2] ?? 7));
const DIST = path.join(WEB_ROOT, 'dist');

// Chrome DevTools' "Slow 4G" preset (its NetworkManager: 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up, 150 ms × 3.75).
const SLOW_4G = { offline: false, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9, latency: 150 * 3.75 };
const CPU_SLOWDOWN = 4;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

if (!process.env.BENCH_NO_BUILD) await build({ root: WEB_ROOT, logLevel: 'warn', configFile: path.join(WEB_ROOT, 'vite.config.ts') });

console.log('Built JS and CSS (raw / gzip -9 / brotli q11):');
for (const f of fs
  .readdirSync(path.join(DIST, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .sort()) {
  const raw = fs.readFileSync(path.join(DIST, 'assets', f));
  const gz = zlib.gzipSync(raw, { level: 9 }).length;
  const br = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(`  ${f.padEnd(44)} ${kb(raw.length).padStart(10)} ${kb(gz).padStart(10)} ${kb(br).padStart(10)}`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-bench-web-'));
const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, WEB_DIST: DIST, LOG_LEVEL: 'silent' });
const server = await startServer(config, undefined, { log: createLogger('silent', {}) });
const browser = await launch();

interface Sample {
  lcp: number;
  lcpElement: string;
  wire: Map<string, number>;
}

async function loadOnce(): Promise<Sample> {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1, locale: 'nb-NO' });
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp?: { t: number; el: string } };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[])
        w.__lcp = {
          t: e.startTime,
          el: e.element ? e.element.tagName.toLowerCase() + (e.element.className ? `.${e.element.className}` : '') : '?',
        };
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const cdp: CDPSession = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const urls = new Map<string, string>();
  const wire = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, new URL(e.request.url).pathname));
  cdp.on('Network.loadingFinished', (e) => wire.set(urls.get(e.requestId) ?? e.requestId, e.encodedDataLength));
  await page.goto(`${server.url}/`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  // LCP is final once the page has been idle for a moment (no input comes).
  await page.waitForTimeout(500);
  const lcp = await page.evaluate(() => (window as unknown as { __lcp?: { t: number; el: string } }).__lcp);
  await ctx.close();
  if (!lcp) throw new Error('no largest-contentful-paint entry');
  return { lcp: lcp.t, lcpElement: lcp.el, wire };
}

try {
  await loadOnce(); // warm the server's file cache; not counted
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) samples.push(await loadOnce());
  const lcps = samples.map((s) => s.lcp);
  console.log(`\nHome page, Slow 4G + ${CPU_SLOWDOWN}× CPU, cold cache, ${runs} runs:`);
  console.log(
    `  LCP min ${(Math.min(...lcps) / 1000).toFixed(2)} s · median ${(median(lcps) / 1000).toFixed(2)} s · max ${(Math.max(...lcps) / 1000).toFixed(2)} s`,
  );
  console.log(`  LCP element: ${[...new Set(samples.map((s) => s.lcpElement))].join(', ')}`);
  const last = samples[samples.length - 1]!;
  let total = 0;
  console.log('  Bytes on the wire (last run, headers included):');
  for (const [url, n] of [...last.wire].sort((a, b) => b[1] - a[1])) {
    total += n;
    console.log(`    ${url.padEnd(60)} ${kb(n).padStart(10)}`);
  }
  console.log(`    ${'total'.padEnd(60)} ${kb(total).padStart(10)}`);
} finally {
  await browser.close();
  await server.stop('bench end');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
