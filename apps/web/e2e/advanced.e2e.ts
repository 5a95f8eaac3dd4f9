/**
 * The advanced game end to end, through the UI only: Germany creates an advanced match, Norway and
 * the Allies join, a spectator watches. The three pages play the whole 9. April turn with the choices
 * the UI offers (keep N of M cards, Norway's opening, ships placed face down by a click on the map,
 * every window, landings, land combats, mobilisation, reinforcements), then sail into the first
 * ordinary turns until a naval combat is fought. At every quiet moment no page holds the name or id
 * of another faction's face-down ship (read from the server's true state).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FACTIONS, ship, type Faction, type GameState } from '@kon/game';
import {
  anyDecision,
  clickFirst,
  panelStage,
  createMatch,
  cspViolations,
  finishSteps,
  joinMatch,
  newContext,
  shot,
  DOCS,
  useWebRig,
} from './helpers';

const rig = useWebRig();

/** Ship ids and names `viewer` must not see: other factions' face-down ships and reserves. */
function secretsFor(G: GameState, viewer: Faction | null): string[] {
  const ids = [
    ...G.ships.filter((s) => !s.faceUp && s.owner !== viewer).map((s) => s.id),
    ...FACTIONS.filter((f) => f !== viewer).flatMap((f) => G.shipReserve[f]),
  ];
  return ids.flatMap((id) => [id, ship(id).name]);
}

interface Seat {
  page: Page;
  faction: Faction | null;
}
/** The page whose action panel is up and settled, or null while the server works. */
async function actingPage(seats: Seat[]): Promise<{ seat: Seat; stage: string } | null> {
  for (const seat of seats) {
    const stage = await panelStage(seat.page);
    if (stage) return { seat, stage };
  }
  return null;
}

