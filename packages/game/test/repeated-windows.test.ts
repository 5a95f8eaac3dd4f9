// @module-tag slow
/**
 * Questions asked once (engine/forced.ts): the repeated reaction windows a seat may decline for a
 * phase, named alike from the whole state and from the seat's own view, with one phase key for every
 * window of a phase; and the end of a reinforcement step, taken for the seat only when nothing is left
 * to decide (every battalion placed, no card to play, no trade that would buy another).
 */
import { describe, expect, it } from 'vitest';
import { createInitialState } from '../src/engine/setup.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { perform } from '../src/engine/actions.js';
import { viewFor } from '../src/engine/view.js';
import { onlyPass, repeatedWindow } from '../src/engine/forced.js';
import { symbolsOf } from '../src/cards/index.js';
import type { GameState } from '../src/engine/model/state.js';
import { easyBot } from '../src/bots/index.js';
import { seededRng } from '../src/testing/rng.js';

/** Every decision of an Easy game, with the state before it. */
function* decisions(seed: number): Generator<{ G: GameState; f: ReturnType<typeof actor> & {} }> {
  const dice = seededRng(seed);
  const rng = seededRng(seed + 1000);
  const G: GameState = createInitialState({ ruleset: 'basic' }, dice);
  for (let n = 0; !G.result && n < 20_000; n++) {
    const a = actor(G)!;
    yield { G, f: a };
    const view = viewFor(G, a.faction);
    perform(
      G,
      a.faction,
      onlyPass(G, a.faction) ?? easyBot({ view, legal: legalActions(view as unknown as GameState, a.faction), rng }),
      dice,
    );
  }
}

describe('repeated windows', () => {
  it('are named alike from the state and the view, with one phase key for every window of a phase', () => {
    const byPhase = new Map<string, number>();
    for (const { G, f } of decisions(3)) {
      const r = repeatedWindow(G, f.faction);
      expect(repeatedWindow(viewFor(G, f.faction), f.faction)).toEqual(r);
      if (!r) continue;
      expect(r.pass.type).toBe('pass');
      // Only a window the seat could answer otherwise: a forced one is passed for it anyway.
      expect(onlyPass(G, f.faction)).toBeNull();
      expect(r.phase).toBe(`${G.round}:${G.turn}:${G.phase}`);
      byPhase.set(r.phase, (byPhase.get(r.phase) ?? 0) + 1);
    }
    // Ubåt comes after each reinforcement: some phase asks it more than once.
    expect(Math.max(...byPhase.values())).toBeGreaterThan(1);
  });
});

describe('the end of a reinforcement step', () => {
  it('is taken for the seat only when every battalion is placed and no trade could buy another', () => {
    let ended = 0;
    let kept = 0;
    for (const { G, f } of decisions(5)) {
      const legal = legalActions(G, f.faction);
      const forced = onlyPass(G, f.faction);
      if (forced?.type !== 'endPhase' || legal.length === 1) continue;
      ended++;
      // Nothing but trades besides the end, and all the seat's tradable symbols together buy nothing.
      expect(legal.filter((a) => a.type !== 'endPhase').every((a) => a.type === 'trade')).toBe(true);
      const cards = new Set(legal.flatMap((a) => (a.type === 'trade' ? (a.args as { cards: string[] }).cards : [])));
      const all = [...cards].reduce((s, c) => s + symbolsOf(c), 0);
      expect(Math.floor((G.reinforcements.symbols + all) / 3)).toBe(Math.floor(G.reinforcements.symbols / 3));
      // One symbol more in hand and a trade would buy a battalion: then it is the seat's decision.
      const richer = structuredClone(G);
      richer.reinforcements.symbols += 3 - ((G.reinforcements.symbols + all) % 3);
      if (legalActions(richer, f.faction).some((a) => a.type === 'place')) continue;
      expect(onlyPass(richer, f.faction)).toBeNull();
      kept++;
    }
    expect(ended).toBeGreaterThan(0);
    expect(kept).toBeGreaterThan(0);
  });
});
