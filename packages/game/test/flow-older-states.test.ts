/**
 * A match stored before the flow table kept no `G.then`: the 9. April turn's next step was in
 * `G.april9.then`, and Norway's sabotage, the discard and the Allies' withdrawals had none (their
 * handlers ended the step or the turn themselves). Such a state, met at each of those prompts, must
 * go on exactly as the same state stored by the current code.
 */
import { describe, it, expect } from 'vitest';
import type { GameState } from '../src/engine/model/state.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { perform } from '../src/engine/actions.js';
import { playRandomGame } from '../src/testing/random-game.js';
import { seededRng } from '../src/testing/rng.js';
import { canonical } from './flow-fingerprints.js';

/** The same state as the code before the flow table stored it. */
function asStoredBefore(G: GameState): GameState {
  const old = structuredClone(G);
  const then = old.then;
  delete old.then;
  if (old.april9) (old.april9 as typeof old.april9 & { then: unknown }).then = then ?? null;
  return old;
}

/** The first state of random games where a step is over and waits for the prompt `kind`. */
function firstAt(kind: string, ruleset: 'basic' | 'advanced'): GameState {
  for (let seed = 1; seed <= 40; seed++) {
    let found: GameState | null = null;
    playRandomGame({
      seed,
      setup: { ruleset },
      maxActions: 20_000,
      afterAction: (G) => {
        if (!found && G.then !== undefined && G.prompts.some((p) => p.kind === kind)) found = structuredClone(G);
      },
    });
    if (found) return found;
  }
  throw new Error(`no ${kind} in 40 games`);
}

/** Answer the prompts the same way on both states until the step they held up has begun. */
function playOnBoth(now: GameState, before: GameState): void {
  const rngNow = seededRng(7);
  const rngBefore = seededRng(7);
  for (let i = 0; i < 50 && now.then !== undefined && !now.result; i++) {
    const a = actor(now)!;
    const action = legalActions(now, a.faction)[0]!;
    perform(now, a.faction, action, rngNow);
    perform(before, a.faction, action, rngBefore);
  }
  expect(now.then).toBeUndefined();
}

describe('states stored before the flow table', () => {
  it.each([
    ['sabotage', 'basic'],
    ['discard', 'basic'],
    ['withdraw', 'basic'],
    ['withdrawShips', 'advanced'],
    ['april9Window', 'advanced'],
  ] as const)(
    'go on from a %s prompt (%s game) as the current code does',
    (kind, ruleset) => {
      const now = firstAt(kind, ruleset);
      const before = asStoredBefore(now);
      playOnBoth(now, before);
      expect(canonical(before)).toEqual(canonical(now));
    },
    120_000,
  );
});