describe('the advanced game through the UI', () => {
  it('plays the 9. April turn with three seats and a spectator; no page names a face-down enemy ship', async () => {
    const errors: string[] = [];
    const gCtx = await newContext(rig.browser, { lang: 'en' });
    const nCtx = await newContext(rig.browser, { lang: 'no' });
    const aCtx = await newContext(rig.browser, { lang: 'en' });
    const sCtx = await newContext(rig.browser, { lang: 'en' });
    const g = await gCtx.newPage();
    const n = await nCtx.newPage();
    const a = await aCtx.newPage();
    const s = await sCtx.newPage();
    for (const [name, p] of [
      ['g', g],
      ['n', n],
      ['a', a],
      ['s', s],
    ] as const)
      p.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));

    const inv = await createMatch(g, rig.base, { name: 'Greta', seat: 'germany', ruleset: 'advanced' });
    await expect.poll(() => g.locator('[data-testid="ruleset"]').getAttribute('data-ruleset')).toBe('advanced');
    await g.click('[data-action="to-match"]');
    await g.locator('[data-testid="waiting-room"] [data-testid="ruleset"]').waitFor();
    expect(await g.locator('[data-testid="waiting-room"] [data-testid="ruleset"]').textContent()).toContain('Advanced game');
    await joinMatch(n, inv.seats.norway!, 'Nils');
    await joinMatch(a, inv.seats.allies!, 'Alice');
    await s.goto(inv.spectator);
    await s.locator('[data-testid="banner"]').waitFor();
    await g.locator('[data-testid="a9-choice"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => s.locator('[data-testid="banner"]').textContent()).toContain('choosing 9 April cards');
    await shot(g, 'advanced-card-choice');

    const seats: Seat[] = [
      { page: g, faction: 'germany' },
      { page: n, faction: 'norway' },
      { page: a, faction: 'allies' },
      { page: s, faction: null },
    ];
    const checkPrivacy = async (why: string) => {
      const G = await rig.trueState(inv.matchID);
      for (const seat of seats) {
        const html = await seat.page.content();
        for (const secret of secretsFor(G, seat.faction))
          expect(html.includes(secret), `${why}: ${seat.faction ?? 'spectator'} sees ${secret}`).toBe(false);
      }
      return G;
    };

    let placedShot = false;
    let mapClicks = 0;
    let germanGroups = 0;
    let landings = 0;
    let navalShot = false;
    let interceptShot = false;
    let april9Intercepts = 0;
    let april9Naval = 0;
    let checks = 0;
    const stagesSeen = new Set<string>();
    const shotsTaken = new Set<string>();
    for (let step = 0; step < 600; step++) {
      let acting: Awaited<ReturnType<typeof actingPage>> = null;
      for (let wait = 0; wait < 100 && !acting; wait++) {
        acting = await actingPage(seats);
        if (!acting) await g.waitForTimeout(100);
      }
      expect(acting, `nobody acts after ${[...stagesSeen].join(', ')}`).not.toBeNull();
      const { seat, stage } = acting!;
      const p = seat.page;
      stagesSeen.add(stage);
      if (step % 15 === 0 || stage === 'april9Window' || stage.startsWith('naval')) {
        await checkPrivacy(stage);
        checks++;
      }
      if (!shotsTaken.has(stage) && (stage === 'april9Window' || stage === 'april9Deploy' || stage === 'april9Landing')) {
        shotsTaken.add(stage);
        await p.locator('[data-testid="action-panel"]').scrollIntoViewIfNeeded();
        await shot(p, `advanced-${seat.faction}-${stage}`);
      }
      const status = (await g.locator('[data-testid="match-status"]').textContent()) ?? '';
      const april9 = /9 April/.test(status);
      if (!april9 && (navalShot || step > 450)) break;

      switch (stage) {
        case 'april9Choose': {
          // A keepable set is ticked from the start; change one card, then keep.
          const boxes = p.locator('[data-keep]');
          const want = seat.faction === 'germany' ? 5 : 3;
          await boxes.first().waitFor();
          expect(await p.locator('[data-keep]:checked').count()).toBe(want);
          await p.locator('[data-keep]:checked').first().uncheck();
          await p.locator('[data-keep]:not(:checked):not([disabled])').last().check();
          await p.click('[data-action="keep"]');
          break;
        }
        case 'april9Ships': {
          // A group is picked from the start and its zones are lit: click a highlighted sea zone,
          // spreading the groups over the zones offered (so that several zones are contested).
          const zones = p.locator('path.sea.pickable');
          await zones.first().waitFor();
          // The picture once Germany's first group lies on the map and the next type is picked.
          if (!placedShot && seat.faction === 'germany' && germanGroups >= 1) {
            await p.locator('[data-testid="action-panel"]').scrollIntoViewIfNeeded();
            fs.mkdirSync(DOCS, { recursive: true });
            await p.screenshot({ path: path.join(DOCS, 'web-advanced-ship-placement.png') });
            await shot(p, 'advanced-ship-placement');
            placedShot = true;
          }
          await zones.nth(mapClicks % (await zones.count())).dispatchEvent('click');
          mapClicks++;
          if (seat.faction === 'germany') germanGroups++;
          break;
        }
        case 'april9Landing':
          if (landings < 3 && (await p.locator('[data-adv="landShips"]').count()) > 0) {
            await p.click('[data-adv="landShips"]');
            await finishSteps(p);
            landings++;
          } else await p.click('[data-action="endPhase"]');
          break;
        case 'movement':
        case 'sailOn': {
          // Ordinary turns: sail towards the enemy until a naval combat is fought; then end the phase.
          if (!april9 && (await p.locator('[data-adv="sail"]').count()) > 0 && step < 450) {
            await p.locator('[data-adv="sail"]').first().click();
            await finishSteps(p);
          } else if (!(await clickFirst(p, '[data-adv="anchor"]'))) await clickFirst(p, '[data-action="endPhase"]');
          break;
        }
        case 'intercept': {
          // Both choices are offered (from the legal moves); on 9 April the banner says why nobody sailed.
          expect(await p.locator('[data-adv="intercept-no"]').count()).toBe(1);
          if (april9) {
            const lang9 =
              seat.faction === 'norway'
                ? /9\. april: .*havområde (I|II|III|IV|V|VI|VII|VIII)\b.*avskjære/
                : /9 April: .*sea zone (I|II|III|IV|V|VI|VII|VIII)\b.*intercept/;
            await expect.poll(() => p.locator('[data-testid="banner"]').textContent()).toMatch(lang9);
            await expect
              .poll(() => s.locator('[data-testid="banner"]').textContent())
              .toMatch(/9 April: ships of both sides lie in sea zone .* deciding whether to try an interception/);
            expect(await p.locator('[data-adv="intercept-no"]').textContent()).toMatch(/Do not intercept|Ikke avskjær/);
            if (!interceptShot) {
              await p.locator('[data-testid="action-panel"]').scrollIntoViewIfNeeded();
              fs.mkdirSync(DOCS, { recursive: true });
              await p.screenshot({ path: path.join(DOCS, 'web-advanced-april9-interception.png') });
              interceptShot = true;
            }
            april9Intercepts++;
          }
          await p.click('[data-adv="intercept-yes"]');
          break;
        }
        default: {
          if (april9 && stage.startsWith('naval')) {
            // A naval combat of 9 April: the banner names its sea zone, for the acting seat and the spectator.
            await expect
              .poll(() => p.locator('[data-testid="banner"]').textContent())
              .toMatch(
                /(Naval combat in sea zone|Sjøslag i havområde) (I|II|III|IV|V|VI|VII|VIII)\b|chased ship|bortjagede|German cards|tyske kort|naval combat|sjøslag/i,
              );
            april9Naval++;
          }
          await anyDecision(p, stage);
          break;
        }
      }
      if (!navalShot && (await s.locator('[data-testid="naval-panel"] [data-die]').count()) > 0) {
        fs.mkdirSync(DOCS, { recursive: true });
        await s.screenshot({ path: path.join(DOCS, 'web-advanced-naval-combat.png') });
        await s.locator('[data-testid="naval-panel"]').screenshot({ path: path.join(DOCS, 'web-advanced-naval-panel.png') });
        await shot(g, 'advanced-naval-germany');
        navalShot = true;
      }
    }
    await checkPrivacy('end');
    for (const st of ['april9Choose', 'april9Deploy', 'april9Ships', 'april9Window', 'april9Landing', 'reinforcement'])
      expect(stagesSeen.has(st), st).toBe(true);
    // The 9. April turn is over: Germany's first ordinary turn has begun.
    expect(await g.locator('[data-testid="match-status"]').textContent()).not.toMatch(/9 April/);
    expect(placedShot).toBe(true);
    // The ships the UI places lie together in some zone, so 9 April stops for interceptions and a naval combat.
    expect(april9Intercepts).toBeGreaterThan(0);
    expect(interceptShot).toBe(true);
    expect(april9Naval).toBeGreaterThan(0);
    expect(checks).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    for (const ctx of [gCtx, nCtx, aCtx, sCtx]) expect(cspViolations(ctx)).toEqual([]);
    console.log(
      `advanced e2e: stages ${[...stagesSeen].join(', ')}; 9 April interceptions ${april9Intercepts}, naval decisions ${april9Naval}; naval combat screenshot: ${navalShot}`,
    );
  });
});

