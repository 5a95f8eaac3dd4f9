/**
 * Following the computer's play: one person (Germany) against Norway and the Allies played by the
 * computer (normal), two rounds at the server's own pacing. Every move, attack and placement the computer makes
 * is marked on the map (its areas outlined in the side's colour) and summed up in the banner, and a
 * whole computer phase takes seconds, not one long pause per piece. Prints the longest computer phase.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Faction, GameState, LogEntry } from '@kon/game';
import { areaName } from '../src/games/kon/game/data';
import { click, createSoloMatch, DOCS, newContext, panelStage, shot, useWebRig, waitStage } from './helpers';

// The server's default pacing (BOT_MOVE_DELAY_MS, BOT_NEXT_MOVE_DELAY_MS): what is measured is what people get.
const rig = useWebRig({});

const COMPUTER: Faction[] = ['norway', 'allies'];
/** Rounds played: the second has more to place than the first. */
const ROUNDS = 2;
const NAMES: Record<Faction, string> = { germany: 'Germany', norway: 'Norway', allies: 'The Allies' };
/** What makes the summary name a computer side. */
const NAMED = new Set(['turnStarts', 'move', 'attack', 'reinforced', 'landed', 'cardPlayed']);
/** What the person (Germany) may log in this test: its march, and a retreat or card when asked. */
const PERSON = new Set(['move', 'attack', 'reinforced', 'retreated', 'cardPlayed', 'traded', 'discarded', 'airlift', 'seaMove']);

async function answer(page: Page, stage: string) {
  for (const sel of [
    '[data-action="pass"]',
    '[data-action="endPhase"]',
    '[data-testid="action-panel"] .button-grid button',
    '[data-testid="action-panel"] button.primary',
  ]) {
    const el = page.locator(sel).first();
    if ((await el.count()) > 0 && (await el.isVisible()) && (await el.isEnabled())) {
      await el.click();
      return;
    }
  }
  throw new Error(`no way to answer stage ${stage}`);
}

/**
 * The computer's moves, attacks, landings and placements since the person last decided, read from the
 * server's log, and a check that the page marks every area they touched and names them in its summary.
 */
async function checkMarks(page: Page, matchID: string): Promise<number> {
  const log = (await rig.server.storage.fetchHistory(matchID, 0)) as LogEntry[];
  // Since the person's last decision, and at most a round (three turns) back.
  let start = 0;
  let turns = 0;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i]!.faction === 'germany' && PERSON.has(log[i]!.event)) {
      start = i + 1;
      break;
    }
    if (log[i]!.event === 'turnStarts' && ++turns === 3) {
      start = i;
      break;
    }
  }
  const done = log.slice(start).filter((e) => e.faction && COMPUTER.includes(e.faction));
  let checked = 0;
  for (const e of done) {
    const d = e.data ?? {};
    const areas =
      e.event === 'move' || e.event === 'attack'
        ? [String(d.from), String(d.to)]
        : e.event === 'reinforced'
          ? [String(d.area)]
          : e.event === 'landed'
            ? (d.areas as string[])
            : [];
    for (const a of areas) {
      await page.locator(`[data-follow="${a}"]`).first().waitFor({ state: 'attached', timeout: 15_000 });
      checked++;
    }
  }
  // The line names each side that acted, what it attacked, and where and how many it placed.
  const wanted: (string | RegExp)[] = [];
  for (const f of COMPUTER) {
    const own = done.filter((e) => e.faction === f);
    // A side is named once it had its turn or did something (not for dice or a phase change alone).
    if (!own.some((e) => NAMED.has(e.event))) continue;
    wanted.push(NAMES[f]);
    const placed = own.filter((e) => e.event === 'reinforced');
    if (placed.length) wanted.push(`placed ${placed.reduce((s, e) => s + Number(e.data?.count ?? 0), 0)} in`);
    for (const e of placed) wanted.push(areaName(String(e.data?.area)));
    for (const e of own.filter((x) => x.event === 'attack')) wanted.push(areaName(String(e.data?.to)));
    if (own.some((e) => e.event === 'move')) wanted.push(/moved \d+ battalions?/);
  }
  const summary = page.locator('[data-testid="computer-summary"]');
  const missing = async () => {
    const text = (await summary.count()) ? ((await summary.textContent()) ?? '') : '';
    return wanted.filter((w) => (typeof w === 'string' ? !text.includes(w) : !w.test(text))).map(String);
  };
  await expect.poll(missing, { timeout: 15_000 }).toEqual([]);
  return checked;
}

