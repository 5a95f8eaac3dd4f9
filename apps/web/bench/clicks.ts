/**
 * Benchmark: how many clicks the UI asks of a player. Builds the client, starts the real server on it
 * (embedded store, temporary folder, automatic passing on with a short delay) and plays, per ruleset,
 * a three-player match through three Chromium pages, one per seat: the whole first round of the basic
 * game, and the 9. April turn of the advanced game. At each moment the acting page decides by clicking
 * what a player would (a stack dragged onto a destination, a card or a pass, a placement, the end of
 * a phase). Every click and drag on each page is counted; a click is a forced Pass/End when the seat's only
 * legal action was a pass (read from the server's true state before the click; the page waits for the
 * automatic pass first). Decisions are the moves the server stored from the seat's page (the passes
 * the server made itself are not). A repeated window (Ubåt after each reinforcement) is answered "Not
 * this phase" where the board offers it, and the Ubåt questions each seat saw are counted per phase.
 * Not a test: nothing asserted.
 * Usage: npm run bench:clicks   (BENCH_NO_BUILD=1 reuses apps/web/dist; BENCH_TRACE=1 prints every step;
 * BENCH_RULESETS=basic plays one ruleset)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { actor, FACTION_OF_PLAYER, onlyPass, type Faction, type GameState } from '@kon/game';
import { startServer } from '../../server/src/app';
import { loadConfig } from '../../server/src/core/config';
import { createLogger } from '../../server/src/core/log';
import { anyDecision, clickFirst, createMatch, finishSteps, joinMatch, launch, newContext, panelStage, WEB_ROOT } from '../e2e/helpers';

const DIST = path.join(WEB_ROOT, 'dist');
const AUTOPASS_DELAY_MS = 200;
const LIMIT_MS = 10 * 60_000;
const SEATS: Faction[] = ['germany', 'norway', 'allies'];

if (!process.env.BENCH_NO_BUILD) await build({ root: WEB_ROOT, logLevel: 'warn', configFile: path.join(WEB_ROOT, 'vite.config.ts') });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-bench-clicks-'));
const config = loadConfig({
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  WEB_DIST: DIST,
  LOG_LEVEL: 'silent',
  CREATE_LIMIT_PER_HOUR: '1000',
  RATE_LIMIT_PER_MINUTE: '100000',
  AUTOPASS: 'on',
  AUTOPASS_DELAY_MS: String(AUTOPASS_DELAY_MS),
});
const server = await startServer(config, undefined, { log: createLogger('silent', {}) });
const browser = await launch();

interface Tally {
  clicks: number;
  forced: number;
  decisions: number;
  fleetClicks: number;
  autoPasses: number;
}

async function truth(matchID: string): Promise<{ G: GameState; id: number }> {
  const f = (await server.storage.fetch(matchID, { state: true })) as { state: { G: GameState; _stateID: number } };
  return { G: f.state.G, id: f.state._stateID };
}

/** The moves each seat made itself, as the server stored them (its automatic passes left out). */
const decisions = new Map<string, Record<Faction, number>>();
/** The passes the server made for a seat (its only way on), which cost the player nothing. */
const autoPasses = new Map<string, Record<Faction, number>>();
server.transport.onMoveCommitted((e) => {
  const f = FACTION_OF_PLAYER[e.playerID];
  if (!f) return;
  const into = e.by === 'player' ? decisions : autoPasses;
  const seen = into.get(e.matchID) ?? { germany: 0, norway: 0, allies: 0 };
  seen[f]++;
  into.set(e.matchID, seen);
});

const clicksOn = (p: Page) => p.evaluate(() => (window as unknown as { __clicks?: number }).__clicks ?? 0);

