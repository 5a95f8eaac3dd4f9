import { BoundedMap } from './bounded-map';

/**
 * How many times any process changed a match's lobby or notification settings, as read when this
 * process last took the match's lock (cluster/lease.ts; undefined before that). KeyedMutex is one.
 */
export interface ChangeCount {
  version(matchID: string): number | undefined;
}

/**
 * A service's per-match copies of a record that is kept off the move path (who holds the seats,
 * whether anyone asked for notifications). With one process a copy holds until the service drops it
 * on its own change. With several (`counts` given), a change made by another process is seen by the
 * match's change count: a copy holds only while the count is the one it was read at, and a copy read
 * before this process ever held the match's lock is not kept.
 */
export class PerMatchCopy<V> {
  private readonly values: BoundedMap<string, V>;
  private readonly readAt: BoundedMap<string, number>;

  constructor(
    private readonly counts: ChangeCount | null,
    max = 20_000,
  ) {
    this.values = new BoundedMap(max);
    this.readAt = new BoundedMap(max);
  }

  /** The copy, if it still holds. */
  get(matchID: string): V | undefined {
    const v = this.values.get(matchID);
    if (v === undefined || !this.counts) return v;
    const n = this.counts.version(matchID);
    return n !== undefined && this.readAt.get(matchID) === n ? v : undefined;
  }

  /** The copy as kept, whether or not it still holds (for tidying up after it, never for a decision). */
  peek(matchID: string): V | undefined {
    return this.values.get(matchID);
  }

  /** Taken before the record is read: what `keep` needs to keep what is read (null: it may not be kept). */
  mark(matchID: string): number | null {
    return this.counts ? (this.counts.version(matchID) ?? null) : 0;
  }

  keep(matchID: string, value: V, mark: number | null): void {
    if (mark === null) return;
    this.values.set(matchID, value);
    if (this.counts) this.readAt.set(matchID, mark);
  }

  delete(matchID: string): void {
    this.values.delete(matchID);
    this.readAt.delete(matchID);
  }
}