describe('following the computer', () => {
  it('marks each computer move on the map and sums it up, and a computer phase takes seconds', async () => {
    const page = await (await newContext(rig.browser, { lang: 'en', width: 1440, height: 1000 })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Nobody to invite: straight into the game, no waiting room.
    const matchID = await createSoloMatch(page, rig.base, 'normal');
    await waitStage(page, 'movement');
    // Nothing of the computer's yet: no marks, no summary.
    expect(await page.locator('[data-follow]').count()).toBe(0);
    expect(await page.locator('[data-testid="computer-summary"]').count()).toBe(0);

    const before = await rig.trueState(matchID);
    const from = Object.keys(before.units).find((a) => (before.units[a]?.germany ?? 0) > 0 && a !== 'sea')!;
    await page.locator(`path[data-area="${from}"]`).click({ force: true });
    const dest = page.locator('[data-dest]').first();
    if ((await dest.count()) > 0) await dest.click();
    await click(page, '[data-action="endPhase"]');

    // Each phase of a computer side's turn, from first seen to gone (polled about every 0.2 s).
    const phases: { key: string; ms: number }[] = [];
    let current: { key: string; since: number } | null = null;
    const load0 = os.loadavg()[0]!;
    const checked = new Set<string>();
    let marked = 0;
    const deadline = Date.now() + 330_000;
    for (;;) {
      const G: GameState = await rig.trueState(matchID);
      // A phase of a computer side's turn, whole: with the windows the person answers in between.
      const key = COMPUTER.includes(G.turn) && !G.result ? `${G.turn} r${G.round} ${G.phase}` : null;
      if (current && current.key !== key) {
        phases.push({ key: current.key, ms: Date.now() - current.since });
        current = null;
      }
      if (key && !current) current = { key, since: Date.now() };
      if (G.round > ROUNDS && G.turn === 'germany') break;
      expect(G.result, 'the game ended early').toBeNull();
      if (Date.now() > deadline) throw new Error(`round ${ROUNDS} did not end: ${G.round} ${G.turn} ${G.phase}`);
      // Norway's turn is over once the Allies' begins, and theirs once Germany's begins: every move
      // the computer made is marked then.
      const turn = `${G.round} ${G.turn}`;
      if ((G.turn === 'allies' || (G.turn === 'germany' && G.round > 1)) && !checked.has(turn)) {
        checked.add(turn);
        marked += await checkMarks(page, matchID);
      }
      const st = await panelStage(page);
      if (st) await answer(page, st);
      await page.waitForTimeout(120);
    }
    await waitStage(page, 'movement');
    // Germany to move again: what Norway and the Allies did is on the map and in the banner.
    marked += await checkMarks(page, matchID);
    expect(checked.size, 'every computer turn was checked').toBe(2 * ROUNDS - 1);
    expect(marked, 'the computer moved or placed something').toBeGreaterThan(0);
    await shot(page, 'web-computer-follow', DOCS);
    const longest = phases.reduce((m, p) => (p.ms > m.ms ? p : m), { key: '-', ms: 0 });
    console.log(
      `computer phases: ${phases.map((p) => `${p.key} ${(p.ms / 1000).toFixed(1)} s`).join('; ')}\n` +
        `longest: ${longest.key} ${(longest.ms / 1000).toFixed(1)} s; ${os.cpus().length} cores, load average ${load0.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`,
    );
    expect(errors).toEqual([]);
  }, 400_000);
});
