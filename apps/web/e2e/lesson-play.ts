/**
 * How the lessons' browser test plays a lesson's step: the learner's move done through the page a
 * newcomer sees (the lit target, the action panel's buttons, the hand, the order list), every click
 * counted. The step's move and arguments come from the lesson's data; the page is never told them.
 */
import type { Locator, Page } from 'playwright-core';
import type { LessonStep } from '@kon/platform/lessons';

type Args = Record<string, any>;

export class LessonClicks {
  n = 0;
  async click(l: Locator) {
    await l.first().waitFor({ state: 'visible', timeout: 15_000 });
    await l.first().click();
    this.n++;
  }
  /** A map shape (SVG) clicked where it is, whatever lies over its box's middle. */
  async shape(l: Locator) {
    await l.first().waitFor({ state: 'attached', timeout: 15_000 });
    await l.first().dispatchEvent('click');
    this.n++;
  }
  /** Set a − n + stepper to `n`. */
  async stepper(scope: Locator, n: number) {
    const out = scope.locator('.stepper output').first();
    if ((await out.count()) === 0) return;
    for (let guard = 0; guard < 20; guard++) {
      const now = Number(await out.textContent());
      if (now === n) return;
      await this.click(scope.locator(`.stepper button[aria-label="${now < n ? '+1' : '−1'}"]`));
    }
    throw new Error(`stepper stuck short of ${n}`);
  }
}

const square = (p: Page, s: { x: number; y: number }) => p.locator(`g[data-square="${s.x},${s.y}"]`);
const submit = (p: Page) => p.locator('[data-lesson-target="button:submit"]');
const firstLit = (p: Page) => p.locator('g[data-square][data-target="true"]');

/** Kampen om Norge's basic moves. */
async function konStep(p: Page, c: LessonClicks, move: string, a: Args) {
  switch (move) {
    case 'move': {
      const from = p.locator(`path[data-area="${a.from}"]`);
      await c.shape(from);
      const stack = p.locator('.stack-choice');
      // The step's panel can show while the page still draws the computer's last moves, and a pick
      // made then is dropped: picked again (not counted again) until the stack's chooser shows.
      for (let tries = 0; !(await stack.isVisible()) && tries < 10; tries++) {
        await p.waitForTimeout(500);
        if (!(await stack.isVisible())) await from.first().dispatchEvent('click');
      }
      await stack.waitFor();
      await c.stepper(stack, a.count);
      return c.click(p.locator(`[data-dest="${a.to}"]`));
    }
    case 'endPhase':
      return c.click(p.locator('[data-lesson-target="button:end-phase"]'));
    case 'pass':
      return c.click(p.locator('[data-lesson-target="button:pass"]'));
    case 'playCard': {
      await c.click(p.locator(`[data-testid="hand"] button[data-play="${a.card}"]`));
      const confirm = p.locator('[data-action="confirm-card"]');
      if (await confirm.count()) await c.click(confirm);
      return;
    }
    case 'trade':
      for (const card of a.cards) {
        // One copy: its box ticked; several shown as one card: one more on its counter.
        const face = p.locator(`[data-testid="hand"] [data-copies~="${card}"]`);
        await face.first().waitFor({ timeout: 15_000 });
        if (await face.locator('.trade-check input').count()) await c.click(face.locator('.trade-check input'));
        else await c.click(face.locator('.trade-check .stepper button[aria-label="+1"]'));
      }
      return c.click(p.locator('[data-action="trade"]'));
    case 'place': {
      const box = p.locator('.place-box');
      await box.waitFor();
      await c.stepper(box, a.count);
      return c.click(p.locator(`[data-place="${a.area}"]`));
    }
  }
  return april9Step(p, c, move, a);
}

/** The same value as JSON, a list taken as a set. */
const same = (a: unknown, b: unknown) =>
  JSON.stringify(Array.isArray(a) ? [...a].sort() : a) === JSON.stringify(Array.isArray(b) ? [...b].sort() : b);

