/**
 * Playing comfortably, in three browsers: undo of a move (the button and Ctrl+Z, and the others see
 * the move vanish from the log); looking back at the board from the log; stepping through a finished
 * match and its downloaded record; a rematch in one click that takes every player along; and a public
 * match found and joined from the home page. Matches are finished fast by driving moves through the
 * server's move path (apps/server/test/play-out.ts).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createMatch, joinMatch, newContext, shot, DOCS, useWebRig, waitStage, click } from './helpers';
import { playOut } from '../../server/test/play-out';

const rig = useWebRig();

const logCount = (p: Page) => p.locator('[data-testid="log"] li').count();

async function narvikMatch(langs: ('en' | 'no')[] = ['en', 'en', 'en']) {
  const pages: Page[] = [];
  for (const lang of langs) pages.push(await (await newContext(rig.browser, { lang })).newPage());
  const [g, n, a] = pages as [Page, Page, Page];
  const inv = await createMatch(g, rig.base, { name: 'Greta', seat: 'germany', ruleset: 'scenario:narvik' });
  await click(g, '[data-action="to-match"]');
  await joinMatch(n, inv.seats.norway!, 'Nils');
  await joinMatch(a, inv.seats.allies!, 'Alice');
  await waitStage(g, 'movement');
  return { g, n, a, inv };
}

describe('undo, history, replay and rematch in the browser', () => {
  it('takes a move back, looks back from the log, steps through the finished match, and starts a rematch', async () => {
    const errors: string[] = [];
    const { g, n, a, inv } = await narvikMatch(['en', 'no', 'en']);
    for (const p of [g, n, a]) p.on('pageerror', (e) => errors.push(e.message));
    const id = inv.matchID;

    // ---- Undo: Germany moves, sees Undo (Norway does not), takes it back; Norway's log loses the line.
    const linesBefore = await logCount(n);
    expect(await g.locator('[data-action="undo"]').count()).toBe(0);
    await g.locator('path[data-area="mosjoen"]').click({ force: true });
    await click(g, '[data-dest="mo-i-rana"]');
    await expect.poll(async () => (await rig.trueState(id)).units['mo-i-rana']?.germany ?? 0).toBe(1);
    await g.locator('[data-action="undo"]').waitFor();
    await expect.poll(() => logCount(n)).toBe(linesBefore + 1);
    expect(await n.locator('[data-action="undo"]').count()).toBe(0);
    await click(g, '[data-action="undo"]');
    await expect.poll(async () => (await rig.trueState(id)).units['mo-i-rana']?.germany ?? 0).toBe(0);
    await expect.poll(() => logCount(n)).toBe(linesBefore);
    await expect.poll(() => g.locator('[data-action="undo"]').count()).toBe(0);
    // The same with Ctrl+Z.
    await g.locator('path[data-area="mosjoen"]').click({ force: true });
    await click(g, '[data-dest="mo-i-rana"]');
    await g.locator('[data-action="undo"]').waitFor();
    await g.keyboard.press('Control+z');
    await expect.poll(async () => (await rig.trueState(id)).units['mo-i-rana']?.germany ?? 0).toBe(0);
    await expect.poll(() => logCount(a)).toBe(linesBefore);

    // ---- Play on to near the end through the server, then look back from the log.
    await playOut(rig.server.transport, id, { seed: 3, until: (_G, moves) => moves >= 12 });
    await expect.poll(() => logCount(n)).toBeGreaterThan(linesBefore + 3);
    const firstLine = n.locator('[data-testid="log"] li[data-entry="0"] button.log-pick');
    await firstLine.click();
    await n.locator('[data-testid="history-bar"]').waitFor();
    await expect.poll(() => n.locator('[data-testid="history-bar"]').textContent()).toMatch(/logglinje 1 av \d+/);
    // The past board is the set-up's: Germany has its battalion back in Mosjøen.
    const live = await rig.trueState(id);
    expect(live.round).toBeGreaterThan(0);
    await click(n, '[data-action="history-back"]');
    await expect.poll(() => n.locator('[data-testid="history-bar"]').count()).toBe(0);

    // ---- Finish the match: every page shows the result with its offers.
    const final = await playOut(rig.server.transport, id, { seed: 3 });
    expect(final.result).not.toBeNull();
    for (const p of [g, n, a]) await p.locator('[data-testid="result"] [data-testid="after-game"]').waitFor();

    // Download the record from the result screen.
    const [download] = await Promise.all([
      g.waitForEvent('download'),
      g.locator('[data-testid="result"] [data-action="download"]').click(),
    ]);
    const file = await download.path();
    const record = JSON.parse(fs.readFileSync(file!, 'utf8'));
    expect(record.format).toBe('kampen-om-norge/record');
    expect(record.result).toEqual(final.result);

    // ---- Step through the finished match (Allies' page): it opens at the end.
    await a.locator('[data-testid="result"] [data-action="replay"]').click();
    await a.waitForURL(new RegExp(`/m/${id}/replay$`));
    await a.locator('[data-testid="replay-viewer"]').waitFor();
    const n_moves = record.moves.length;
    const pos = a.locator('[data-testid="replay-pos"]');
    expect(await pos.textContent()).toContain(`Move ${n_moves} of ${n_moves}`);
    await click(a, '[data-step="first"]');
    expect(await pos.textContent()).toContain('The setup');
    // Every hand is open at the start, as the set-up dealt it.
    const setup = (await rig.server.storage.fetch(id, { initialState: true })).initialState!.G as typeof final;
    for (const f of ['germany', 'norway', 'allies'] as const) {
      const shown = await a
        .locator(`[data-testid="replay-hands"] [data-faction="${f}"] [data-card]`)
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
      expect(shown).toEqual(setup.hands[f]);
    }
    await click(a, '[data-step="next"]');
    expect(await pos.textContent()).toContain(`Move 1 of ${n_moves}`);
    await a.keyboard.press('ArrowRight');
    await a.keyboard.press('ArrowRight');
    expect(await pos.textContent()).toContain(`Move 3 of ${n_moves}`);
    await a.keyboard.press('ArrowLeft');
    expect(await pos.textContent()).toContain(`Move 2 of ${n_moves}`);
    await a.keyboard.press('End');
    expect(await pos.textContent()).toContain(`Move ${n_moves} of ${n_moves}`);
    await click(a, '[data-step="prev"]');
    expect(await pos.textContent()).toContain(`Move ${n_moves - 1} of ${n_moves}`);
    for (let i = 0; i < Math.min(8, n_moves - 2); i++) await a.keyboard.press('ArrowLeft');
    await a.waitForTimeout(300);
    await shot(a, 'web-replay-viewer', DOCS);

    // The downloaded record opens in the viewer too (a fourth browser with no seat).
    const v = await (await newContext(rig.browser, { lang: 'en' })).newPage();
    await v.goto(`${rig.base}/replay`);
    await v.locator('[data-testid="replay-file"]').setInputFiles(file!);
    await v.locator('[data-testid="replay-viewer"]').waitFor();
    expect(await v.locator('[data-testid="replay-pos"]').textContent()).toContain(`Move ${n_moves} of ${n_moves}`);
    // A changed record is refused.
    const bad = `${file!}.bad.json`;
    fs.writeFileSync(bad, JSON.stringify({ ...record, moves: record.moves.slice(0, -1) }));
    await v.goto(`${rig.base}/replay`);
    await v.locator('[data-testid="replay-file"]').setInputFiles(bad);
    await v.locator('[data-testid="replay-error"]').waitFor();
    fs.writeFileSync(bad, JSON.stringify({ ...record, seed: { not: 'a seed' } }));
    await v.goto(`${rig.base}/replay`);
    await v.locator('[data-testid="replay-file"]').setInputFiles(bad);
    expect(await v.locator('[data-testid="replay-error"]').textContent()).toContain('seed');

    // ---- Rematch in one click from Germany's result screen; Norway's page follows by itself.
    await g.locator('[data-testid="result"] [data-action="rematch"]').click();
    await g.waitForURL((u) => /\/m\/[^/]+$/.test(u.pathname) && !u.pathname.includes(id));
    const next = /\/m\/([^/]+)$/.exec(new URL(g.url()).pathname)![1]!;
    await n.waitForURL(new RegExp(`/m/${next}$`), { timeout: 15_000 });
    // Same plan, scenario and seats, and the game is on at once: Germany acts again.
    await waitStage(g, 'movement');
    const G2 = await rig.trueState(next);
    expect(G2.scenario?.id).toBe('narvik');
    expect(G2.round).toBe(1);
    const info = await (await fetch(`${rig.base}/api/matches/${next}`)).status;
    expect(info).toBe(404); // still private: no token, no view
    await expect.poll(() => n.locator('[data-testid="side-name-germany"] .presence-name').textContent()).toBe('Greta');
    expect(await n.locator('[data-testid="side-name-allies"] .presence-name').textContent()).toBe('Alice');
    expect(errors).toEqual([]);
  }, 240_000);

  it('finds a public match on the home page and joins it', async () => {
    const host = await (await newContext(rig.browser, { lang: 'en' })).newPage();
    await host.goto(`${rig.base}/`);
    await host.fill('input[name=name]', 'Hanne');
    await host.check('input[name=ruleset][value="scenario:gudbrandsdalen"]');
    await host.check('input[name=plan][value=two]');
    await host.check('input[name=seat][value="germany"]');
    await host.check('input[name=visibility][value=public]');
    await host.click('button[type=submit]');
    await host.waitForURL(/\/m\/[^/]+\/invite$/);
    const id = /\/m\/([^/]+)\/invite/.exec(host.url())![1]!;

    const guest = await (await newContext(rig.browser, { lang: 'no' })).newPage();
    await guest.goto(`${rig.base}/`);
    const row = guest.locator(`[data-testid="public-matches"] [data-match="${id}"]`);
    await row.waitFor();
    expect(await row.locator('[data-testid="ruleset"]').getAttribute('data-scenario')).toBe('gudbrandsdalen');
    expect(await row.textContent()).toContain('Hanne');
    // Germany is taken; only Norway and the Allies can be joined, once a name is typed.
    expect(await row.locator('[data-join-seat]').count()).toBe(1);
    expect(await row.locator('[data-join-seat="norway+allies"]').isDisabled()).toBe(true);
    await guest.fill('input[name=name]', 'Gunnar');
    await row.scrollIntoViewIfNeeded();
    await shot(guest, 'web-public-lobby');
    await row.locator('[data-join-seat="norway+allies"]').click();
    await guest.waitForURL(new RegExp(`/m/${id}$`));
    const v = await (await fetch(`${rig.base}/api/matches/${id}`)).json();
    expect(v.seats.map((s: any) => [s.seat, s.members.map((m: any) => m.name)])).toEqual([
      ['germany', ['Hanne']],
      ['norway+allies', ['Gunnar']],
    ]);
    // Full now: it leaves the list.
    const other = await (await newContext(rig.browser, { lang: 'en' })).newPage();
    await other.goto(`${rig.base}/`);
    await other.locator('[data-testid="public-matches"]').waitFor();
    await other.waitForTimeout(500);
    expect(await other.locator(`[data-match="${id}"]`).count()).toBe(0);
    await shot(guest, 'web-public-joined');
  }, 120_000);
});
