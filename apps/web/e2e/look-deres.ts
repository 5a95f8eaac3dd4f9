/** Manual look: a three-player Deres uenighet match through its set-up and a round (not a test). */
import type { Page } from 'playwright-core';
import { joinMatch, launch, newContext, shot } from './helpers';

const base = process.env.BASE ?? 'http://127.0.0.1:8123';
const out = process.env.OUT ?? '/tmp/look-deres';
const post = async (route: string, body: unknown) =>
  (
    await fetch(base + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  ).json() as Promise<any>;

const browser = await launch();
const created = await post('/api/matches', { game: 'deres-uenighet', plan: 'three' });
const pages: Page[] = [];
for (const [i, s] of (created.links.seats as { token: string }[]).entries()) {
  const phone = i === 2;
  const ctx = await newContext(browser, { lang: i === 1 ? 'no' : 'en', ...(phone ? { width: 390, height: 844 } : {}) });
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.log(`[${i}] pageerror`, e.message));
  await joinMatch(p, `${base}/m/${created.matchID}/join#${s.token}`, `P${i + 1}`);
  pages.push(p);
}
for (const p of pages) await p.locator('[data-testid="deres-board"]').waitFor({ timeout: 20_000 });
const phase = () => pages[0]!.locator('[data-testid="deres-board"]').getAttribute('data-phase');
const seen = new Set<string>();
for (let i = 0; i < 80; i++) {
  const ph = (await phase()) ?? '';
  if (!['chooseNation', 'buildMap', 'placeSupplies', 'placeCapital'].includes(ph)) break;
  for (const [k, p] of pages.entries()) {
    const setup = p.locator('[data-testid="deres-setup"]');
    if ((await setup.count()) === 0) continue;
    if (!seen.has(`${ph}${k}`)) {
      seen.add(`${ph}${k}`);
      await shot(p, `${ph}-${k}`, out);
    }
    const nation = setup.locator('button[data-nation]');
    if (await nation.count()) await nation.first().click();
    else if (await p.locator('rect[data-slot][data-target="true"]').count())
      await p.locator('rect[data-slot][data-target="true"]').first().click();
    else if (await p.locator('g[data-target="true"]').count()) await p.locator('g[data-target="true"]').first().click({ force: true });
    await p.waitForTimeout(250);
    break;
  }
}
for (const [k, p] of pages.entries()) await shot(p, `buy-${k}`, out);
for (const p of pages) {
  await p.locator('g[data-target="true"]').first().click({ force: true });
  await p.click('[data-action="submit-orders"]');
}
await pages[0]!.waitForTimeout(1500);
for (const [k, p] of pages.entries()) await shot(p, `move-${k}`, out);
for (const p of pages) {
  await p.locator('g[data-target="true"]').first().click({ force: true });
  await p.waitForTimeout(200);
  await shot(p, `move-picked`, out);
  const t = p.locator('g[data-target="true"]');
  if (await t.count()) await t.first().click({ force: true });
  await p.click('[data-action="submit-orders"]');
}
await pages[0]!.waitForTimeout(1500);
console.log('phase', await phase());
for (const [k, p] of pages.entries()) await shot(p, `after-${k}`, out);
// Aim a shot where one is offered: the line of sight and the roll needed.
for (const [k, p] of pages.entries()) {
  const shooters = p.locator('g[data-target="true"]');
  if (!(await shooters.count())) continue;
  await shooters.first().click({ force: true });
  await p.waitForTimeout(200);
  const aims = p.locator('g[data-target="true"]');
  if (await aims.count()) await aims.first().click({ force: true });
  await p.waitForTimeout(300);
  await shot(p, `aim-${k}`, out);
}
await pages[2]!.screenshot({ path: `${out}/phone-full.png`, fullPage: true });
await browser.close();