/** The 9. April turn's moves (the advanced rules). */
async function april9Step(p: Page, c: LessonClicks, move: string, a: Args) {
  switch (move) {
    case 'chooseApril9': {
      await p.locator('[data-keep]').first().waitFor({ timeout: 15_000 });
      const boxes = await p.locator('[data-keep]').all();
      const want = async (b: Locator) => a.cards.includes(await b.getAttribute('data-keep'));
      // Those not wanted off first: no more than the number kept may be ticked.
      for (const b of boxes) if ((await b.isChecked()) && !(await want(b))) await c.click(b);
      for (const b of boxes) if (!(await b.isChecked()) && (await want(b))) await c.click(b);
      return c.click(p.locator('[data-lesson-target="button:choose-april9"]'));
    }
    case 'placeShips': {
      // Ship by ship ("Particular ships"): the step's group names its ships.
      const groups = p.locator('[data-testid="ship-groups"]');
      await groups.waitFor({ timeout: 15_000 });
      const one = groups.locator('details.ship-one');
      if (!(await one.evaluate((e) => (e as HTMLDetailsElement).open))) await c.click(one.locator('summary'));
      for (const id of a.ships as string[]) await c.click(one.locator(`[data-place-ship="${id}"]`));
      const n = await groups.locator('[data-testid="ships-picked"]').getAttribute('data-count');
      if (Number(n) !== a.ships.length) throw new Error(`picked ${n} ships, the step places ${a.ships.length}`);
      return c.click(groups.locator(`[data-place-zone="${a.zone}"]`));
    }
    case 'intercept':
      return c.click(p.locator(`[data-adv="intercept-${a.attempt ? 'yes' : 'no'}"]`));
    case 'chooseNavalCombat':
      return c.click(p.locator(`[data-adv="chooseNavalCombat"][data-value="${a.zone}"]`));
    case 'raid':
      return c.click(p.locator(`[data-lesson-target="ship:${a.ship}"]`));
    case 'landShips': {
      await c.click(p.locator('[data-adv="landShips"]'));
      for (let guard = 0; guard < 4; guard++) {
        const buttons = p.locator('.adv-step[data-move="landShips"] button[data-step]');
        // The last click lands the ships and the chooser goes: counted a moment before, it may be gone.
        const key = await buttons
          .first()
          .getAttribute('data-step', { timeout: 2_000 })
          .catch(() => null);
        if (key === null) return;
        const values = await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('data-value') ?? ''));
        const k = values.findIndex((v) => same(v.startsWith('[') ? JSON.parse(v) : v, a[key]));
        if (k < 0) throw new Error(`landing: no ${key} ${JSON.stringify(a[key])} among ${values.join(' ')}`);
        await c.click(buttons.nth(k));
        // The chooser moves on to its next question, or goes: not read again before this one has gone.
        await p
          .locator(`.adv-step[data-move="landShips"] button[data-step="${key}"]`)
          .first()
          .waitFor({ state: 'detached', timeout: 10_000 })
          .catch(() => undefined);
      }
      return;
    }
  }
  throw new Error(`no way to play ${move} on the page yet`);
}

/** Deres uenighet's set-up and orders. */
async function deresStep(p: Page, c: LessonClicks, move: string, a: Args) {
  switch (move) {
    case 'chooseNation':
      return c.click(p.locator(`[data-lesson-target="nation:${a.nation}"]`));
    case 'placeTile':
      return c.shape(p.locator(`rect[data-slot="${a.slot}"][data-target="true"]`));
    case 'placeSupply':
    case 'placeCapital':
      return c.shape(square(p, a as { x: number; y: number }).and(p.locator('[data-target="true"]')));
  }
  if (move !== 'submitOrders') throw new Error(`no way to play ${move} on the page yet`);
  const lit = (s: { x: number; y: number }) => square(p, s).and(p.locator('[data-target="true"]'));
  if (a.kind === 'buy') for (const r of a.regiments) await c.shape(lit(r));
  if (a.kind === 'move')
    for (const m of a.moves) {
      await c.shape(firstLit(p));
      await c.shape(lit(m.to));
    }
  if (a.kind === 'shoot') {
    await c.shape(firstLit(p));
    await c.shape(lit(a.shot.target));
  }
  if (a.kind === 'spread') for (const s of a.aims) await c.shape(lit(s));
  return c.click(submit(p));
}

/** Play one learner's step through the page. */
export function playStep(p: Page, c: LessonClicks, game: string, step: LessonStep): Promise<void> {
  return game === 'deres-uenighet' ? deresStep(p, c, step.move, step.args) : konStep(p, c, step.move, step.args);
}

/**
 * Where the step panel and the lit targets lie on the screen: the targets (those in sight) the
 * panel's box overlaps, by their `data-lesson-target`.
 */
export function coveredTargets(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const panel = document.querySelector('[data-testid="lesson-panel"]')?.getBoundingClientRect();
    if (!panel) return [];
    const over = (r: DOMRect) =>
      r.width > 0 && r.height > 0 && r.x < panel.right && panel.x < r.right && r.y < panel.bottom && panel.y < r.bottom;
    // A map shape in sight is the part its map's box shows (a sea zone drawn round the whole board
    // reaches far beyond a zoomed-in view).
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      const svg = el.closest('svg');
      if (!svg || svg === el) return r;
      const b = svg.getBoundingClientRect();
      const x = Math.max(r.x, b.x);
      const y = Math.max(r.y, b.y);
      return new DOMRect(x, y, Math.max(0, Math.min(r.right, b.right) - x), Math.max(0, Math.min(r.bottom, b.bottom) - y));
    };
    return [...document.querySelectorAll('.lesson-lit')]
      .filter((el) => over(shown(el)))
      .map((el) => el.getAttribute('data-lesson-target') ?? el.tagName);
  });
}
