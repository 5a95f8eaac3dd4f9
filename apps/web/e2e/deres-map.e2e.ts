// @module-tag slow
/**
 * Orders given on the Deres map, at laptop (1366 × 800, English) and phone size (390 × 844,
 * Norwegian): after the set-up, pieces and inventions are laid on the stored board (the match is
 * asleep then: nobody connected), and each page gives one order of every kind it holds (buy, build,
 * move, shoot, and each invention that gives an order) by clicking lit squares only. Each order is
 * drawn (an arrow, a cross-hair line with the roll needed, a ghost piece) and named in the order list
 * with square names; one is changed and one removed; every lit square's orders are asked of the engine
 * (none refused). The whole board is in sight at 1366 × 800 without scrolling, and axe-core finds
 * nothing serious or critical.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { whyNoOrders, type DeresState, type Orders, type Pos } from '@kon/deres';
import { DOCS, joinMatch, newContext, shot, useWebRig } from './helpers';
import { attr, board, logLength } from './deres-play';
import { seriousViolations } from './axe';

const SETUP = ['chooseNation', 'buildMap', 'placeSupplies', 'placeCapital'];
const name = (p: Pos) => `${String.fromCharCode(65 + p.x)}${p.y + 1}`;
const sq = (s: string): Pos => {
  const [x, y] = s.split(',').map(Number);
  return { x: x!, y: y! };
};

/**
 * Where the test position goes: a row of five land squares with land above and below, free of pieces
 * and away from capitals (the left three take the pieces, the rest leave room to move). Most maps have
 * one; on the few that don't (water, or the oval's narrow ends, in the way) the first such window of the
 * board's squares that is merely clear of pieces and capitals is made flat dry land, so the position
 * can be laid on any map the set-up builds.
 */
function room(G: DeresState): Pos {
  const { width, height, squares } = G.board;
  const at = (x: number, y: number) => (x >= 0 && y >= 0 && x < width && y < height ? squares[y * width + x] : null);
  const clear = (x: number, y: number) =>
    !!at(x, y) &&
    !Object.values(G.capitals).some((c) => c && Math.max(Math.abs(c.x - x), Math.abs(c.y - y)) <= 1) &&
    !G.regiments.some((r) => r.x === x && r.y === y) &&
    !G.forts.some((f) => f.x === x && f.y === y);
  const window = (x: number, y: number) => [0, 1, 2, 3, 4].flatMap((k) => [-1, 0, 1].map((d) => ({ x: x + k, y: y + d })));
  const starts: Pos[] = [];
  for (let y = 1; y < height - 1; y++) for (let x = 1; x + 5 < width; x++) starts.push({ x, y });
  const land = starts.find((p) => window(p.x, p.y).every((q) => clear(q.x, q.y) && !at(q.x, q.y)!.water));
  if (land) return land;
  const any = starts.find((p) => window(p.x, p.y).every((q) => clear(q.x, q.y)));
  if (!any) throw new Error('no room on this map for the test position');
  const h = Math.min(...window(any.x, any.y).map((q) => at(q.x, q.y)!.h));
  for (const q of window(any.x, any.y)) squares[q.y * width + q.x] = { h, water: false, hill: false };
  return any;
}

/** Lays what the orders need on the stored board: regiments face to face, a fort, supplies, inventions. */
function prepare(G: DeresState) {
  let nextId = G.nextId;
  const reg = (owner: string, x: number, y: number) => {
    G.regiments.push({ id: `r${nextId++}`, owner, x, y, born: 0, firedIn: 0 });
    G.nations[owner]!.pool--;
  };
  // Seat 0 on the left of the row, seat 1 beside it.
  const { x, y } = room(G);
  reg('0', x, y);
  reg('0', x, y + 1);
  G.forts.push({ id: `f${nextId++}`, owner: '0', x, y: y - 1, castle: false, born: 0, upgrades: 0, firedIn: 0 });
  G.nations['0']!.fortStock--;
  reg('1', x + 1, y);
  reg('1', x + 2, y);
  reg('1', x + 1, y + 1);
  G.nextId = nextId;
  for (const s of ['0', '1']) G.nations[s]!.supplies = 30;
  G.nations['0']!.inventions = ['I', 'V', 'VIII', 'IX', 'III', 'IV', 'VI', 'X'];
  G.inventionBag = G.inventionBag.filter((i) => !G.nations['0']!.inventions.includes(i));
}

