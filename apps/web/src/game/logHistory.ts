/**
 * The game's log as this browser knows it. Every state the server sends carries only the last
 * move's entries (G.log, starting at entry G.logBase); the history before them is fetched once
 * (GET /api/matches/:id/log). Pieces may arrive in any order, so entries are kept by index and
 * only the unbroken run from the first entry is shown.
 */
import type { LogEntry } from '@kon/game';

export interface LogHistory {
  /** Entries by their index in the whole game's log; a hole is an entry not yet received. */
  readonly entries: readonly (LogEntry | undefined)[];
}

export const EMPTY_LOG: LogHistory = { entries: [] };

/** Put `piece` in at index `from`; the same history object when nothing changes. */
export function mergeLog(h: LogHistory, from: number, piece: readonly LogEntry[]): LogHistory {
  if (piece.length === 0) return h;
  if (piece.every((e, i) => h.entries[from + i] !== undefined)) return h;
  const entries = h.entries.slice();
  piece.forEach((e, i) => (entries[from + i] = e));
  return { entries };
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
