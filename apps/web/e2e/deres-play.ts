/**
 * How the Deres browser tests play: what a person looks at on the page (the highlighted squares, the
 * supplies and capitals drawn on the map) and the choice a sensible player makes from it, with every
 * click counted. Only the page's DOM is read; the server's state is left to the tests.
 */
import type { Page } from 'playwright-core';

export interface Sq {
  x: number;
  y: number;
}
export const sq = (s: string): Sq => {
  const [x, y] = s.split(',').map(Number);
  return { x: x!, y: y! };
};
export const at = (p: Sq) => `${p.x},${p.y}`;
/** A square as the page names it (the map's edges, orders, the log): column letter, row number (C7). */
export const squareName = (p: Sq) => `${String.fromCharCode(65 + p.x)}${p.y + 1}`;
/** Squares apart, diagonals counting one (as the map's neighbours do). */
export const dist = (a: Sq, b: Sq) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
const nearest = (p: Sq, to: Sq[]) => (to.length ? Math.min(...to.map((q) => dist(p, q))) : 0);

export const board = (p: Page) => p.locator('[data-testid="deres-board"]');
export const attr = async (p: Page, name: string) => (await board(p).getAttribute(name)) ?? '';
export const logLength = async (p: Page) => Number(await attr(p, 'data-log'));

/** The squares highlighted for clicking now. */
export const targets = (p: Page) =>
  p.locator('g[data-square][data-target="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-square')!));
export const supplies = async (p: Page) =>
  (await p.locator('[data-testid="deres-map"] [data-supply]').evaluateAll((els) => els.map((e) => e.getAttribute('data-supply')!))).map(sq);
export const capitals = async (p: Page) =>
  (
    await p
      .locator('[data-testid="deres-map"] [data-capital]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-capital')!, e.getAttribute('data-at')!] as const))
  ).map(([seat, a]) => ({ seat, at: sq(a) }));
export const regiments = (p: Page) =>
  p.locator('[data-testid="deres-map"] [data-regiment]').evaluateAll((els) => els.map((e) => e.getAttribute('data-regiment')!));

/** Clicks counted per page and per phase: how much a person has to do. */
export class Clicks {
  readonly counts = new Map<string, number>();
  async click(p: Page, i: number, phase: string, selector: string) {
    await p.locator(selector).first().click();
    const k = `${phase}:${i}`;
    this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
  }
  square(p: Page, i: number, phase: string, s: Sq) {
    return this.click(p, i, phase, `g[data-square="${at(s)}"][data-target="true"]`);
  }
  total(phase: string) {
    let n = 0;
    for (const [k, v] of this.counts) if (k.startsWith(`${phase}:`)) n += v;
    return n;
  }
}

/** Best by the score (lowest first); ties go to the first in reading order. */
export function best(cands: Sq[], score: (s: Sq) => number): Sq | undefined {
  return [...cands].sort((a, b) => score(a) - score(b) || a.y - b.y || a.x - b.x)[0];
}

/**
 * A set-up square for a player who wants a short war and rich ground: supplies close together near
 * the top edge, capitals beside as many supplies and as close to the other capitals as can be.
 */
export async function setupChoice(p: Page, phase: string, mySeat: string): Promise<Sq | undefined> {
  const t = (await targets(p)).map(sq);
  const sup = await supplies(p);
  if (phase === 'placeSupplies') {
    if (!sup.length) return best(t, (s) => s.y * 100 + s.x);
    const cx = sup.reduce((a, s) => a + s.x, 0) / sup.length;
    const cy = sup.reduce((a, s) => a + s.y, 0) / sup.length;
    return best(t, (s) => Math.hypot(s.x - cx, s.y - cy));
  }
  const others = (await capitals(p)).filter((c) => c.seat !== mySeat).map((c) => c.at);
  const beside = (s: Sq) => sup.filter((q) => dist(q, s) === 1).length;
  return best(t, (s) => -beside(s) * 100 + nearest(s, others) + (others.length ? 0 : s.y));
}
