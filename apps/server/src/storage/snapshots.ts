import type { State } from 'boardgame.io';
import { applyDelta, type DeltaOp, type DiffOptions, diffState, storedParts } from './state-delta';
import { CorruptMatchError, RebaseError } from './types';

/** How often a move stores the full state, unless configured (SNAPSHOT_EVERY, docs/operating.md). */
export const SNAPSHOT_EVERY = 50;

/**
 * What a move stores beside its event: its change since the stored head, or the whole state. `logOut`:
 * the change leaves out G.log and G.logBase (the event row's entries and first index put them back).
 */
export type MovePlan = (
  | { deltaBase: number; delta: string; snapshot: null; logOut: boolean }
  | { deltaBase: null; delta: null; snapshot: string; logOut: false }
) & {
  /** The parts of the state boardgame.io may change in place, as stored now (the next change is diffed against them). */
  parts: DiffOptions['stored'];
};

/** Whether a state's event row holds all of G.log (its entries) and G.logBase (its first index). */
function logBeside(state: State): boolean {
  const G = state.G as { log?: unknown; logBase?: unknown } | null;
  return !!G && Array.isArray(G.log) && typeof G.logBase === 'number' && Number.isInteger(G.logBase) && G.logBase >= 0;
}

const whole = (state: State): MovePlan => ({
  deltaBase: null,
  delta: null,
  snapshot: JSON.stringify(state),
  logOut: false,
  parts: storedParts(state),
});

interface Head {
  /** The last state this process stored for the match (weakly held: the match's memory owns it). */
  ref: WeakRef<State>;
  stateID: number;
  /** Deltas stored since the last snapshot. */
  since: number;
  /** The state's parts boardgame.io may change in place, as they were stored. */
  parts: DiffOptions['stored'];
}

/**
 * Decides, move by move, whether a match stores a delta or a snapshot. A delta needs the state it
 * starts from: the state this process last stored for the match, still in memory. When it is not
 * (a match read back from the store, or forgotten by memory), or after `every` deltas, the move stores
 * the whole state. The states handed over must never be changed afterwards (the engine makes a new
 * state for each move and shares the unchanged parts).
 */
export class DeltaPlanner {
  private readonly heads = new Map<string, Head>();
  /** A head whose state memory let go is dropped too (the map keeps only matches still in memory). */
  private readonly gone = new FinalizationRegistry<{ matchID: string; ref: WeakRef<State> }>(({ matchID, ref }) => {
    if (this.heads.get(matchID)?.ref === ref) this.heads.delete(matchID);
  });

  constructor(private readonly every: number = SNAPSHOT_EVERY) {}

  plan(matchID: string, state: State): MovePlan {
    const h = this.heads.get(matchID);
    const prev = h && h.since < this.every ? h.ref.deref() : undefined;
    if (h && prev && prev._stateID === h.stateID && h.stateID < state._stateID) {
      const logOut = logBeside(state);
      const delta = JSON.stringify(diffState(prev, state, { stored: h.parts, logOut }));
      return { deltaBase: h.stateID, delta, snapshot: null, logOut, parts: storedParts(state) };
    }
    return whole(state);
  }

  /**
   * Stores a move through `write`, as a change where this process knows the stored head, and whole
   * when the store refuses the change's base (another process moved the match since: RebaseError).
   */
  async commit(matchID: string, state: State, write: (plan: MovePlan) => Promise<void>): Promise<void> {
    let plan = this.plan(matchID, state);
    try {
      await write(plan);
    } catch (e) {
      this.forget(matchID);
      if (!(e instanceof RebaseError)) throw e;
      plan = whole(state);
      await write(plan);
    }
    this.committed(matchID, state, plan);
  }

  /** After the store acknowledged the move. */
  committed(matchID: string, state: State, plan: MovePlan) {
    // A newer state another process stored came in during the write (adopt): it stays the head.
    if ((this.heads.get(matchID)?.stateID ?? -1) > state._stateID) return;
    this.hold(matchID, state, plan.snapshot === null ? (this.heads.get(matchID)?.since ?? 0) + 1 : 0, plan.parts);
  }

  /**
   * Another process stored `state`, newer than this process's head: it becomes the head. The moves
   * since the last snapshot are counted on, so a snapshot comes at least as often as with one
   * process; without a head here the next move is stored whole.
   */
  adopt(matchID: string, state: State) {
    const h = this.heads.get(matchID);
    if (h && h.stateID >= state._stateID) return;
    const since = h && h.ref.deref() !== undefined ? h.since + state._stateID - h.stateID : this.every;
    this.hold(matchID, state, since, storedParts(state));
  }

  /** A match just created: its first state is stored whole (`parts`: storedParts of it, taken when it was written). */
  created(matchID: string, state: State, parts: DiffOptions['stored']) {
    this.hold(matchID, state, 0, parts);
  }

  private hold(matchID: string, state: State, since: number, parts: DiffOptions['stored']) {
    const ref = new WeakRef(state);
    this.heads.set(matchID, { ref, stateID: state._stateID, since, parts });
    this.gone.register(state, { matchID, ref });
  }

  forget(matchID: string) {
    this.heads.delete(matchID);
  }
}

/** An event row read back for a rebuild: its state ID and the change it carries (none in older rows). */
export interface ChainRow {
  stateID: number;
  delta: (() => RowDelta | undefined) | RowDelta | undefined;
}

/** A row's change: `log` holds the G.log and G.logBase the change leaves out. */
export type RowDelta = { base: number; ops: DeltaOp[]; log?: { base: number; entries: unknown[] } };

/**
 * A match's state from its latest snapshot (`base`, the state of `baseID`) and the rows after it, in
 * order. Every row must carry a delta from the row before it: a row that cannot be read, or whose
 * delta starts elsewhere, means a move somebody may have seen cannot be rebuilt, so the match is
 * refused (CorruptMatchError) rather than shown at an older state whose moves would then be made
 * again. A trailing move that is simply missing was never acknowledged, so nobody saw it.
 */
export function rebuild(matchID: string, base: unknown, baseID: number, rows: ChainRow[]): State {
  let state = base as State;
  let at = baseID;
  for (const row of rows) {
    let d: RowDelta | undefined;
    try {
      d = typeof row.delta === 'function' ? row.delta() : row.delta;
    } catch (e) {
      throw new CorruptMatchError(matchID, row.stateID, `its event cannot be read (${e instanceof Error ? e.message : e})`);
    }
    if (!d) throw new CorruptMatchError(matchID, row.stateID, 'its event carries no change');
    if (d.base !== at) throw new CorruptMatchError(matchID, row.stateID, `its change starts from state ${d.base}, not ${at}`);
    try {
      state = applyDelta(state, d.ops) as State;
      if (d.log) {
        const G = state.G as { log?: unknown; logBase?: unknown } | null;
        if (typeof G !== 'object' || G === null) throw new Error('its change leaves out the log of a state without G');
        G.log = d.log.entries;
        G.logBase = d.log.base;
      }
    } catch (e) {
      throw new CorruptMatchError(matchID, row.stateID, e instanceof Error ? e.message : String(e));
    }
    if (state?._stateID !== row.stateID) throw new CorruptMatchError(matchID, row.stateID, 'its change does not lead to it');
    at = row.stateID;
  }
  return state;
}
