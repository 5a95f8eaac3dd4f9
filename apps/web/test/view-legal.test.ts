// @vitest-environment node
/**
 * The client computes its choices from the filtered view it receives, not from the full state. This
 * checks, over random games, that the legal moves of the acting faction are the same on both.
 */
import { describe, expect, it } from 'vitest';
import { actor, legalActions, legalMoves, viewFor } from '@kon/game';
import { playRandomGame } from './engine';

describe('legal moves from the filtered view', () => {
  for (const seed of [1, 7, 42]) {
    it(`match the full state's over a random game (seed ${seed})`, () => {
      let checked = 0;
      const stages = new Set<string>();
      playRandomGame({
        seed,
        maxActions: 700,
        afterAction: (G) => {
          const a = actor(G);
          if (!a) return;
          stages.add(a.stage);
          const full = legalActions(G, a.faction).map((x) => JSON.stringify({ move: x.type, args: [x.args] }));
          const pid = { germany: '0', norway: '1', allies: '2' }[a.faction];
          const fromView = legalMoves(viewFor(G, a.faction) as never, undefined, pid).map((x) => JSON.stringify(x));
          expect(fromView).toEqual(full);
          // A spectator's view offers nothing, whoever acts.
          expect(legalMoves(viewFor(G, null) as never, undefined, null)).toEqual([]);
          checked++;
        },
      });
      expect(checked).toBeGreaterThan(100);
      expect(stages.has('attackerCards')).toBe(true);
    });
  }

  // The advanced game: ship ids the view hides must not change what the acting faction may do.
  for (const seed of [3, 8]) {
    it(`match the full state's over a random advanced game (seed ${seed})`, () => {
      let checked = 0;
      const stages = new Set<string>();
      playRandomGame({
        seed,
        setup: { ruleset: 'advanced' },
        maxActions: 900,
        afterAction: (G) => {
          const a = actor(G);
          if (!a) return;
          stages.add(a.stage);
          const full = legalActions(G, a.faction).map((x) => JSON.stringify({ move: x.type, args: [x.args] }));
          const pid = { germany: '0', norway: '1', allies: '2' }[a.faction];
          const fromView = legalMoves(viewFor(G, a.faction) as never, undefined, pid).map((x) => JSON.stringify(x));
          expect(fromView, a.stage).toEqual(full);
          expect(legalMoves(viewFor(G, null) as never, undefined, null)).toEqual([]);
          checked++;
        },
      });
      expect(checked).toBeGreaterThan(300);
      for (const s of ['april9Choose', 'april9Ships', 'april9Landing', 'intercept', 'sailOn']) expect(stages.has(s), s).toBe(true);
    }, 60_000);
  }
});
