import type { LogEntry, Server, State, StorageAPI } from 'boardgame.io';

export interface MoveCommit {
  /** boardgame.io state after the move; state.G.log holds ONLY this move's public log entries and state.G.logBase their index in the whole log */
  state: State;
  /** boardgame.io match metadata when it changed (updatedAt, gameover), else undefined */
  metadata?: Server.MatchData;
  /** boardgame.io's deltalog of this move (the action log entries) */
  deltalog: LogEntry[];
}

export interface MatchRow {
  id: string;
  metadata: Server.MatchData;
  lobby: unknown;
  createdAt: number;
}

export interface SideRow {
  matchID: string;
  key: string;
  data: unknown;
}

export type StoreKind = 'sqlite' | 'postgres';

/**
 * What the server needs from a match store: boardgame.io's StorageAPI.Async (the Master uses it),
 * the move path, and our lobby's reads and writes. SQLite (embedded) and PostgreSQL implement it.
 */
export interface MatchStore extends StorageAPI.Async {
  readonly kind: StoreKind;

  /**
   * One transaction: the match row (state, state_id, updated_at, gameover, metadata if given) and one
   * appended event row (this move's public log entries and boardgame.io's deltalog). Rejects with a
   * StaleStateError (code 'stale') when the stored state is not older than `commit.state`, writing
   * nothing. Resolves only when the write is durable.
   */
  commitMove(matchID: string, commit: MoveCommit): Promise<void>;
  /**
   * Another process stored `state` (the bus brought it): this process's next move of the match may be
   * stored as its change from it rather than whole. The state must never be changed afterwards.
   */
  storedElsewhere?(matchID: string, state: State): void;
  /** The game's public log entries from index `from` (0-based) to the end, in order. */
  fetchHistory(matchID: string, from?: number): Promise<unknown[]>;

  createMatchWithLobby(matchID: string, opts: StorageAPI.CreateMatchOpts, lobby: unknown, isPublic: boolean): Promise<void>;
  /** Our lobby record and the boardgame.io metadata derived from it, in one write. */
  setLobby(matchID: string, lobby: unknown, metadata: Server.MatchData): Promise<void>;
  fetchLobby(matchID: string): Promise<{ lobby: unknown; metadata: Server.MatchData } | undefined>;
  /** Public matches not yet over, newest first. */
  listPublic(limit: number): Promise<MatchRow[]>;
  /**
   * Small records kept beside a match, by kind and key (a clock, a member's notification settings):
   * JSON, written durably; `null` deletes. They go when the match is wiped.
   */
  putSide(matchID: string, kind: string, key: string, data: unknown): Promise<void>;
  getSide(matchID: string, kind: string, key: string): Promise<unknown>;
  /** Every record of a kind (of one match, or of all matches: the clocks to re-arm at start). */
  listSide(kind: string, matchID?: string): Promise<SideRow[]>;
  /**
   * Deletes a record and answers what it held, in one statement: of callers racing for one record (on
   * any process) exactly one gets it, the others undefined. For single-use records (a link code).
   */
  takeSide(matchID: string, kind: string, key: string): Promise<unknown>;
  /**
   * Compare-and-set: writes `data` (`null` deletes) only if the record still holds `expected` (as
   * getSide read it; undefined: only if there is none). Answers whether it wrote. A read-modify-write
   * shared by several processes reads, computes, swaps, and reads again when another write came first.
   */
  swapSide(matchID: string, kind: string, key: string, expected: unknown, data: unknown): Promise<boolean>;
  ping(): Promise<void>;
  /** Resolves when every write started so far has finished. */
  drain(): Promise<void>;
  close(): Promise<void>;
  /** For tests: drop this store's tables. */
  dropAll(): Promise<void>;
}

export class StaleStateError extends Error {
  readonly code = 'stale';
  constructor(matchID: string, stateID: number) {
    super(`match ${matchID}: the stored state is not older than _stateID ${stateID}`);
  }
}

export class MatchNotFoundError extends Error {
  readonly code = 'not_found';
  constructor(matchID: string) {
    super(`match ${matchID} does not exist`);
  }
}

/** A stored match whose state cannot be rebuilt (a damaged event row): refused, never shown older than it was. */
export class CorruptMatchError extends Error {
  readonly code = 'corrupt';
  constructor(matchID: string, stateID: number, why: string) {
    super(`match ${matchID}: state ${stateID} cannot be rebuilt: ${why}`);
  }
}

/** The stored head is not the state a move's change starts from (another process moved): store the move whole. */
export class RebaseError extends Error {
  readonly code = 'rebase';
}