/** One decision the way a player would take it at `stage`; `moves` counts this phase's map moves. */
async function decide(p: Page, faction: Faction, stage: string, moves: number, landings: number): Promise<'move' | 'land' | 'other'> {
  switch (stage) {
    case 'april9Choose': {
      // A keepable set is ticked from the start: a player who agrees clicks Keep.
      const boxes = p.locator('[data-keep]');
      const keep = p.locator('[data-action="keep"]');
      await boxes.first().waitFor();
      for (let i = 0; i < (await boxes.count()) && !(await keep.isEnabled()); i++) await boxes.nth(i).check();
      await keep.click();
      return 'other';
    }
    case 'april9Ships': {
      // The first type's ships are picked and their zones lit: a click on a zone places the group.
      // Each group goes to another zone, as a player spreads a fleet; the Allies seek the German
      // ships out (zones with a German stack), so that the turn has its interceptions and combats.
      const zones = p.locator('path.sea.pickable');
      await zones
        .first()
        .waitFor({ timeout: 2000 })
        .catch(() => {});
      const open = await zones.evaluateAll((els) => els.map((e) => e.getAttribute('data-zone') ?? ''));
      const german = await p
        .locator('[data-ships-at]:has([data-ship-stack="germany"])')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-ships-at') ?? ''));
      const contact = open.filter((z) => german.includes(z));
      const pool = faction === 'allies' && contact.length > 0 ? contact : open;
      if (pool.length > 0) await p.locator(`path.sea.pickable[data-zone="${pool[(moves * 3) % pool.length]}"]`).dispatchEvent('click');
      else await finishSteps(p);
      return 'move';
    }
    case 'april9Landing':
      if (landings < 3 && (await p.locator('[data-adv="landShips"]').count()) > 0) {
        // The map lights the coasts at once: a coast served by one zone lands all its ships in one
        // click; otherwise a zone, a coastal area, then the ships.
        const coast = p.locator('path.area.pickable').first();
        const zone = p.locator('path.sea.pickable').first();
        if ((await coast.count()) > 0) await coast.dispatchEvent('click');
        else if ((await zone.count()) > 0) {
          await zone.dispatchEvent('click');
          const area = p.locator('path.area.pickable').first();
          if (
            await area.waitFor({ timeout: 2000 }).then(
              () => true,
              () => false,
            )
          )
            await area.dispatchEvent('click');
        } else await p.click('[data-adv="landShips"]');
        await finishSteps(p);
        return 'land';
      }
      await p.click('[data-action="endPhase"]');
      return 'other';
    case 'navalChase':
      // One ship chased: its zones are lit at once, and a click on one chases it there.
      if ((await p.locator('path.sea.pickable').count()) > 0) {
        await p.locator('path.sea.pickable').first().dispatchEvent('click');
        return 'other';
      }
      await anyDecision(p, stage);
      return 'other';
    case 'intercept':
      await p.click('[data-adv="intercept-yes"]');
      return 'other';
    case 'movement': {
      // The Allies' landing (basic game): dragged from one coastal area onto another it may land with.
      if (faction === 'allies' && (await p.locator('[data-testid="action-panel"] [data-land]').count()) > 0 && (await dragLanding(p))) {
        await finishSteps(p);
        return 'land';
      }
      // Basic game: move up to two stacks a phase, each dragged onto its destination (one gesture;
      // a destination out of sight is clicked in the panel instead), then end.
      const sources = p.locator('path.area.source');
      if (moves < 2 && (await sources.count()) > 0) {
        const from = await sources.nth(moves % (await sources.count())).getAttribute('data-area');
        if (from && (await dragStack(p, from))) {
          await finishSteps(p);
          return 'move';
        }
      }
      if (await clickFirst(p, '[data-adv="anchor"]')) return 'other';
      await anyDecision(p, stage);
      return 'other';
    }
    case 'reinforcement':
      if (await clickFirst(p, '[data-testid="action-panel"] button[data-place]')) return 'other';
      await anyDecision(p, stage);
      return 'other';
    default: {
      // A window asked again and again (Ubåt after each reinforcement): "Not this phase", and the server
      // passes it and the phase's later ones. Card windows, combats and the rest: the first thing the
      // panel offers (a pass where there is one).
      if (await clickFirst(p, '[data-action="not-this-phase"]')) return 'other';
      await anyDecision(p, stage);
      return 'other';
    }
  }
}

