// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * The Normal bot decides from its seat's view only: it refuses the full state and a spectator view,
 * and with every secret of the real state scrambled (other hands, draw piles, other factions'
 * face-down ships) it decides exactly the same. Its decision is a function of view, legal list, rng
 * and budget; it is a real search (it overrules Easy where its playouts say so); the registry
 * names both strengths.
 */
import { describe, it, expect } from 'vitest';
import { viewFor } from '../src/engine/view.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { createInitialState } from '../src/engine/setup.js';
import { BOTS, botFor, easyBot, normalBot, legalFromView } from '../src/bots/index.js';
import { playBotGame } from '../src/testing/bot-game.js';
import { styled } from '../src/bots/normal.js';
import { seededRng } from '../src/testing/rng.js';
import { atEveryNthDecision, scrambleSecrets } from './bots-helpers.js';

const SMALL = { iterations: 8, candidates: 3, steps: 4, searchMovement: true };

describe('Normal bot sees only its own view', () => {
  it('cannot be handed the full state or a spectator view; answers a lone legal action at once', () => {
    const G = createInitialState({ ruleset: 'basic' }, seededRng(1));
    const f = actor(G)!.faction;
    const legal = legalActions(G, f);
    // @ts-expect-error a GameState is not a FactionView
    expect(() => normalBot({ view: G, legal, rng: seededRng(2) })).toThrow(/FactionView/);
    expect(() => normalBot({ view: viewFor(G, null), legal, rng: seededRng(2) })).toThrow(/seat/);
    expect(normalBot({ view: viewFor(G, f), legal: [legal[0]!], rng: seededRng(2) })).toBe(legal[0]);
    expect(() => normalBot({ view: viewFor(G, f), legal: [], rng: seededRng(2) })).toThrow(/no legal action/);
  });

  it('is picked by strength name', () => {
    expect(BOTS.easy).toBe(easyBot);
    expect(BOTS.normal).toBe(normalBot);
    expect(botFor('normal')).toBe(normalBot);
  });

  for (const ruleset of ['basic', 'advanced'] as const) {
    it(`${ruleset}: decides the same when the secrets it may not see are changed, and the same twice`, () => {
      let compared = 0;
      let secretsDiffered = 0;
      let overruledEasy = 0;
      atEveryNthDecision(ruleset, [3, 4], 9, (G, f, step, seed) => {
        const S = scrambleSecrets(G, f);
        if (!S) return;
        if ((['germany', 'norway', 'allies'] as const).some((o) => o !== f && S.hands[o].join() !== G.hands[o].join())) secretsDiffered++;
        const view = viewFor(G, f);
        const legal = legalFromView(view);
        const untouched = JSON.stringify(G);
        const a = normalBot({ view, legal, rng: seededRng(step), budget: SMALL });
        expect(JSON.stringify(G)).toBe(untouched);
        expect(legal).toContain(a);
        const again = normalBot({ view: viewFor(G, f), legal: legalFromView(viewFor(G, f)), rng: seededRng(step), budget: SMALL });
        expect(again).toEqual(a);
        const b = normalBot({ view: viewFor(S, f), legal: legalFromView(viewFor(S, f)), rng: seededRng(step), budget: SMALL });
        expect(b, `seed ${seed}, step ${step}, ${f}`).toEqual(a);
        if (JSON.stringify(a) !== JSON.stringify(easyBot({ view, legal, rng: seededRng(step) }))) overruledEasy++;
        compared++;
      });
      expect(compared).toBeGreaterThan(30);
      expect(secretsDiffered).toBeGreaterThan(10);
      // Not Easy under another name: the search changes some decisions.
      expect(overruledEasy).toBeGreaterThan(0);
    }, 180_000);
  }

  it('answers within a wall-clock cap too: with no time for one whole round of playouts, the style choice', () => {
    const { G } = playBotGame({ seed: 9, ruleset: 'basic', seats: { germany: 'easy', norway: 'easy', allies: 'easy' }, maxActions: 40 });
    const f = actor(G)!.faction;
    const view = viewFor(G, f);
    const legal = legalFromView(view);
    const capped = normalBot({ view, legal, rng: seededRng(1), budget: { iterations: 10_000, maxMs: 0 } });
    expect(legal).toContain(capped);
    expect(capped).toEqual(styled({ view, legal, rng: seededRng(1) }));
  });
});
