import type { State } from 'boardgame.io';
import { applyDelta, type DeltaOp, diffState } from './state-delta';
import { CorruptMatchError, RebaseError } from './types';

/** How often a move stores the full state, unless configured (SNAPSHOT_EVERY, docs/operating.md). */
export const SNAPSHOT_EVERY = 50;

/** What a move stores beside its event: its change since the stored head, or the whole state. */
export type MovePlan = { deltaBase: number; delta: string; snapshot: null } | { deltaBase: null; delta: null; snapshot: string };

interface Head {
  /** The last state this process stored for the match (weakly held: the match's memory owns it). */
  ref: WeakRef<State>;
  stateID: number;
  /** Deltas stored since the last snapshot. */
  since: number;
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
    if (h && prev && prev._stateID === h.stateID && h.stateID < state._stateID)
      return { deltaBase: h.stateID, delta: JSON.stringify(diffState(prev, state)), snapshot: null };
    return { deltaBase: null, delta: null, snapshot: JSON.stringify(state) };
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
      plan = { deltaBase: null, delta: null, snapshot: JSON.stringify(state) };
      await write(plan);
    }
    this.committed(matchID, state, plan);
  }

  /** After the store acknowledged the move. */
  committed(matchID: string, state: State, plan: MovePlan) {
    this.hold(matchID, state, plan.snapshot === null ? (this.heads.get(matchID)?.since ?? 0) + 1 : 0);
  }

  /** A match just created: its first state is stored whole. */
  created(matchID: string, state: State) {
    this.hold(matchID, state, 0);
  }

  private hold(matchID: string, state: State, since: number) {
    const ref = new WeakRef(state);
    this.heads.set(matchID, { ref, stateID: state._stateID, since });
    this.gone.register(state, { matchID, ref });
  }

  forget(matchID: string) {
    this.heads.delete(matchID);
  }
}

/** An event row read back for a rebuild: its state ID and the change it carries (none in older rows). */
export interface ChainRow {
  stateID: number;
  delta: (() => { base: number; ops: DeltaOp[] } | undefined) | { base: number; ops: DeltaOp[] } | undefined;
}

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
    let d: { base: number; ops: DeltaOp[] } | undefined;
    try {
      d = typeof row.delta === 'function' ? row.delta() : row.delta;
    } catch (e) {
      throw new CorruptMatchError(matchID, row.stateID, `its event cannot be read (${e instanceof Error ? e.message : e})`);
    }
    if (!d) throw new CorruptMatchError(matchID, row.stateID, 'its event carries no change');
    if (d.base !== at) throw new CorruptMatchError(matchID, row.stateID, `its change starts from state ${d.base}, not ${at}`);
    try {
      state = applyDelta(state, d.ops) as State;
    } catch (e) {
      throw new CorruptMatchError(matchID, row.stateID, e instanceof Error ? e.message : String(e));
    }
    if (state?._stateID !== row.stateID) throw new CorruptMatchError(matchID, row.stateID, 'its change does not lead to it');
    at = row.stateID;
  }
  return state;
}
