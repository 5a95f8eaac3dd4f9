/**
 * Placing Germany's 9. April fleet by groups, through the UI against two computer sides: the card
 * choice is preselected (one click keeps it), a group of ships is picked from the start with its sea
 * zones lit, and one click on a zone places the whole group. Every click on the page is counted;
 * the server's true state must hold each ship in the zone its group was sent to. In the basic game a
 * stack dragged onto a destination moves there whole in one gesture.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { actor, type GameState } from '@kon/game';
import { createSoloMatch, newContext, useWebRig, waitStage } from './helpers';

// The computer sides wait 1.5 s before each move: long enough for the test to read the state right
// after Germany's last group, before a card of theirs turns a dummy face up (see `placed` below).
const rig = useWebRig({ BOT_MOVE_DELAY_MS: '1500' });

const clicks = (p: Page) => p.evaluate(() => (window as unknown as { __clicks?: number }).__clicks ?? 0);

describe('placing the 9. April fleet by groups', () => {
  it('places all 17 German ships in at most 8 clicks, each in the zone its group was sent to', async () => {
    const ctx = await newContext(rig.browser, { lang: 'en' });
    await ctx.addInitScript(() => {
      const w = window as unknown as { __clicks: number };
      w.__clicks = 0;
      document.addEventListener('click', () => w.__clicks++, true);
    });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const matchID = await createSoloMatch(page, rig.base, 'easy', 'advanced');

    // The card choice: a keepable set is ticked already; Keep is the one click.
    await waitStage(page, 'april9Choose');
    const beforeKeep = await clicks(page);
    await page.click('[data-action="keep"]');
    expect((await clicks(page)) - beforeKeep).toBe(1);

    await waitStage(page, 'april9Ships', 60_000);
    const G0 = await rig.trueState(matchID);
    expect(actor(G0)).toEqual({ faction: 'germany', stage: 'april9Ships' });
    expect(G0.shipReserve.germany).toHaveLength(17);

    const start = await clicks(page);
    const sentTo = new Map<string, string>();
    // The state right after the last group was placed: the computer sides play on after that, and a
    // card of theirs may rightly turn a dummy face up before the checks below could read it.
    let placed: GameState | undefined;
    for (let group = 0; group < 17; group++) {
      const G = await rig.trueState(matchID);
      if (G.shipReserve.germany.length === 0) break;
      // A group is picked and its zones are lit before any click.
      const picked = await page
        .locator('[data-testid="ships-picked"] [data-ship]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-ship')!));
      expect(picked.length).toBeGreaterThan(0);
      const zones = page.locator('path.sea.pickable');
      expect(await zones.count()).toBeGreaterThan(0);
      const zone = (await zones.nth((group * 3) % (await zones.count())).getAttribute('data-zone'))!;
      await zones.nth((group * 3) % (await zones.count())).dispatchEvent('click');
      for (const id of picked) sentTo.set(id, zone);
      await expect
        .poll(
          async () => {
            placed = await rig.trueState(matchID);
            return placed.shipReserve.germany.length;
          },
          { timeout: 10_000 },
        )
        .toBe(G.shipReserve.germany.length - picked.length);
      if (G.shipReserve.germany.length > picked.length) await waitStage(page, 'april9Ships');
    }
    const used = (await clicks(page)) - start;
    expect(used).toBeLessThanOrEqual(8);

    const G = placed!;
    expect(G.shipReserve.germany).toEqual([]);
    expect(sentTo.size).toBe(17);
    for (const [id, zone] of sentTo)
      expect(
        G.ships.find((s) => s.id === id),
        id,
      ).toMatchObject({ owner: 'germany', at: zone, faceUp: false });
    // Spread over more than one zone: the groups went where they were sent, not all to one place.
    expect(new Set(sentTo.values()).size).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('moving a stack in one gesture', () => {
  it('a stack dragged onto a lit destination moves there whole: one press, one move', async () => {
    const ctx = await newContext(rig.browser, { lang: 'en' });
    await ctx.addInitScript(() => {
      const w = window as unknown as { __presses: number };
      w.__presses = 0;
      document.addEventListener('pointerdown', () => w.__presses++, true);
    });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const matchID = await createSoloMatch(page, rig.base, 'easy');
    await waitStage(page, 'movement', 30_000);
    const G0 = await rig.trueState(matchID);
    const presses = () => page.evaluate(() => (window as unknown as { __presses: number }).__presses);
    const before = await presses();

    // Press on a German stack and carry it: its destinations light while it is carried.
    const from = (await page.locator('path.area.source').first().getAttribute('data-area'))!;
    const start = (await page.locator(`circle.hit[data-hit="${from}"]`).boundingBox())!;
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 + 15, start.y + start.height / 2 + 10, { steps: 3 });
    await page.locator('[data-dest]').first().waitFor();
    const dests = await page.locator('[data-dest]').evaluateAll((els) => els.map((e) => e.getAttribute('data-dest')!));
    const map = (await page.locator('svg.board-svg').boundingBox())!;
    let to: string | null = null;
    for (const d of dests) {
      const b = await page.locator(`circle.hit[data-hit="${d}"]`).boundingBox();
      if (!b || b.x < map.x || b.y < map.y || b.x + b.width > map.x + map.width || b.y + b.height > map.y + map.height) continue;
      to = d;
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
      break;
    }
    expect(to).not.toBeNull();
    await page.mouse.up();

    // The whole stack went there (a move, or an attack on an enemy there), and the view did not pan instead.
    const n = G0.units[from]?.germany ?? 0;
    const went = async () => {
      const G = await rig.trueState(matchID);
      const attack = G.attacks.find((x) => x.from === from && x.target === to && x.faction === 'germany');
      return attack ? attack.count : (G.units[to!]?.germany ?? 0) - (G0.units[to!]?.germany ?? 0);
    };
    await expect.poll(went, { timeout: 10_000 }).toBe(n);
    expect((await rig.trueState(matchID)).units[from]?.germany ?? 0).toBe(0);
    expect((await presses()) - before).toBe(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