/** The centre of a map element on the screen, if it is in the map's view. */
async function onScreen(p: Page, selector: string): Promise<{ x: number; y: number } | null> {
  const el = p.locator(selector).first();
  if ((await el.count()) === 0) return null;
  const [b, map] = await Promise.all([el.boundingBox(), p.locator('svg.board-svg').boundingBox()]);
  if (!b || !map) return null;
  const at = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  const inside = at.x > map.x + 4 && at.x < map.x + map.width - 4 && at.y > map.y + 4 && at.y < map.y + map.height - 4;
  return inside ? at : null;
}

/** Drag the stack at `from` onto its first destination: one press. False when nothing was sent. */
async function dragStack(p: Page, from: string): Promise<boolean> {
  const start = await onScreen(p, `circle.hit[data-hit="${from}"]`);
  if (!start) return false;
  await p.mouse.move(start.x, start.y);
  await p.mouse.down();
  await p.mouse.move(start.x + 12, start.y + 12, { steps: 3 });
  const dest = p.locator('[data-dest]').first();
  const lit = await dest.waitFor({ timeout: 2000 }).then(
    () => true,
    () => false,
  );
  const to = lit ? await dest.getAttribute('data-dest') : null;
  const end = to ? await onScreen(p, `circle.hit[data-hit="${to}"]`) : null;
  if (end) await p.mouse.move(end.x, end.y, { steps: 8 });
  await p.mouse.up();
  // Out of sight: the stack stays picked and the panel's button takes it there.
  if (!end && lit) await dest.click();
  return lit;
}

/** A point on the screen where the map's topmost place is `area` (its shape, or its stack's tap target). */
async function pointIn(p: Page, area: string): Promise<{ x: number; y: number } | null> {
  return p.evaluate((id) => {
    const shape = document.querySelector(`path[data-area="${id}"]`);
    const map = document.querySelector('svg.board-svg')?.getBoundingClientRect();
    if (!shape || !map) return null;
    const b = shape.getBoundingClientRect();
    const placeAt = (x: number, y: number) => {
      const at = document
        .elementsFromPoint(x, y)
        .map((e) => e.closest('[data-area],[data-hit],[data-zone]'))
        .find((e) => e);
      return at?.getAttribute('data-area') ?? at?.getAttribute('data-hit') ?? at?.getAttribute('data-zone') ?? null;
    };
    for (let i = 1; i < 12; i++)
      for (let j = 1; j < 12; j++) {
        const x = b.left + (b.width * i) / 12;
        const y = b.top + (b.height * j) / 12;
        if (x < map.left + 4 || x > map.right - 4 || y < map.top + 4 || y > map.bottom - 4) continue;
        if (placeAt(x, y) === id) return { x, y };
      }
    return null;
  }, area);
}

/** Drag from the first coastal area the Allies may land in onto a lit partner: one press. */
async function dragLanding(p: Page): Promise<boolean> {
  const first = await p.locator('[data-testid="action-panel"] [data-land]').first().getAttribute('data-land');
  const start = first ? await pointIn(p, first) : null;
  if (!first || !start) return false;
  await p.mouse.move(start.x, start.y);
  await p.mouse.down();
  await p.mouse.move(start.x + 12, start.y + 12, { steps: 3 });
  const partners = await p
    .locator('path.area.pickable')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-area') ?? ''))
    .catch(() => [] as string[]);
  let end: { x: number; y: number } | null = null;
  for (const to of partners) if (!end && to !== first) end = await pointIn(p, to);
  if (end) await p.mouse.move(end.x, end.y, { steps: 8 });
  await p.mouse.up();
  // No partner in sight: the first area stays chosen and the panel's button names the second.
  if (!end) await clickFirst(p, '[data-testid="action-panel"] [data-land-with]');
  return true;
}

