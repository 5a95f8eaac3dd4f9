import { uniformOf } from '../src/bots/module-bots.js';
import { parseAction, perform } from '../src/engine/actions.js';
import { index } from '../src/engine/board.js';
import { emptyOrders, startRound } from '../src/engine/flow.js';
import type { Rng } from '../src/engine/kernel.js';
import { createInitialState } from '../src/engine/setup.js';
import type { DeresState, NationId, Orders, Pos, Seat } from '../src/types.js';

/** A small seeded generator (mulberry32) for tests: the computer players' own. */
export const uniform = uniformOf;

export function seededRng(seed: number): Rng {
  const u = uniform(seed);
  return {
    d12: () => 1 + Math.floor(u() * 12),
    shuffle: <T>(xs: T[]) => {
      const a = [...xs];
      for (let i = a.length - 1; i > 0; i--) {
        const j = Math.floor(u() * (i + 1));
        [a[i], a[j]] = [a[j]!, a[i]!];
      }
      return a;
    },
  };
}

/** A die that gives the listed results in turn (then 12s). */
export function fixedRng(rolls: number[]): Rng {
  const q = [...rolls];
  return { d12: () => q.shift() ?? 12, shuffle: <T>(xs: T[]) => [...xs] };
}

/** Seats that must act now. */
export function actors(G: DeresState): Seat[] {
  if (G.result) return [];
  if (G.setupTurn !== null) return [G.setupTurn];
  return G.mustSubmit.filter((s) => G.submitted[s] === false);
}

/** Three nations with their capitals at the board's west, east and north edges (the tests' usual table). */
export const THREE_NATIONS: { nations: NationId[]; capitals: Pos[] } = {
  nations: ['gul', 'rod', 'lilla'],
  capitals: [
    { x: 0, y: 7 },
    { x: 9, y: 7 },
    { x: 5, y: 0 },
  ],
};

/**
 * A match past set-up on a plain board of `width`×`height` squares of height 0 (`rows` may give
 * squares as in data/terrain: height digit then '.', 'h' or 'w'), with capitals where given. Starts in
 * round 1's buy phase with `supplies` each.
 */
export function table(opts: {
  nations: NationId[];
  capitals: Pos[];
  width?: number;
  height?: number;
  rows?: string[];
  supplies?: number;
  maxRounds?: number;
}): DeresState {
  const players = opts.nations.length;
  const nations = Object.fromEntries(opts.nations.map((n, i) => [String(i), n]));
  const G = createInitialState(players, { nations, maxRounds: opts.maxRounds ?? null }, fixedRng([]));
  const width = opts.rows ? opts.rows[0]!.length / 2 : (opts.width ?? 10);
  const height = opts.rows ? opts.rows.length : (opts.height ?? 8);
  G.board = { width, height, squares: [] };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const code = opts.rows ? opts.rows[y]!.slice(x * 2, x * 2 + 2) : '0.';
      G.board.squares.push({ h: Number(code[0]), water: code[1] === 'w', hill: code[1] === 'h' });
    }
  G.mapSupplies = Array(width * height).fill(0);
  G.slots = G.slots.map((s) => ({ ...s, tile: 'eng' }));
  G.pile = [];
  G.drawn = null;
  G.firstPlayer = '0';
  opts.capitals.forEach((c, i) => {
    G.capitals[String(i)] = { x: c.x, y: c.y, destroyed: false };
    G.nations[String(i)]!.supplies = opts.supplies ?? 2;
  });
  G.setupTurn = null;
  startRound(G);
  return G;
}

export function addRegiment(G: DeresState, owner: Seat, p: Pos): string {
  const id = `r${G.nextId++}`;
  G.regiments.push({ id, owner, x: p.x, y: p.y, born: 0, firedIn: 0 });
  G.nations[owner]!.pool--;
  return id;
}
export function addFort(G: DeresState, owner: Seat, p: Pos, castle = false): string {
  const id = `f${G.nextId++}`;
  G.forts.push({ id, owner, x: p.x, y: p.y, castle, born: 0, upgrades: 0, firedIn: 0 });
  G.nations[owner]!.fortStock--;
  return id;
}
export function putSupply(G: DeresState, p: Pos, k = 1): void {
  G.mapSupplies[index(G.board, p)] = k;
}

/** Submit orders for a seat (null: the empty submission). */
export function order(G: DeresState, seat: Seat, o: Orders | null, rng: Rng = fixedRng([])): void {
  if (o) perform(G, seat, parseAction('submitOrders', o), rng);
  else perform(G, seat, parseAction('submitEmpty', {}), rng);
}
export function act(G: DeresState, seat: Seat, type: string, args: unknown, rng: Rng = fixedRng([])): void {
  perform(G, seat, parseAction(type, args), rng);
}

/** Everyone still asked submits nothing, until the phase is `phase` (or the game ends). */
export function passUntil(G: DeresState, phase: DeresState['phase'], rng: Rng = fixedRng([]), limit = 50): void {
  for (let i = 0; i < limit && G.phase !== phase && !G.result; i++) {
    const a = actors(G);
    if (!a.length) throw new Error(`nobody to act in ${G.phase}`);
    for (const s of a) if (G.phase !== phase) order(G, s, null, rng);
  }
  if (G.phase !== phase && !G.result) throw new Error(`never reached ${phase}`);
}
export { emptyOrders };

export const EMPTY_BUY = { kind: 'buy', regiments: [], forts: [], upgrades: 0, fortUpgrades: [], loan: false, repay: 0 } as const;
export const buy = (o: Partial<Omit<import('../src/types.js').BuyOrders, 'kind'>>) =>
  ({ ...EMPTY_BUY, ...o }) as import('../src/types.js').BuyOrders;
