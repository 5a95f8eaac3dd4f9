/**
 * Taking back one's own decisions, back to the last undo barrier: the last point where something
 * became known to someone (a die rolled or a deck shuffled, a hidden card or ship seen by anyone it was
 * hidden from, another faction asked to decide, the game over). Between barriers every decision of the
 * acting faction is deterministic and seen by nobody but in its open effects, so it can be replayed
 * or forgotten without leaking anything.
 *
 * The state keeps one snapshot (the state at the barrier) and the actions made since, never a snapshot
 * per move; undo restores the snapshot and replays all but the last action. Replaying the same actions
 * on the same state gives the same state (the rules draw nothing from chance between barriers), so the
 * restored state is exactly the earlier one, log batch and logBase included. The trail is dropped from
 * every view (view.ts) and cleared at each barrier, so it exists only while there is something to undo.
 */
import { FACTIONS, type Faction } from '../types.js';
import type { GameState, UndoTrail } from './model/state.js';
import type { Rng } from './kernel/rng.js';
import { perform } from './actions.js';
import type { Action } from './model/actions.js';
import { actor } from './flow.js';
import { hiddenFrom } from './view.js';
import { startLogBatch } from './kernel/log.js';
import { fail } from './kernel/errors.js';

export type { UndoTrail };

const VIEWERS: readonly (Faction | null)[] = [...FACTIONS, null];
/** The parts of the state that hold anything hidden from someone (see view.ts hiddenFrom). */
const HIDING = ['hands', 'decks', 'ships', 'shipReserve', 'april9'] as const;

/** Did the move let anyone see something that was hidden from them before it? */
function revealed(before: GameState, after: GameState): boolean {
  // Under boardgame.io (immer) an unchanged part of the state is the same object: when none of the
  // parts that hold hidden things changed, nothing can have been revealed.
  if (HIDING.every((k) => before[k] === after[k])) return false;
  return VIEWERS.some((v) => {
    const now = new Set(hiddenFrom(after, v));
    return hiddenFrom(before, v).some((id) => !now.has(id));
  });
}

/** Why the last move was an undo barrier, or null when it may be taken back. */
export type BarrierReason = 'chance' | 'revealed' | 'handover' | 'over';

/** Was `faction`'s move from `before` to `after` a barrier (`chance`: it rolled or shuffled)? */
export function barrierOf(before: GameState, after: GameState, faction: Faction, chance: boolean): BarrierReason | null {
  if (after.result) return 'over';
  if (chance) return 'chance';
  if (actor(after)?.faction !== faction) return 'handover';
  if (revealed(before, after)) return 'revealed';
  return null;
}

/**
 * The trail after `faction`'s `action` took the game from `before` to `after`: none after a barrier,
 * else the one it continues (same faction), else a new one whose snapshot is `before`. `before` must
 * not change afterwards (boardgame.io's states are immutable; the plain path hands a copy).
 */
export function trailAfter(before: GameState, after: GameState, faction: Faction, action: Action, chance: boolean): UndoTrail | undefined {
  if (barrierOf(before, after, faction, chance)) return undefined;
  const prev = before.undo && before.undo.faction === faction ? before.undo : null;
  if (prev) return { faction, base: prev.base, actions: [...prev.actions, action] };
  const { undo: _none, ...base } = before;
  return { faction, base, actions: [action] };
}

/** An Rng that notes whether it was used. */
export function watchChance(rng: Rng): { rng: Rng; used: () => boolean } {
  let used = false;
  return {
    rng: {
      d6: () => {
        used = true;
        return rng.d6();
      },
      shuffle: (xs) => {
        used = true;
        return rng.shuffle(xs);
      },
    },
    used: () => used,
  };
}

/**
 * Carry out one action of `faction` as the boardgame.io wrapper does (a new log batch, then the rules)
 * on a plain state changed in place, and keep or clear the undo trail. Returns the barrier the action
 * crossed, or null. (Inside boardgame.io the same is done around immer: see game.ts.)
 */
export function performUndoable(G: GameState, faction: Faction, action: Action, rng: Rng): BarrierReason | null {
  const before = JSON.parse(JSON.stringify(G)) as GameState;
  const watched = watchChance(rng);
  startLogBatch(G);
  perform(G, faction, action, watched.rng);
  const barrier = barrierOf(before, G, faction, watched.used());
  const trail = trailAfter(before, G, faction, action, watched.used());
  // No trail at all rather than a null one: the state then reads the same as before any undo.
  if (trail) G.undo = trail;
  else delete G.undo;
  return barrier;
}

/** Whether `faction` has a decision it may take back now. */
export function canUndo(G: Pick<GameState, 'undo'>, faction: Faction): boolean {
  return !!G.undo && G.undo.faction === faction && G.undo.actions.length > 0;
}

const noChance: Rng = {
  d6: () => fail('undo-replay', 'a replayed decision rolled a die'),
  shuffle: () => fail('undo-replay', 'a replayed decision shuffled a deck'),
};

/**
 * The state before `faction`'s last decision: the barrier's snapshot with every later action but the
 * last one replayed. A new object (the caller replaces G with it); refuses when there is nothing to undo.
 */
export function undone(G: GameState, faction: Faction): GameState {
  if (!canUndo(G, faction)) {
    if (G.undo && G.undo.faction !== faction) fail('not-yours', 'only the faction that made a decision may take it back');
    fail('nothing-to-undo', 'there is nothing to take back since something became known');
  }
  // Inside boardgame.io's move G is an immer draft: build the new state from plain copies only.
  const { base, actions } = JSON.parse(JSON.stringify(G.undo)) as UndoTrail;
  const keep = actions.slice(0, -1);
  const restored = JSON.parse(JSON.stringify(base)) as GameState;
  for (const a of keep) {
    startLogBatch(restored);
    perform(restored, faction, a, noChance);
  }
  if (keep.length > 0) restored.undo = { faction, base, actions: keep };
  return restored;
}
