import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Server, State, StorageAPI } from 'boardgame.io';
import type { Database, Statement } from 'better-sqlite3';
import { BaseStore, eventOf, historyFrom, isGameover, logOf } from './base-store';
import { decodeEvent, encodeEvent } from './event-codec';
import { GroupCommit } from './group-commit';
import { MatchNotFoundError, StaleStateError, type MatchRow, type MoveCommit, type SideRow } from './types';

const require = createRequire(import.meta.url);

export interface SqliteOptions {
  /** FULL (default): a committed move survives power loss. NORMAL: only a crash of the process. */
  synchronous?: 'FULL' | 'NORMAL';
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS kon_matches (
    id            TEXT PRIMARY KEY,
    game_name     TEXT NOT NULL,
    state         TEXT,
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
    body      BLOB NOT NULL,  -- entries and actions, see event-codec.ts
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

/** The embedded store: one SQLite file (WAL), written through group commits. */
export class SqliteStore extends BaseStore {
  readonly kind = 'sqlite' as const;
  private readonly db: Database;
  private readonly writes: GroupCommit;
  private q!: ReturnType<typeof prepare>;
  private readonly fetchStatements = new Map<string, Statement>();

  constructor(file: string, opts: SqliteOptions = {}) {
    super();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const BetterSqlite = require('better-sqlite3') as typeof import('better-sqlite3');
    this.db = new BetterSqlite(file, { timeout: 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${opts.synchronous ?? 'FULL'}`);
    this.writes = new GroupCommit(this.db);
  }

  get commitStats() {
    return this.writes.stats;
  }

  override async connect(): Promise<void> {
    this.db.exec(SCHEMA);
    this.q = prepare(this.db);
  }

  createMatchWithLobby(
    matchID: string,
    { initialState, metadata }: StorageAPI.CreateMatchOpts,
    lobby: unknown,
    isPublic: boolean,
  ): Promise<void> {
    const { entries, base } = logOf(initialState);
    const state = JSON.stringify(initialState);
    const body = encodeEvent(entries, []);
    return this.write(() => {
      this.q.insertMatch.run({
        id: matchID,
        game_name: metadata.gameName,
        state,
        state_id: initialState._stateID,
        metadata: JSON.stringify(metadata),
        lobby: lobby === null ? null : JSON.stringify(lobby),
        public: isPublic ? 1 : 0,
        gameover: isGameover(metadata) ? 1 : 0,
        created_at: metadata.createdAt,
        updated_at: metadata.updatedAt,
        log_len: (base ?? 0) + entries.length,
      });
      this.q.insertEvent.run(matchID, initialState._stateID, base ?? 0, entries.length, body);
    });
  }

  commitMove(matchID: string, { state, metadata, deltalog }: MoveCommit): Promise<void> {
    const stateText = JSON.stringify(state);
    const metaText = metadata ? JSON.stringify(metadata) : null;
    // Encode outside the transaction when the state says where its entries start (the whole batch waits on it).
    const known = logOf(state).base !== undefined ? eventOf(state, 0) : undefined;
    const knownBody = known && encodeEvent(known.entries, deltalog);
    return this.write(() => {
      const row = this.q.head.get(matchID) as { state_id: number; log_len: number } | undefined;
      if (!row) throw new MatchNotFoundError(matchID);
      if (row.state_id >= state._stateID) throw new StaleStateError(matchID, state._stateID);
      const ev = known ?? eventOf(state, row.log_len);
      this.q.updateState.run({
        id: matchID,
        state: stateText,
        state_id: state._stateID,
        metadata: metaText,
        updated_at: metadata ? metadata.updatedAt : null,
        gameover: metadata ? (isGameover(metadata) ? 1 : 0) : null,
        log_len: ev.base + ev.entries.length,
      });
      this.q.insertEvent.run(matchID, state._stateID, ev.base, ev.entries.length, knownBody ?? encodeEvent(ev.entries, deltalog));
    });
  }

  override setMetadata(matchID: string, metadata: Server.MatchData): Promise<void> {
    const text = JSON.stringify(metadata);
    return this.write(() => {
      this.q.setMetadata.run(text, metadata.updatedAt, isGameover(metadata) ? 1 : 0, matchID);
    });
  }

  setLobby(matchID: string, lobby: unknown, metadata: Server.MatchData): Promise<void> {
    const l = JSON.stringify(lobby);
    const m = JSON.stringify(metadata);
    return this.write(() => {
      this.q.setLobby.run(l, m, metadata.updatedAt, matchID);
    });
  }

  putSide(matchID: string, kind: string, key: string, data: unknown): Promise<void> {
    const text = data === null ? null : JSON.stringify(data);
    return this.write(() => {
      if (text === null) this.q.deleteSide.run(kind, matchID, key);
      else this.q.putSide.run(matchID, kind, key, text);
    });
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

  override wipe(matchID: string): Promise<void> {
    return this.write(() => {
      this.q.deleteSideOf.run(matchID);
      this.q.deleteEvents.run(matchID);
      this.q.deleteMatch.run(matchID);
    });
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
    const row = this.matchColumns(opts).get(matchID) as
      | { state?: string | null; initial_state?: string | null; metadata?: string }
      | undefined;
    const result: Record<string, unknown> = {};
    if (!row) return result as StorageAPI.FetchResult<O>;
    if (opts.state) result.state = row.state ? (JSON.parse(row.state) as State) : undefined;
    if (opts.initialState) result.initialState = row.initial_state ? JSON.parse(row.initial_state) : undefined;
    if (opts.metadata) result.metadata = row.metadata ? JSON.parse(row.metadata) : undefined;
    if (opts.log) result.log = (this.q.events.all(matchID) as { body: Buffer }[]).flatMap((r) => decodeEvent(r.body).actions);
    return result as StorageAPI.FetchResult<O>;
  }

  /** Only the columns asked for: the initial state can be large (a whole setup). */
  private matchColumns(opts: StorageAPI.FetchOpts): Statement {
    const cols = ['id'];
    if (opts.state) cols.push('state');
    if (opts.initialState) cols.push('initial_state');
    if (opts.metadata) cols.push('metadata');
    const key = cols.join(', ');
    let st = this.fetchStatements.get(key);
    if (!st) this.fetchStatements.set(key, (st = this.db.prepare(`SELECT ${key} FROM kon_matches WHERE id = ?`)));
    return st;
  }

  async fetchHistory(matchID: string, from = 0): Promise<unknown[]> {
    const rows = this.q.history.all({ m: matchID, from }) as { log_base: number; body: Buffer }[];
    return historyFrom(
      rows.map((r) => ({ log_base: r.log_base, entries: decodeEvent(r.body).entries })),
      from,
    );
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
    this.db.close();
  }

  private write(fn: () => void): Promise<void> {
    return this.track(this.writes.run(fn));
  }
}

function prepare(db: Database) {
  const s = (sql: string): Statement => db.prepare(sql);
  return {
    insertMatch: s(`INSERT INTO kon_matches
        (id, game_name, state, state_id, initial_state, metadata, lobby, public, gameover, created_at, updated_at, log_len)
        VALUES (@id, @game_name, @state, @state_id, @state, @metadata, @lobby, @public, @gameover, @created_at, @updated_at, @log_len)`),
    insertEvent: s('INSERT INTO kon_events (match_id, state_id, log_base, n_entries, body) VALUES (?, ?, ?, ?, ?)'),
    head: s('SELECT state_id, log_len FROM kon_matches WHERE id = ?'),
    updateState: s(`UPDATE kon_matches
        SET state = @state, state_id = @state_id, log_len = @log_len,
            metadata = coalesce(@metadata, metadata), updated_at = coalesce(@updated_at, updated_at), gameover = coalesce(@gameover, gameover)
        WHERE id = @id`),
    setMetadata: s('UPDATE kon_matches SET metadata = ?, updated_at = ?, gameover = ? WHERE id = ?'),
    setLobby: s('UPDATE kon_matches SET lobby = ?, metadata = ?, updated_at = ? WHERE id = ?'),
    deleteEvents: s('DELETE FROM kon_events WHERE match_id = ?'),
    putSide: s(
      'INSERT INTO kon_side (match_id, kind, key, data) VALUES (?, ?, ?, ?) ON CONFLICT (kind, match_id, key) DO UPDATE SET data = excluded.data',
    ),
    deleteSide: s('DELETE FROM kon_side WHERE kind = ? AND match_id = ? AND key = ?'),
    deleteSideOf: s('DELETE FROM kon_side WHERE match_id = ?'),
    getSide: s('SELECT data FROM kon_side WHERE kind = ? AND match_id = ? AND key = ?'),
    listSide: s('SELECT match_id, key, data FROM kon_side WHERE kind = ?'),
    listSideOf: s('SELECT match_id, key, data FROM kon_side WHERE kind = ? AND match_id = ?'),
    deleteMatch: s('DELETE FROM kon_matches WHERE id = ?'),
    lobby: s('SELECT lobby, metadata FROM kon_matches WHERE id = ?'),
    listPublic: s(
      'SELECT id, metadata, lobby, created_at FROM kon_matches WHERE public = 1 AND gameover = 0 ORDER BY created_at DESC LIMIT ?',
    ),
    events: s('SELECT body FROM kon_events WHERE match_id = ? ORDER BY state_id'),
    // Every row that wrote past `from`, and the last row, which may have taken entries back (undo).
    history: s(
      'SELECT log_base, body FROM kon_events WHERE match_id = @m AND (log_base + n_entries > @from OR state_id = (SELECT max(state_id) FROM kon_events WHERE match_id = @m)) ORDER BY state_id',
    ),
  };
}