describe('Deres map: orders given on the map', () => {
  const rig = useWebRig();

  it('gives every kind of order by clicks on lit squares, at laptop and phone size', async () => {
    const base = rig.base;
    const created = await (
      await fetch(`${base}/api/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'deres-uenighet', plan: 'two' }),
      })
    ).json();
    const id = created.matchID as string;
    const pages: Page[] = [];
    const sizes = [
      { lang: 'en' as const, width: 1366, height: 800 },
      { lang: 'no' as const, width: 390, height: 844 },
    ];
    for (const [i, s] of (created.links.seats as { token: string }[]).entries()) {
      const page = await (await newContext(rig.browser, sizes[i]!)).newPage();
      page.on('pageerror', (e) => console.log(`page ${i} error:`, e.message));
      await joinMatch(page, `${base}/m/${id}/join#${s.token}`, `P${i + 1}`);
      pages.push(page);
    }
    for (const p of pages) await board(p).waitFor({ timeout: 30_000 });
    const [laptop, phone] = pages as [Page, Page];
    const phase = () => attr(laptop, 'data-phase');

    // ---- Set-up: whoever's turn it is clicks the first thing offered.
    for (let guard = 0; guard < 80 && SETUP.includes(await phase()); guard++) {
      let acted = false;
      for (const p of pages) {
        const panel = p.locator('[data-testid="deres-setup"]');
        if ((await panel.count()) === 0) continue;
        const before = await logLength(laptop);
        const nation = panel.locator('button[data-nation]');
        if (await nation.count()) await nation.first().click();
        else if (await p.locator('rect[data-slot][data-target="true"]').count())
          await p.locator('rect[data-slot][data-target="true"]').first().click();
        else await p.locator('g[data-square][data-target="true"]').first().click();
        await expect.poll(() => logLength(laptop), { timeout: 15_000 }).toBeGreaterThan(before);
        acted = true;
        break;
      }
      if (!acted) await laptop.waitForTimeout(100);
    }
    expect(await phase()).toBe('buy');

    // ---- The position: laid on the stored board while nobody is connected (the match then sleeps).
    // (The server forgets a match nobody is connected to; retried until both pages show the position.)
    let laid = false;
    for (let attempt = 0; attempt < 5 && !laid; attempt++) {
      for (const p of pages) await p.goto('about:blank');
      await laptop.waitForTimeout(1000 + attempt * 1000);
      const stored = (await rig.server.storage.fetch(id, { state: true })) as unknown as { state: { G: DeresState; _stateID: number } };
      if (!stored.state.G.regiments.length) prepare(stored.state.G);
      // A new state id: the store keeps only states newer than the one it holds.
      stored.state._stateID++;
      await rig.server.storage.setState(id, stored.state as never);
      for (const p of pages) {
        await p.goto(`${base}/m/${id}`);
        await board(p).waitFor({ timeout: 30_000 });
      }
      laid = true;
      for (const p of pages) if ((await p.locator('[data-testid="deres-map"] [data-regiment]').count()) < 4) laid = false;
      console.log(`position laid on attempt ${attempt + 1}: ${laid}`);
    }
    expect(laid).toBe(true);
    const truth = async () => (await rig.trueState(id)) as unknown as DeresState;

    /** Every lit square's orders, asked of the engine: none refused. Returns the lit squares. */
    const litChecked = async (p: Page, seat: string): Promise<string[]> => {
      const lit = await p
        .locator('g[data-square][data-lit="true"]')
        .evaluateAll((els) => els.map((e) => [e.getAttribute('data-square')!, e.getAttribute('data-order')] as const));
      const G = await truth();
      for (const [at, o] of lit) if (o) expect(whyNoOrders(G, seat, JSON.parse(o) as Orders), `${seat} ${at} ${o}`).toBeNull();
      return lit.map(([at]) => at);
    };
    const clickLit = async (p: Page, seat: string, pick = 0): Promise<Pos> => {
      // (The page lights squares once it has drawn the state it just synced: on a loaded machine the
      // first look can come before that.)
      await expect.poll(async () => (await litChecked(p, seat)).length, { message: 'a lit square', timeout: 15_000 }).toBeGreaterThan(0);
      const lit = await litChecked(p, seat);
      const at = lit[Math.min(pick, lit.length - 1)]!;
      await p.locator(`g[data-square="${at}"][data-lit="true"]`).click();
      return sq(at);
    };
    const list = (p: Page) => p.locator('[data-testid="order-list"]').textContent();
    const mode = (p: Page, m: string) => p.locator(`button[data-mode="${m}"]`).click();
    const drawn = (p: Page, kind: string, at: Pos) => p.locator(`[data-drawn="${kind}"][data-to="${at.x},${at.y}"]`).count();

    // ---- Buy, on the laptop: regiment, fort, conscript, slave fort, castle.
    const reg = await clickLit(laptop, '0');
    expect(await drawn(laptop, 'regiment', reg)).toBe(1);
    expect(await list(laptop)).toContain(`New regiment on ${name(reg)}`);
    await mode(laptop, 'fort');
    const fort = await clickLit(laptop, '0');
    expect(await drawn(laptop, 'fort', fort)).toBe(1);
    expect(await list(laptop)).toContain(`New fort on ${name(fort)}`);
    await mode(laptop, 'conscript');
    const con = await clickLit(laptop, '0');
    // One conscript of two: not yet whole, and the panel says so.
    expect(await laptop.locator('[data-testid="orders-why"]').count()).toBe(1);
    // The second goes on another free square beside a fort or the capital: on some maps the set-up
    // builds none is left after the regiment and the first. Then the engine must agree that none is
    // (the page lights exactly what it allows), and the first is taken back.
    const litSoon = await expect
      .poll(async () => (await litChecked(laptop, '0')).length, { timeout: 15_000 })
      .toBeGreaterThan(0)
      .then(
        () => true,
        () => false,
      );
    if (litSoon) {
      const con2 = await clickLit(laptop, '0');
      expect(await list(laptop)).toContain(`Conscript on ${name(con)}`);
      expect(await list(laptop)).toContain(`Conscript on ${name(con2)}`);
    } else {
      const G = await truth();
      const orders = (c: Pos): Orders => ({
        kind: 'buy',
        regiments: [reg],
        forts: [fort],
        upgrades: 0,
        fortUpgrades: [],
        loan: false,
        repay: 0,
        conscripts: [con, c],
      });
      const squares = Array.from(
        { length: G.board.width * G.board.height },
        (_, i): Pos => ({ x: i % G.board.width, y: Math.floor(i / G.board.width) }),
      );
      expect(squares.filter((c) => whyNoOrders(G, '0', orders(c)) === null).map(name)).toEqual([]);
      console.log('no square for a second conscript on this map: the first taken back');
      await laptop.locator('[data-order-item="conscripts0"] [data-action="order-remove"]').click();
      expect(await list(laptop)).not.toContain('Conscript on');
    }
    await mode(laptop, 'slaveFort');
    const slave = await clickLit(laptop, '0');
    expect(await list(laptop)).toContain(`Slave fort on ${name(slave)}`);
    await mode(laptop, 'castle');
    const castle = await clickLit(laptop, '0');
    expect(await list(laptop)).toContain(`becomes a castle`);
    expect(await drawn(laptop, 'castle', castle)).toBe(1);
    // Changed: the regiment is placed anew; removed: the fort.
    await laptop.locator('[data-order-item="regiments0"] [data-action="order-change"]').click();
    const reg2 = await clickLit(laptop, '0', 1);
    expect(await list(laptop)).toContain(`New regiment on ${name(reg2)}`);
    await laptop.locator('[data-order-item="forts0"] [data-action="order-remove"]').click();
    expect(await list(laptop)).not.toContain('New fort on');
    expect(await drawn(laptop, 'fort', fort)).toBe(0);
    expect(await laptop.locator('[data-testid="orders-why"]').count()).toBe(0);
    await litChecked(laptop, '0');
    await shot(laptop, 'deres-buy', DOCS);
    // The whole board in sight at 1366 × 800, without scrolling.
    const box = (await laptop.locator('[data-testid="deres-map"]').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
    expect(await laptop.evaluate(() => window.scrollY)).toBe(0);
    await laptop.locator('[data-action="submit-orders"]').click();
    await laptop.locator('[data-testid="orders-sent"]').waitFor();

    // ---- Buy, on the phone: a regiment, then handed in.
    const preg = await clickLit(phone, '1');
    expect(await list(phone)).toContain(`Nytt regiment på ${name(preg)}`);
    const pbox = (await phone.locator('[data-testid="deres-map"]').boundingBox())!;
    expect(pbox.x + pbox.width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(phone)).toEqual([]);
    let before = await logLength(laptop);
    await phone.locator('[data-action="submit-orders"]').click();
    await expect.poll(() => logLength(laptop), { timeout: 20_000 }).toBeGreaterThan(before);
    await expect.poll(phase, { timeout: 20_000 }).toBe('move');

    // ---- The purchases just revealed appear on both maps, in turn; at once where motion is reduced.
    const appear = (p: Page) => p.locator('[data-testid="drawn-orders"].deres-revealed > g');
    await appear(laptop).first().waitFor();
    // (At least one: on some maps a conscript bought on the same square is drawn there too.)
    expect(await laptop.locator(`.deres-revealed [data-drawn="regiment"][data-to="${reg2.x},${reg2.y}"]`).count()).toBeGreaterThanOrEqual(
      1,
    );
    expect(await phone.locator(`.deres-revealed [data-drawn="regiment"][data-to="${preg.x},${preg.y}"]`).count()).toBeGreaterThanOrEqual(1);
    expect(
      await appear(laptop)
        .first()
        .evaluate((g) => getComputedStyle(g).animationName),
    ).toBe('deres-reveal');
    await phone.emulateMedia({ reducedMotion: 'reduce' });
    expect(
      await appear(phone)
        .first()
        .evaluate((g) => getComputedStyle(g).animationName),
    ).toBe('none');
    await laptop.waitForTimeout(1500); // (only for the picture: the drawing has appeared)
    await shot(laptop, 'deres-revealed');

    // ---- Move, on the laptop: with the explorer, one piece picked and sent to a lit square.
    await laptop.locator('input[name=explorer]').check();
    const pieces = await laptop
      .locator('g[data-square][data-target="true"]:not([data-lit])')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-square')!));
    expect(pieces.length).toBeGreaterThan(0);
    await laptop.locator(`g[data-square="${pieces[0]}"]`).click();
    const to = await clickLit(laptop, '0');
    expect(await laptop.locator(`[data-drawn="move"][data-from="${pieces[0]}"][data-to="${to.x},${to.y}"]`).count()).toBe(1);
    expect(await list(laptop)).toContain(`${name(sq(pieces[0]!))} → ${name(to)}`);
    expect(await list(laptop)).toContain('Explorer this round');
    await litChecked(laptop, '0');
    expect(await seriousViolations(laptop)).toEqual([]);
    // Handed in empty on both sides (the pieces stay face to face for the shooting).
    await laptop.locator('[data-order-item] [data-action="order-remove"]').first().click();
    await laptop.locator('[data-action="submit-empty"]').click();
    before = await logLength(laptop);
    await phone.locator('[data-action="submit-empty"]').click();
    await expect.poll(() => logLength(laptop), { timeout: 20_000 }).toBeGreaterThan(before);
    await expect.poll(phase, { timeout: 20_000 }).toBe('shoot');

    // ---- Shoot, on the laptop: a shot with the roll needed, the sniper, bombardment, artillery, gas.
    await expect.poll(async () => (await laptop.locator('g[data-square][data-target="true"]').count()) > 0, { timeout: 15_000 }).toBe(true);
    const shooter = (await laptop.locator('g[data-square][data-target="true"]:not([data-lit])').first().getAttribute('data-square'))!;
    await laptop.locator(`g[data-square="${shooter}"]`).click();
    const target = await clickLit(laptop, '0');
    const line = laptop.locator(`[data-drawn="shot"][data-from="${shooter}"][data-to="${target.x},${target.y}"]`);
    expect(await line.getAttribute('data-label')).toMatch(/^\d+\+$/);
    expect(await list(laptop)).toContain(`Shot from ${name(sq(shooter))} at ${name(target)}: needs`);
    await laptop.locator('input[name=sniper]').check();
    expect(await list(laptop)).toContain(`Sniper shot from ${name(sq(shooter))} at ${name(target)}`);
    await laptop.locator('input[name=bombard]').check();
    expect(await list(laptop)).toContain('Bombardment');
    await mode(laptop, 'gas');
    const gas = await clickLit(laptop, '0');
    expect(await list(laptop)).toContain(`Mustard gas at ${name(gas)}`);
    await shot(laptop, 'deres-aim', DOCS);
    await mode(laptop, 'artillery');
    const arts = await laptop
      .locator('g[data-square][data-lit="true"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-square')!));
    if (arts.length >= 3) {
      for (let k = 0; k < 3; k++) await clickLit(laptop, '0');
      expect(await list(laptop)).toContain('Artillery at');
    }
    await litChecked(laptop, '0');
    expect(await laptop.locator('[data-testid="orders-why"]').count()).toBe(0);
    await laptop.locator('[data-action="submit-orders"]').click();
    await laptop.locator('[data-testid="orders-sent"]').waitFor();

    // ---- Shoot, on the phone: a shot at the laptop's regiment.
    await expect.poll(async () => (await phone.locator('g[data-square][data-target="true"]').count()) > 0, { timeout: 15_000 }).toBe(true);
    const pshooter = (await phone.locator('g[data-square][data-target="true"]:not([data-lit])').first().getAttribute('data-square'))!;
    await phone.locator(`g[data-square="${pshooter}"]`).click();
    const ptarget = await clickLit(phone, '1');
    expect(await phone.locator(`[data-drawn="shot"][data-to="${ptarget.x},${ptarget.y}"]`).count()).toBe(1);
    expect(await list(phone)).toContain(`Skudd fra ${name(sq(pshooter))} mot ${name(ptarget)}`);
    await shot(phone, 'deres-phone', DOCS);
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
