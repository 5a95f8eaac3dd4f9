/**
 * Forced passes (engine/forced.ts): the server decides from the whole state and the seat's client from
 * its own view whether passing is all a seat can do; they must agree in every window, or a client
 * would hide a decision the server waits for (or show one it is about to take). Checked at every
 * decision of Easy games in the basic and advanced rules and every scenario, which also names the
 * windows where a pass is forced.
 */
import { describe, expect, it } from 'vitest';
import { createInitialState } from '../src/engine/setup.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { perform } from '../src/engine/actions.js';
import { viewFor } from '../src/engine/view.js';
import { isPassLike, onlyPass } from '../src/engine/forced.js';
import type { GameState } from '../src/engine/model/state.js';
import { easyBot } from '../src/bots/index.js';
import { seededRng } from '../src/testing/rng.js';
import { scenario } from './scenario-files.js';

function forcedWindows(setup: Parameters<typeof createInitialState>[0], seed: number): Set<string> {
  const dice = seededRng(seed);
  const rng = seededRng(seed + 1000);
  const G: GameState = createInitialState(setup, dice);
  const seen = new Set<string>();
  for (let n = 0; !G.result && n < 20_000; n++) {
    const a = actor(G)!;
    const view = viewFor(G, a.faction);
    const forced = onlyPass(G, a.faction);
    expect(onlyPass(view, a.faction)).toEqual(forced);
    if (forced) seen.add(`${a.stage}:${forced.type}`);
    perform(G, a.faction, forced ?? easyBot({ view, legal: legalActions(view as unknown as GameState, a.faction), rng }), dice);
  }
  return seen;
}

describe('forced passes', () => {
  it('only pass-like actions count: pass, end, anchor and the naval "nothing" answers', () => {
    expect(['pass', 'endPhase', 'anchor'].every((type) => isPassLike({ type, args: {} }))).toBe(true);
    expect(isPassLike({ type: 'intercept', args: { attempt: false } })).toBe(true);
    expect(isPassLike({ type: 'intercept', args: { attempt: true } })).toBe(false);
    expect(isPassLike({ type: 'commitShips', args: { ships: [] } })).toBe(true);
    expect(isPassLike({ type: 'commitShips', args: { ships: ['x'] } })).toBe(false);
    expect(isPassLike({ type: 'voidGermanCards', args: { count: 0 } })).toBe(true);
    expect(isPassLike({ type: 'withdrawShips', args: { ships: [] } })).toBe(true);
    expect(isPassLike({ type: 'move', args: {} })).toBe(false);
  });

  it('the whole state and the seat view agree in every window of the basic game', () => {
    const seen = forcedWindows({ ruleset: 'basic' }, 3);
    for (const w of ['reinforcement:endPhase', 'submarine:pass', 'defenderCards:pass']) expect(seen).toContain(w);
  });

  it('… of the advanced game, 9. April and naval windows included', () => {
    const seen = forcedWindows({ ruleset: 'advanced' }, 4);
    expect([...seen].some((w) => w.startsWith('april9'))).toBe(true);
    expect([...seen].some((w) => w.startsWith('naval'))).toBe(true);
  });

  it('… of each scenario, where Narvik ends every empty Reinforcements phase', () => {
    for (const id of ['narvik', 'gudbrandsdalen', 'full-game']) {
      const s = scenario(id);
      const seen = forcedWindows({ ruleset: s.ruleset, scenario: s } as never, 5);
      if (id === 'narvik') expect(seen).toContain('reinforcement:endPhase');
    }
  });
});
