/**
 * A game's log as this browser knows it (both games send their log in batches). Every state the
 * server sends carries only the last move's entries (G.log, starting at entry G.logBase); the history before them is fetched once
 * (GET /api/matches/:id/log). Pieces may arrive in any order, so entries are kept by index and
 * only the unbroken run from the first entry is shown. A state's batch also marks the log's end:
 * after an undo the batch starts earlier, and the entries past it were taken back.
 */
import type { LogEntry } from '@kon/game';

export interface LogHistory {
  /** Entries by their index in the whole game's log; a hole is an entry not yet received. */
  readonly entries: readonly (LogEntry | undefined)[];
  /** The newest state whose batch was taken in, and where the log ends by it. */
  readonly stateID?: number;
  readonly end?: number;
}

export const EMPTY_LOG: LogHistory = { entries: [] };

/**
 * Fill holes with a piece of the fetched history; the same history object when nothing changes.
 * Entries already known stay (a state's batch is newer than any history answer), and nothing goes
 * past the end the newest state set.
 */
export function mergeLog(h: LogHistory, from: number, piece: readonly LogEntry[]): LogHistory {
  const upTo = h.end === undefined ? from + piece.length : Math.min(from + piece.length, h.end);
  let entries: (LogEntry | undefined)[] | undefined;
  for (let i = from; i < upTo; i++) {
    if (h.entries[i] !== undefined) continue;
    entries ??= h.entries.slice();
    entries[i] = piece[i - from];
  }
  return entries ? { ...h, entries } : h;
}

/**
 * Take in the batch of the state `stateID`: it is the log from `from` on, and the log ends with it.
 * A state older than one already taken in changes nothing (two seats in one browser deliver each
 * state twice, not always in step).
 */
export function stateLog(h: LogHistory, stateID: number, from: number, batch: readonly LogEntry[]): LogHistory {
  if (h.stateID !== undefined && stateID < h.stateID) return h;
  const end = from + batch.length;
  const same = h.end === end && h.entries.length <= end && batch.every((e, i) => JSON.stringify(h.entries[from + i]) === JSON.stringify(e));
  if (same) return h.stateID === stateID ? h : { ...h, stateID };
  const entries = h.entries.slice(0, end);
  batch.forEach((e, i) => {
    entries[from + i] = e;
  });
  return { entries, stateID, end };
}

/** The entries from the first one up to the first hole: what can be shown in order. */
export function shownLog(h: LogHistory): LogEntry[] {
  const out: LogEntry[] = [];
  for (const e of h.entries) {
    if (e === undefined) break;
    out.push(e);
  }
  return out;
}

/** Where the history must be fetched from to fill the holes before `knownUpTo`, or null. */
export function missingFrom(h: LogHistory, knownUpTo: number): number | null {
  for (let i = 0; i < knownUpTo; i++) if (h.entries[i] === undefined) return i;
  return null;
}