/** Where the clicks went: per stage, all seats together. */
type ByStage = Map<string, number>;

async function playRuleset(
  ruleset: 'basic' | 'advanced',
): Promise<{ tally: Record<Faction, Tally>; byStage: ByStage; decidedByStage: ByStage; ubat: Map<string, number> }> {
  /** Ubåt questions a seat was shown, per seat and phase. */
  const ubat = new Map<string, number>();
  const byStage: ByStage = new Map();
  const decidedByStage: ByStage = new Map();
  const ctxs = await Promise.all(SEATS.map(() => newContext(browser, { lang: 'en' })));
  for (const c of ctxs)
    await c.addInitScript(() => {
      // A player's action: each click, and each drag (a press let go elsewhere), counted once even
      // when the browser ends the drag with a click.
      const w = window as unknown as { __clicks: number };
      w.__clicks = 0;
      let down = { x: 0, y: 0 };
      let dragged = false;
      document.addEventListener('pointerdown', (e) => (down = { x: e.clientX, y: e.clientY }), true);
      document.addEventListener(
        'pointerup',
        (e) => {
          if (Math.hypot(e.clientX - down.x, e.clientY - down.y) <= 6) return;
          w.__clicks++;
          dragged = true;
          setTimeout(() => (dragged = false), 0);
        },
        true,
      );
      document.addEventListener('click', () => (dragged ? (dragged = false) : w.__clicks++), true);
    });
  const pages = await Promise.all(ctxs.map((c) => c.newPage()));
  const [g, n, a] = pages as [Page, Page, Page];
  const inv = await createMatch(g, server.url, { name: 'Greta', seat: 'germany', ruleset });
  await g.click('[data-action="to-match"]');
  await joinMatch(n, inv.seats.norway!, 'Nils');
  await joinMatch(a, inv.seats.allies!, 'Alice');
  // Setting the match up is not part of the count.
  const base = await Promise.all(pages.map(clicksOn));
  const tally = Object.fromEntries(SEATS.map((f) => [f, { clicks: 0, forced: 0, decisions: 0, fleetClicks: 0, autoPasses: 0 }])) as Record<
    Faction,
    Tally
  >;
  const started = Date.now();
  let moves = 0;
  let landings = 0;
  let lastStage = '';
  let stuck = 0;
  while (Date.now() - started < LIMIT_MS) {
    const { G, id } = await truth(inv.matchID);
    if (G.result || (ruleset === 'basic' ? G.round > 1 : !G.april9)) break;
    const who = actor(G);
    if (!who) break;
    const i = SEATS.indexOf(who.faction);
    const p = pages[i]!;
    const stage = await panelStage(p);
    if (!stage) {
      await p.waitForTimeout(50);
      continue;
    }
    const forced = onlyPass(G, who.faction) !== null;
    if (forced) {
      // A player waits for the automatic pass; only when it does not come is the click forced.
      const waited = Date.now();
      while (Date.now() - waited < AUTOPASS_DELAY_MS * 10 && (await truth(inv.matchID)).id === id) await p.waitForTimeout(50);
      if ((await truth(inv.matchID)).id !== id) continue;
    }
    // An Ubåt question the page shows (the server's passes never reach here: the page shows none).
    const top = G.prompts.at(-1);
    if (top?.faction === who.faction && (top.kind === 'submarine' || (top.kind === 'april9Window' && top.window === 'submarine'))) {
      const key = `${who.faction} ${G.round}:${G.turn}:${G.phase}`;
      ubat.set(key, (ubat.get(key) ?? 0) + 1);
    }
    if (stage !== lastStage) moves = 0;
    lastStage = stage;
    const before = await clicksOn(p);
    const madeBefore = decisions.get(inv.matchID)?.[who.faction] ?? 0;
    try {
      if (stuck >= 2) await anyDecision(p, stage);
      else {
        const kind = await decide(p, who.faction, stage, moves, landings);
        if (kind === 'move') moves++;
        if (kind === 'land') landings++;
      }
    } catch (e) {
      console.warn(`  ${ruleset} ${who.faction} ${stage}: ${(e as Error).message.split('\n')[0]}`);
    }
    const took = (await clicksOn(p)) - before;
    if (forced) tally[who.faction].forced += took;
    byStage.set(stage, (byStage.get(stage) ?? 0) + took);
    if (stage === 'april9Ships' && who.faction === 'germany') tally.germany.fleetClicks += took;
    // Wait for the server to take the decision (or give up and try the plainest way on).
    const sent = Date.now();
    while (Date.now() - sent < 3000 && (await truth(inv.matchID)).id === id) await p.waitForTimeout(30);
    stuck = (await truth(inv.matchID)).id === id ? stuck + 1 : 0;
    const madeNow = (decisions.get(inv.matchID)?.[who.faction] ?? 0) - madeBefore;
    decidedByStage.set(stage, (decidedByStage.get(stage) ?? 0) + madeNow);
    if (process.env.BENCH_TRACE) console.log(`  ${ruleset} ${who.faction} ${stage}: ${took} clicks, ${madeNow} decisions`);
    if (stuck > 6) throw new Error(`${ruleset}: stuck at ${who.faction} ${stage}`);
  }
  if (Date.now() - started >= LIMIT_MS) console.warn(`  ${ruleset}: stopped after ${LIMIT_MS / 60_000} minutes`);
  const after = await Promise.all(pages.map(clicksOn));
  const made = decisions.get(inv.matchID) ?? { germany: 0, norway: 0, allies: 0 };
  SEATS.forEach((f, k) => {
    tally[f].clicks = after[k]! - base[k]!;
    tally[f].decisions = made[f];
    tally[f].autoPasses = autoPasses.get(inv.matchID)?.[f] ?? 0;
  });
  for (const c of ctxs) await c.close();
  return { tally, byStage, decidedByStage, ubat };
}