describe('the advanced game in the two-player plan', () => {
  it('one browser chooses the 9. April cards and places the ships of Norway and the Allies; Germany sees neither', async () => {
    const errors: string[] = [];
    const gCtx = await newContext(rig.browser, { lang: 'en' });
    const naCtx = await newContext(rig.browser, { lang: 'en' });
    const g = await gCtx.newPage();
    const na = await naCtx.newPage();
    for (const [name, p] of [
      ['g', g],
      ['na', na],
    ] as const)
      p.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
    const inv = await createMatch(g, rig.base, { name: 'Greta', plan: 'two', seat: 'germany', ruleset: 'advanced' });
    expect(Object.keys(inv.seats).sort()).toEqual(['germany', 'norway+allies']);
    await g.click('[data-action="to-match"]');
    await joinMatch(na, inv.seats['norway+allies']!, 'Nora');

    const seats: Seat[] = [
      { page: g, faction: 'germany' },
      { page: na, faction: null },
    ];
    /** Secrets of each page: the two-player page may know Norway's and the Allies' own, never Germany's. */
    const checkPrivacy = async (why: string) => {
      const G = await rig.trueState(inv.matchID);
      const gHtml = await g.content();
      for (const secret of secretsFor(G, 'germany')) expect(gHtml.includes(secret), `${why}: Germany sees ${secret}`).toBe(false);
      const both = new Set(secretsFor(G, 'norway'));
      const naHtml = await na.content();
      for (const secret of secretsFor(G, 'allies').filter((x) => both.has(x)))
        expect(naHtml.includes(secret), `${why}: Norway+Allies see ${secret}`).toBe(false);
    };
    const actingFaction = async (p: Page) =>
      /\bf-(germany|norway|allies)\b/.exec((await p.locator('[data-testid="banner"]').getAttribute('class')) ?? '')?.[1] as
        | Faction
        | undefined;

    const chose = new Set<Faction>();
    const placed = new Set<Faction>();
    let switched = false;
    for (let step = 0; step < 200; step++) {
      let acting: Awaited<ReturnType<typeof actingPage>> = null;
      for (let wait = 0; wait < 100 && !acting; wait++) {
        acting = await actingPage(seats);
        if (!acting) await g.waitForTimeout(100);
      }
      expect(acting, `nobody acts after ${[...chose].join()} / ${[...placed].join()}`).not.toBeNull();
      const { seat, stage } = acting!;
      const p = seat.page;
      const faction = await actingFaction(p);
      expect(faction, 'the banner names the faction that acts').toBeDefined();
      if (seat.page === na) expect(['norway', 'allies']).toContain(faction);
      else expect(faction).toBe('germany');
      if (seat.page === na && (await na.locator('.banner-switch').count()) > 0) switched = true;
      if (step % 10 === 0) await checkPrivacy(`${stage} ${faction}`);
      // Done once both of the two-player page's factions have placed their ships and the turn went on.
      if (placed.has('norway') && placed.has('allies') && stage !== 'april9Ships') break;

      switch (stage) {
        case 'april9Choose': {
          // Tick cards in order until the selection is a legal one (the button says so).
          const boxes = p.locator('[data-keep]');
          const keep = p.locator('[data-action="keep"]');
          // A fresh choice for each faction: its own preselection, nothing carried over from the page's other faction.
          await boxes.first().waitFor();
          const own = faction === 'germany' ? 5 : 3;
          expect(await p.locator('[data-keep]:checked').count(), `${faction} starts with its own cards ticked`).toBe(own);
          for (let i = 0; i < (await boxes.count()) && !(await keep.isEnabled()); i++) await boxes.nth(i).check();
          if (seat.page === na) {
            // The other side of this page waits for it, by name.
            await expect.poll(() => g.locator('[data-testid="banner"]').textContent()).toMatch(/Waiting for (Norway|the Allies)/);
          }
          await keep.click();
          chose.add(faction!);
          await p
            .locator('[data-action="keep"]')
            .waitFor({ state: 'detached' })
            .catch(() => undefined);
          break;
        }
        case 'april9Ships': {
          const zone = p.locator('path.sea.pickable').first();
          await zone.waitFor({ timeout: 2000 }).catch(() => undefined);
          if ((await zone.count()) > 0) await zone.dispatchEvent('click');
          else await finishSteps(p);
          placed.add(faction!);
          if (seat.page === na && placed.size === 1 && faction !== 'germany') await shot(na, `advanced-two-player-${faction}-ships`);
          break;
        }
        default: {
          await anyDecision(p, stage);
          break;
        }
      }
    }
    await checkPrivacy('end');
    expect([...chose].sort()).toEqual(['allies', 'germany', 'norway']);
    expect(placed.has('norway') && placed.has('allies') && placed.has('germany')).toBe(true);
    // The page said when it changed from one of its factions to the other.
    expect(switched).toBe(true);
    expect(errors).toEqual([]);
    for (const ctx of [gCtx, naCtx]) expect(cspViolations(ctx)).toEqual([]);
  });
});
