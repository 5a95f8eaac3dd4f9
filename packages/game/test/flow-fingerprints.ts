/**
 * Fingerprints of whole random games, for refactoring the sequencer (engine/flow.ts) without changing
 * what it does: every state after every action, with who acts next, is folded into one hash per game.
 * The fixture (fixtures/flow-fingerprints.json) was recorded on the code before the refactor.
 *
 * The sequencer's own bookkeeping of what comes next (`then`, wherever it is kept) is left out of the
 * hash: it is how the flow remembers, not what the game is, and its form may change. Everything it
 * decides shows in the rest of the state and in who acts.
 */
import { createHash } from 'node:crypto';
import type { SetupData } from '../src/engine/setup.js';
import type { GameState } from '../src/engine/model/state.js';
import { actor, activePlayers } from '../src/engine/flow.js';
import { playRandomGame } from '../src/testing/random-game.js';

export interface GameFingerprint {
  name: string;
  seed: number;
  actions: number;
  /** The hash chained over every state after every action. */
  hash: string;
}

/** JSON with the keys of every object sorted: equal states give equal text whatever order keys were set in. */
export function canonical(x: unknown): string {
  if (x === null || typeof x !== 'object') return JSON.stringify(x) ?? 'null';
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`;
  const entries = Object.entries(x as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** The state as the fingerprint sees it: without the log (hashed entry by entry) and the sequencer's bookkeeping. */
function projection(G: GameState): unknown {
  const { log: _log, undo: _undo, ...rest } = G as GameState & { then?: unknown };
  const out: Record<string, unknown> = { ...rest };
  delete out.then;
  if (G.april9) {
    const { then: _then, ...a } = G.april9 as typeof G.april9 & { then?: unknown };
    out.april9 = a;
  }
  return out;
}

/** Play one random game and fingerprint it. */
export function fingerprintGame(
  name: string,
  seed: number,
  start: { setup: SetupData } | { from: GameState },
  maxActions: number,
  seen?: Map<string, number>,
): GameFingerprint {
  const h = createHash('sha256');
  let logged = 0;
  const fold = (G: GameState) => {
    h.update(canonical(projection(G)));
    // The log grows by appending; each entry is hashed once, in order.
    for (const e of G.log.slice(logged)) h.update(canonical(e));
    logged = G.log.length;
    h.update(canonical({ actor: actor(G), active: activePlayers(G) }));
  };
  // The step an action was taken in (the state after the last one; the first action is the opening's).
  let stage = 'start';
  const { actions } = playRandomGame({
    seed,
    ...start,
    maxActions,
    afterAction: (G, _f, action) => {
      fold(G);
      const key = `${action.type}@${stage}`;
      seen?.set(key, (seen.get(key) ?? 0) + 1);
      stage = G.april9 ? `april9.${G.april9.step}` : G.phase;
    },
  });
  return { name, seed, actions, hash: h.digest('hex').slice(0, 16) };
}