try {
  // BENCH_RULESETS=basic plays the basic game alone.
  const rulesets = (['basic', 'advanced'] as const).filter((r) => (process.env.BENCH_RULESETS ?? 'basic,advanced').split(',').includes(r));
  for (const ruleset of rulesets) {
    const t0 = Date.now();
    const { tally, byStage, decidedByStage, ubat } = await playRuleset(ruleset);
    const what = ruleset === 'basic' ? 'the first round' : 'the 9. April turn';
    console.log(`\n${ruleset} game, ${what} (${((Date.now() - t0) / 1000).toFixed(0)} s):`);
    console.log('  seat       decisions  clicks  clicks/decision  forced Pass/End clicks  automatic passes');
    let d = 0;
    let c = 0;
    for (const f of SEATS) {
      const s = tally[f];
      d += s.decisions;
      c += s.clicks;
      console.log(
        `  ${f.padEnd(10)} ${String(s.decisions).padStart(9)} ${String(s.clicks).padStart(7)} ${(s.clicks / Math.max(1, s.decisions)).toFixed(2).padStart(16)} ${String(s.forced).padStart(23)} ${String(s.autoPasses).padStart(17)}`,
      );
    }
    console.log(`  ${'all'.padEnd(10)} ${String(d).padStart(9)} ${String(c).padStart(7)} ${(c / Math.max(1, d)).toFixed(2).padStart(16)}`);
    const stages = [...byStage].sort((x, y) => y[1] - x[1]).map(([st, n]) => `${st} ${n}/${decidedByStage.get(st) ?? 0}`);
    console.log(`  clicks/decisions by stage: ${stages.join(', ')}`);
    const asked = [...ubat.values()];
    console.log(
      `  Ubåt questions per seat and phase, answered "Not this phase": at most ${asked.length ? Math.max(...asked) : 0} (${asked.length} phase(s) with one)`,
    );
    if (ruleset === 'advanced') console.log(`  Germany's clicks to place its 9. April fleet: ${tally.germany.fleetClicks}`);
  }
} finally {
  await browser.close();
  await server.stop('bench end');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
