import type { LogEntry, State, StorageAPI, Server } from 'boardgame.io';
import {
  MatchNotFoundError,
  StaleStateError,
  type MatchRow,
  type MatchStore,
  type MoveCommit,
  type StoreKind,
  type SideRow,
} from './types';

import { Async } from '../games/bgio-internal';
import type { StoredEvent } from './event-codec';

/**
 * What both back ends share: boardgame.io's entry points mapped onto ours, and the bookkeeping of
 * writes under way so that shutdown can wait for them.
 */
export abstract class BaseStore extends Async implements MatchStore {
  abstract readonly kind: StoreKind;
  private pending = new Set<Promise<unknown>>();
  private closed = false;

  protected track<T>(p: Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('storage is closed'));
    this.pending.add(p);
    const done = () => this.pending.delete(p);
    p.then(done, done);
    return p;
  }

  override createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts): Promise<void> {
    return this.createMatchWithLobby(matchID, opts, null, false);
  }

  /**
   * boardgame.io's Master writes every processed action here, a refused one too (same _stateID): that
   * writes nothing and is not an error to the Master, as before; nor is a match wiped meanwhile.
   */
  override async setState(matchID: string, state: State, deltalog?: LogEntry[]): Promise<void> {
    try {
      await this.commitMove(matchID, { state, deltalog: deltalog ?? [] });
    } catch (e) {
      if (!(e instanceof StaleStateError) && !(e instanceof MatchNotFoundError)) throw e;
    }
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.drain();
    this.closed = true;
    await this.shutdown();
  }

  protected abstract shutdown(): Promise<void>;

  abstract commitMove(matchID: string, commit: MoveCommit): Promise<void>;
  abstract fetchHistory(matchID: string, from?: number): Promise<unknown[]>;
  abstract createMatchWithLobby(matchID: string, opts: StorageAPI.CreateMatchOpts, lobby: unknown, isPublic: boolean): Promise<void>;
  abstract setLobby(matchID: string, lobby: unknown, metadata: Server.MatchData): Promise<void>;
  abstract fetchLobby(matchID: string): Promise<{ lobby: unknown; metadata: Server.MatchData } | undefined>;
  abstract listPublic(limit: number): Promise<MatchRow[]>;
  abstract putSide(matchID: string, kind: string, key: string, data: unknown): Promise<void>;
  abstract getSide(matchID: string, kind: string, key: string): Promise<unknown>;
  abstract listSide(kind: string, matchID?: string): Promise<SideRow[]>;
  abstract takeSide(matchID: string, kind: string, key: string): Promise<unknown>;
  abstract swapSide(matchID: string, kind: string, key: string, expected: unknown, data: unknown): Promise<boolean>;
  abstract ping(): Promise<void>;
  abstract dropAll(): Promise<void>;
}

/** The public log entries a state carries, and where they start in the whole log (undefined: the state holds the whole log, as the engine did before logBase). */
export function logOf(state: State): { entries: unknown[]; base: number | undefined } {
  const G = state.G as { log?: unknown; logBase?: unknown } | null | undefined;
  const entries = G && Array.isArray(G.log) ? (G.log as unknown[]) : [];
  const base = G && typeof G.logBase === 'number' && Number.isInteger(G.logBase) && G.logBase >= 0 ? G.logBase : undefined;
  return { entries, base };
}

/**
 * The event row of a state, given how many entries are stored already. A state without logBase holds
 * the whole log: only the entries past the stored ones are new.
 */
export function eventOf(state: State, storedCount: number): { base: number; entries: unknown[] } {
  const { entries, base } = logOf(state);
  if (base !== undefined) return { base, entries };
  return { base: storedCount, entries: entries.slice(storedCount) };
}

/**
 * The entries from `from` on, out of event rows ordered by state: each row's first index and its entries
 * as JSON. A row says "the log from my first index on is these entries": usually it continues the log,
 * but a row whose first index lies before the log's end takes back what came after it (an undo restores
 * an earlier batch). The rows given must be every row that wrote an index at or past `from`, and the
 * match's last row (whose end is the log's end).
 */
export function historyFrom(rows: { log_base: number; entries: string | unknown[] }[], from: number): unknown[] {
  if (rows.length === 0) return [];
  const parsed = rows.map((r) => ({
    base: Number(r.log_base),
    entries: typeof r.entries === 'string' ? (JSON.parse(r.entries) as unknown[]) : r.entries,
  }));
  const min = Math.min(...parsed.map((r) => r.base));
  const all: unknown[] = [];
  for (const r of parsed) {
    all.length = r.base - min; // whatever came after this row's first index is replaced
    all.push(...r.entries);
  }
  return all.slice(Math.max(0, from - min));
}

/**
 * The entries from `from` on, out of a match's decoded events read from the first row of the chain
 * that holds what `fetchHistory` needs: the rows that wrote past `from`, and the last row, which may
 * have taken entries back (undo).
 */
export function historyOfEvents(events: readonly Pick<StoredEvent, 'stateID' | 'logBase' | 'entries'>[], from: number): unknown[] {
  const last = events.at(-1)?.stateID;
  return historyFrom(
    events
      .filter((e) => e.logBase + e.entries.length > from || e.stateID === last)
      .map((e) => ({ log_base: e.logBase, entries: e.entries })),
    from,
  );
}

export const isGameover = (m: Server.MatchData) => m.gameover !== undefined && m.gameover !== null;
