// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * The Easy bot decides from its own seat's view only. Types: easyBot takes a FactionView, and a
 * GameState does not fit one (compile-time, the ts-expect-error below). At run time it refuses a
 * full state and a spectator's view. And behaviour: with everything the seat may not know changed
 * (other hands, draw piles, other factions' face-down ships), it decides exactly the same.
 */
import { describe, it, expect } from 'vitest';
import { FACTIONS } from '../src/types.js';
import { viewFor } from '../src/engine/view.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { createInitialState } from '../src/engine/setup.js';
import { easyBot, easyDecision, legalFromView } from '../src/bots/index.js';
import { playBotGame } from '../src/testing/bot-game.js';
import { seededRng } from '../src/testing/rng.js';
import { atEveryNthDecision, scrambleSecrets } from './bots-helpers.js';

describe('Easy bot sees only its own view', () => {
  it('cannot be handed the full state or a spectator view', () => {
    const G = createInitialState({ ruleset: 'basic' }, seededRng(1));
    const legal = legalActions(G, actor(G)!.faction);
    // @ts-expect-error a GameState is not a FactionView: the full state cannot be passed by mistake.
    expect(() => easyBot({ view: G, legal, rng: seededRng(2) })).toThrow(/FactionView/);
    expect(() => easyBot({ view: viewFor(G, null), legal, rng: seededRng(2) })).toThrow(/seat/);
  });

  for (const ruleset of ['basic', 'advanced'] as const) {
    it(`${ruleset}: decides the same when the secrets it may not see are changed`, () => {
      let compared = 0;
      let secretsDiffered = 0;
      atEveryNthDecision(ruleset, [3, 4], 7, (G, f, step, seed) => {
        const S = scrambleSecrets(G, f);
        if (!S) return;
        const others = FACTIONS.filter((o) => o !== f);
        if (others.some((o) => S.hands[o].join() !== G.hands[o].join())) secretsDiffered++;
        // Legality from the view is legality from the state (the bot lists moves from its view).
        expect(legalFromView(viewFor(G, f))).toEqual(legalActions(G, f));
        // The view shares objects with the state: deciding must change neither.
        const untouched = JSON.stringify(G);
        const a = easyDecision(viewFor(G, f), seededRng(step));
        expect(JSON.stringify(G)).toBe(untouched);
        const b = easyDecision(viewFor(S, f), seededRng(step));
        expect(b, `seed ${seed}, step ${step}, ${f}`).toEqual(a);
        compared++;
      });
      // The comparison must have happened often, and with other hands really different.
      expect(compared).toBeGreaterThan(50);
      expect(secretsDiffered).toBeGreaterThan(20);
    }, 180_000);
  }

  it('is deterministic given its seed: the same game twice is the same game', () => {
    const log = (seed: number) => {
      const moves: string[] = [];
      playBotGame({
        seed,
        ruleset: 'basic',
        seats: { germany: 'easy', norway: 'easy', allies: 'easy' },
        afterAction: (_G, f, a) => moves.push(`${f}:${JSON.stringify(a)}`),
      });
      return moves;
    };
    const first = log(11);
    expect(log(11)).toEqual(first);
    expect(first.length).toBeGreaterThan(100);
  });
});
