import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Server, State, StorageAPI } from 'boardgame.io';
import type { Database, Statement } from 'better-sqlite3';
import { BaseStore, historyOfEvents, isGameover, logOf } from './base-store';
import { CHAIN_NEXTS, CHAIN_STARTS, decodeAll, decodeRows, inflateText, type StoredRow } from './event-codec';
import { type ChainRow, DeltaPlanner, type MovePlan, rebuild } from './snapshots';
import { storedParts } from './state-delta';
import type { WriteOp } from './sqlite-writer';
import { CorruptMatchError, type MatchRow, type MoveCommit, type SideRow } from './types';
import { WriterClient } from './writer-client';

const require = createRequire(import.meta.url);

export interface SqliteOptions {
  /** FULL (default): a committed move survives power loss. NORMAL: only a crash of the process. */
  synchronous?: 'FULL' | 'NORMAL';
  /** A move stores the full state every this many moves, else only its change (default SNAPSHOT_EVERY). */
  snapshotEvery?: number;
  /** Commit in a worker thread (default), or on the main thread. */
  writerThread?: boolean;
}

const PAGE_SIZE = Number(process.env.KON_SQLITE_PAGE_SIZE) || 1024;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS kon_matches (
    id            TEXT PRIMARY KEY,
    game_name     TEXT NOT NULL,
    state         TEXT,             -- the state of state_id: the first, or the last before moves were stored as changes
    state_id      INTEGER NOT NULL,
    initial_state TEXT,
    metadata      TEXT NOT NULL,
    lobby         TEXT,
    public        INTEGER NOT NULL DEFAULT 0,
    gameover      INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    log_len       INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX IF NOT EXISTS kon_matches_public_idx ON kon_matches (public, created_at DESC);
  CREATE TABLE IF NOT EXISTS kon_events (
    match_id  TEXT NOT NULL,
    state_id  INTEGER NOT NULL,
    log_base  INTEGER NOT NULL,
    n_entries INTEGER NOT NULL,
    body      BLOB NOT NULL,  -- entries, actions and the change to the state, see event-codec.ts
    snap      BLOB,           -- every N moves: the whole state after the move (raw deflate of its JSON)
    codec     INTEGER,        -- the row's place in its chain (event-codec.ts); NULL: deflated alone
    PRIMARY KEY (match_id, state_id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS kon_side (
    match_id TEXT NOT NULL,
    kind     TEXT NOT NULL,
    key      TEXT NOT NULL,
    data     TEXT NOT NULL,
    PRIMARY KEY (kind, match_id, key)
  ) WITHOUT ROWID;
`;

/**
 * The embedded store: one SQLite file (WAL). A move appends one event row (its log entries, its action
 * and its change to the state); every N moves the row carries the whole state too. A match is read back
 * from its latest snapshot and the changes after it. Writes go to a writer thread with its own
 * connection (writer-client.ts); reads use this thread's connection.
 */
export class SqliteStore extends BaseStore {
  readonly kind = 'sqlite' as const;
  private readonly db: Database;
  private readonly writer: WriterClient;
  private readonly deltas: DeltaPlanner;
  private q!: ReturnType<typeof prepare>;
  private readonly fetchStatements = new Map<string, Statement>();

  constructor(file: string, opts: SqliteOptions = {}) {
    super();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const BetterSqlite = require('better-sqlite3') as typeof import('better-sqlite3');
    this.db = new BetterSqlite(file, { timeout: 5000 });
    // A new file takes 1 KB pages: a commit writes whole pages to the WAL (and later to the file), and a
    // move's event row is a few hundred bytes. (An existing file keeps its page size.)
    this.db.pragma(`page_size = ${PAGE_SIZE}`);
    this.db.pragma('journal_mode = WAL');
    this.writer = new WriterClient(file, opts.synchronous ?? 'FULL', opts.writerThread ?? true);
    this.deltas = new DeltaPlanner(opts.snapshotEvery);
  }

  get commitStats() {
    return this.writer.stats;
  }

  override async connect(): Promise<void> {
    this.db.exec(SCHEMA);
    // Files of the earlier shape (the whole state rewritten in kon_matches on every move) take the
    // snapshot column; their matches rebuild from kon_matches.state, the state of their last move.
    const cols = this.db.prepare("SELECT name FROM pragma_table_info('kon_events')").all() as { name: string }[];
    if (!cols.some((c) => c.name === 'snap')) this.db.exec('ALTER TABLE kon_events ADD COLUMN snap BLOB');
    // Files from before rows were chained: their rows (codec NULL) read as before.
    if (!cols.some((c) => c.name === 'codec')) this.db.exec('ALTER TABLE kon_events ADD COLUMN codec INTEGER');
    this.db.exec('CREATE INDEX IF NOT EXISTS kon_events_snap_idx ON kon_events (match_id, state_id) WHERE snap IS NOT NULL');
    this.q = prepare(this.db);
    await this.writer.start();
  }

  createMatchWithLobby(
    matchID: string,
    { initialState, metadata }: StorageAPI.CreateMatchOpts,
    lobby: unknown,
    isPublic: boolean,
  ): Promise<void> {
    const { entries, base } = logOf(initialState);
    this.deltas.forget(matchID);
    const parts = storedParts(initialState);
    return this.write({
      t: 'create',
      matchID,
      gameName: metadata.gameName,
      state: JSON.stringify(initialState),
      stateID: initialState._stateID,
      metadata: JSON.stringify(metadata),
      lobby: lobby === null ? null : JSON.stringify(lobby),
      isPublic,
      gameover: isGameover(metadata),
      createdAt: metadata.createdAt,
      updatedAt: metadata.updatedAt,
      logBase: base ?? 0,
      entries: JSON.stringify(entries),
      nEntries: entries.length,
    }).then(() => this.deltas.created(matchID, initialState, parts));
  }

  storedElsewhere(matchID: string, state: State): void {
    this.deltas.adopt(matchID, state);
  }

  commitMove(matchID: string, commit: MoveCommit): Promise<void> {
    return this.deltas.commit(matchID, commit.state, (plan) => this.writeMove(matchID, commit, plan));
  }

  private writeMove(matchID: string, { state, metadata, deltalog }: MoveCommit, plan: MovePlan): Promise<void> {
    const { entries, base } = logOf(state);
    return this.write({
      t: 'move',
      matchID,
      stateID: state._stateID,
      deltaBase: plan.deltaBase,
      delta: plan.delta,
      snapshot: plan.snapshot,
      logOut: plan.logOut,
      logBase: base ?? null,
      entries: JSON.stringify(entries),
      actions: JSON.stringify(deltalog),
      metadata: metadata ? { text: JSON.stringify(metadata), updatedAt: metadata.updatedAt, gameover: isGameover(metadata) } : null,
    });
  }

  override setMetadata(matchID: string, metadata: Server.MatchData): Promise<void> {
    return this.write({
      t: 'setMetadata',
      matchID,
      metadata: JSON.stringify(metadata),
      updatedAt: metadata.updatedAt,
      gameover: isGameover(metadata),
    });
  }

  setLobby(matchID: string, lobby: unknown, metadata: Server.MatchData): Promise<void> {
    return this.write({
      t: 'setLobby',
      matchID,
      lobby: JSON.stringify(lobby),
      metadata: JSON.stringify(metadata),
      updatedAt: metadata.updatedAt,
    });
  }

  putSide(matchID: string, kind: string, key: string, data: unknown): Promise<void> {
    return this.write({ t: 'putSide', matchID, kind, key, data: data === null ? null : JSON.stringify(data) });
  }

  async getSide(matchID: string, kind: string, key: string): Promise<unknown> {
    const r = this.q.getSide.get(kind, matchID, key) as { data: string } | undefined;
    return r ? JSON.parse(r.data) : undefined;
  }

  async listSide(kind: string, matchID?: string): Promise<SideRow[]> {
    const rows = (matchID === undefined ? this.q.listSide.all(kind) : this.q.listSideOf.all(kind, matchID)) as {
      match_id: string;
      key: string;
      data: string;
    }[];
    return rows.map((r) => ({ matchID: r.match_id, key: r.key, data: JSON.parse(r.data) }));
  }

  async takeSide(matchID: string, kind: string, key: string): Promise<unknown> {
    const taken = await this.ask({ t: 'takeSide', matchID, kind, key });
    return typeof taken === 'string' ? JSON.parse(taken) : undefined;
  }

  async swapSide(matchID: string, kind: string, key: string, expected: unknown, data: unknown): Promise<boolean> {
    // The stored text is JSON.stringify of what was written, and getSide's value stringifies back to it.
    const text = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    return (await this.ask({ t: 'swapSide', matchID, kind, key, expected: text(expected), data: text(data) })) === true;
  }

  override wipe(matchID: string): Promise<void> {
    this.deltas.forget(matchID);
    return this.write({ t: 'wipe', matchID });
  }

  async fetchLobby(matchID: string) {
    const r = this.q.lobby.get(matchID) as { lobby: string | null; metadata: string } | undefined;
    return r ? { lobby: r.lobby === null ? null : JSON.parse(r.lobby), metadata: JSON.parse(r.metadata) as Server.MatchData } : undefined;
  }

  async listPublic(limit: number): Promise<MatchRow[]> {
    const rows = this.q.listPublic.all(limit) as { id: string; metadata: string; lobby: string | null; created_at: number }[];
    return rows.map((r) => ({
      id: r.id,
      metadata: JSON.parse(r.metadata),
      lobby: r.lobby === null ? null : JSON.parse(r.lobby),
      createdAt: r.created_at,
    }));
  }

  override async fetch<O extends StorageAPI.FetchOpts>(matchID: string, opts: O): Promise<StorageAPI.FetchResult<O>> {
    // One read transaction: the match row, its snapshot and the rows after it as of one moment.
    const read = this.db.transaction(() => {
      const row = this.matchColumns(opts).get(matchID) as
        | { state?: string | null; state_id: number; initial_state?: string | null; metadata?: string }
        | undefined;
      return row && { row, state: opts.state ? this.readState(matchID, row.state ?? null, row.state_id) : undefined };
    });
    const found = read();
    const result: Record<string, unknown> = {};
    if (!found) return result as StorageAPI.FetchResult<O>;
    const { row } = found;
    if (opts.state) result.state = found.state;
    if (opts.initialState) result.initialState = row.initial_state ? JSON.parse(row.initial_state) : undefined;
    if (opts.metadata) result.metadata = row.metadata ? JSON.parse(row.metadata) : undefined;
    if (opts.log) result.log = decodeAll(this.rows(this.q.events.all(matchID))).flatMap((e) => e.actions);
    return result as StorageAPI.FetchResult<O>;
  }

  /** Only the columns asked for: the initial state can be large (a whole setup). */
  private matchColumns(opts: StorageAPI.FetchOpts): Statement {
    const cols = ['id', 'state_id'];
    if (opts.state) cols.push('state');
    if (opts.initialState) cols.push('initial_state');
    if (opts.metadata) cols.push('metadata');
    const key = cols.join(', ');
    let st = this.fetchStatements.get(key);
    if (!st) this.fetchStatements.set(key, (st = this.db.prepare(`SELECT ${key} FROM kon_matches WHERE id = ?`)));
    return st;
  }

  /** The match's state: its latest snapshot (a snapshot row, else the match row's state) and the changes after it. */
  private readState(matchID: string, rowState: string | null, rowStateID: number): State | undefined {
    const snap = this.q.latestSnapshot.get(matchID) as { state_id: number; snap: Buffer } | undefined;
    const baseText = snap ? inflateText(snap.snap) : rowState;
    if (baseText === null) return undefined;
    const baseID = snap ? snap.state_id : rowStateID;
    // From the first row of the chain the base's row is in: the rows up to the base are read for their words.
    const rows = this.rows(this.q.chainFrom.all({ m: matchID, at: baseID }));
    const reads = decodeRows(rows);
    const after: ChainRow[] = [];
    rows.forEach((r, i) => {
      if (r.stateID > baseID) after.push({ stateID: r.stateID, delta: () => reads[i]!().delta });
      else
        try {
          reads[i]!();
        } catch (e) {
          throw new CorruptMatchError(matchID, r.stateID, `its event cannot be read (${e instanceof Error ? e.message : e})`);
        }
    });
    return rebuild(matchID, JSON.parse(baseText), baseID, after);
  }

  async fetchHistory(matchID: string, from = 0): Promise<unknown[]> {
    // Every row that wrote past `from`, and the last row, which may have taken entries back (undo);
    // read from the first row of the chain the first of them is in.
    const events = decodeAll(this.rows(this.q.history.all({ m: matchID, from })));
    return historyOfEvents(events, from);
  }

  private rows(raw: unknown[]): StoredRow[] {
    return (raw as { state_id: number; log_base: number; codec: number | null; body: Buffer; snap: Buffer | null }[]).map((r) => ({
      stateID: r.state_id,
      logBase: r.log_base,
      codec: r.codec,
      body: r.body,
      snap: r.snap,
    }));
  }

  override async listMatches(opts: StorageAPI.ListMatchesOpts = {}): Promise<string[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (cond: string, v: unknown) => {
      where.push(cond);
      params.push(v);
    };
    if (opts.gameName !== undefined) add('game_name = ?', opts.gameName);
    const w = opts.where ?? {};
    if (w.isGameover !== undefined) add('gameover = ?', w.isGameover ? 1 : 0);
    if (w.updatedBefore !== undefined) add('updated_at < ?', w.updatedBefore);
    if (w.updatedAfter !== undefined) add('updated_at > ?', w.updatedAfter);
    const sql = `SELECT id FROM kon_matches${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at, id`;
    return (this.db.prepare(sql).all(...params) as { id: string }[]).map((r) => r.id);
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async dropAll(): Promise<void> {
    this.db.exec('DROP TABLE IF EXISTS kon_side; DROP TABLE IF EXISTS kon_events; DROP TABLE IF EXISTS kon_matches;');
  }

  protected async shutdown(): Promise<void> {
    await this.writer.close();
    this.db.close();
  }

  private write(op: WriteOp): Promise<void> {
    return this.track(this.writer.write(op).then(() => undefined));
  }

  /** A write whose answer the caller needs: it runs on the writer, which alone writes the file. */
  private ask(op: WriteOp): Promise<string | boolean | null | undefined> {
    return this.track(this.writer.write(op));
  }
}

/** A row as event-codec.ts reads it: the snapshot only where it starts a chain. */
const ROW = `state_id, log_base, codec, body, CASE WHEN codec IN (${CHAIN_STARTS.join(', ')}) THEN snap END AS snap`;
/** The state ID of the first row of the chain that the row at or before `at` is in (0 when none). */
const chainStart = (at: string) =>
  `coalesce((SELECT max(state_id) FROM kon_events WHERE match_id = @m AND state_id <= ${at} AND (codec IS NULL OR codec NOT IN (${CHAIN_NEXTS.join(', ')}))), 0)`;

function prepare(db: Database) {
  const s = (sql: string): Statement => db.prepare(sql);
  return {
    getSide: s('SELECT data FROM kon_side WHERE kind = ? AND match_id = ? AND key = ?'),
    listSide: s('SELECT match_id, key, data FROM kon_side WHERE kind = ?'),
    listSideOf: s('SELECT match_id, key, data FROM kon_side WHERE kind = ? AND match_id = ?'),
    lobby: s('SELECT lobby, metadata FROM kon_matches WHERE id = ?'),
    listPublic: s(
      'SELECT id, metadata, lobby, created_at FROM kon_matches WHERE public = 1 AND gameover = 0 ORDER BY created_at DESC LIMIT ?',
    ),
    events: s(`SELECT ${ROW} FROM kon_events WHERE match_id = ? ORDER BY state_id`),
    latestSnapshot: s('SELECT state_id, snap FROM kon_events WHERE match_id = ? AND snap IS NOT NULL ORDER BY state_id DESC LIMIT 1'),
    chainFrom: s(`SELECT ${ROW} FROM kon_events WHERE match_id = @m AND state_id >= ${chainStart('@at')} ORDER BY state_id`),
    history: s(
      `SELECT ${ROW} FROM kon_events WHERE match_id = @m AND state_id >= ${chainStart(
        '(SELECT min(state_id) FROM kon_events WHERE match_id = @m AND (log_base + n_entries > @from OR state_id = (SELECT max(state_id) FROM kon_events WHERE match_id = @m)))',
      )} ORDER BY state_id`,
    ),
  };
}
