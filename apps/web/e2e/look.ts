/** Manual look: drive a match up to the first German attack and save screenshots (not a test). */
import { createMatch, joinMatch, launch, newContext, shot } from './helpers';

const base = process.env.BASE ?? 'http://127.0.0.1:8123';
const out = process.env.OUT ?? '/tmp/look';
const browser = await launch();
const g = await (await newContext(browser, { lang: 'en' })).newPage();
g.on('console', (m) => m.type() === 'error' && console.log('[g console]', m.text()));
g.on('pageerror', (e) => console.log('[g pageerror]', e.message));
await g.goto(`${base}/`);
await shot(g, 'home', out);
const inv = await createMatch(g, base, { name: 'Greta', seat: 'germany' });
await shot(g, 'invite', out);
console.log(inv);
await g.click('[data-action="to-match"]');
await g.waitForTimeout(1500);
await shot(g, 'waiting', out);
const n = await (await newContext(browser, { lang: 'no' })).newPage();
n.on('pageerror', (e) => console.log('[n pageerror]', e.message));
await joinMatch(n, inv.seats.norway!, 'Nils');
const a = await (await newContext(browser, { lang: 'en', width: 390, height: 844 })).newPage();
a.on('pageerror', (e) => console.log('[a pageerror]', e.message));
await joinMatch(a, inv.seats.allies!, 'Alice');
await g.waitForTimeout(3500);
await shot(g, 'g-board', out);
await shot(n, 'n-board', out);
await shot(a, 'a-board', out);
await browser.close();
