import { describe, expect, it } from 'vitest';
import { randomMove } from '../src/bots/random.js';
import { parseAction, perform } from '../src/engine/actions.js';
import { createInitialState } from '../src/engine/setup.js';
import { viewFor } from '../src/engine/view.js';
import { clockMove } from '../src/game.js';
import { actors, seededRng, uniform } from './helpers.js';

describe('views', () => {
  it('never hold another seat’s unrevealed orders, nor spectators any; the box stays hidden', () => {
    let checked = 0;
    for (const players of [2, 3, 4]) {
      const rng = seededRng(players);
      const u = uniform(players * 5);
      const G = createInitialState(players, { maxRounds: 4 }, rng);
      while (!G.result) {
        const a = actors(G);
        const seat = a[Math.floor(u() * a.length)]!;
        const m = randomMove(G, seat, u)!;
        perform(G, seat, parseAction(m.move, m.args[0]), rng);
        for (const viewer of [...G.seats, null]) {
          // The view is the same whatever the other seats have ordered: it cannot reveal it.
          const blind = { ...G, orders: Object.fromEntries(G.seats.map((s) => [s, s === viewer ? G.orders[s]! : null])) };
          expect(viewFor(G, viewer)).toEqual(viewFor(blind, viewer));
          if (viewer !== null) expect(viewFor(G, viewer).myOrders).toEqual(G.orders[viewer] ?? null);
          if (G.seats.some((s) => s !== viewer && G.orders[s])) checked++;
          if (G.pile.length > 1) expect(JSON.stringify(viewFor(G, viewer))).not.toContain(JSON.stringify(G.pile));
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('gives the clock a move for whoever the game waits for', () => {
    const rng = seededRng(9);
    const G = createInitialState(3, { maxRounds: 2 }, rng);
    for (let i = 0; i < 500 && !G.result; i++) {
      const seat = actors(G)[0]!;
      const m = clockMove(G, seat)!;
      expect(m).not.toBeNull();
      perform(G, seat, parseAction(m.move, m.args[0]), rng);
    }
    expect(G.result).not.toBeNull();
    expect(clockMove(G, '0')).toBeNull();
  });
});
