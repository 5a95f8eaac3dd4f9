import { createRequire } from 'node:module';
import type { LogEntry, Server, State, StorageAPI } from 'boardgame.io';
import type { SqlDriver } from './driver';

const require = createRequire(import.meta.url);
const { Async } = require('boardgame.io/internal') as typeof import('boardgame.io/internal');

type FetchOpts = StorageAPI.FetchOpts;
type FetchResult<O extends FetchOpts> = StorageAPI.FetchResult<O>;
type ListOpts = StorageAPI.ListMatchesOpts;

export interface MoveCommit {
  state: State;
  metadata?: Server.MatchData;
  deltalog: LogEntry[];
}

export interface MatchRow {
  id: string;
  metadata: Server.MatchData;
  lobby: unknown;
  createdAt: number;
}

/**
 * boardgame.io StorageAPI.Async over SQL, shared by PGlite (embedded, default) and PostgreSQL (DATABASE_URL).
 * One row per match: state, initial state, metadata, the action log, and our lobby record (invites, members;
 * secrets only as hashes). Every write is tracked so shutdown can wait for pending writes.
 */
export class SqlStorage extends Async {
  private readonly table: string;
  private pending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly driver: SqlDriver,
    private readonly schema = 'public',
  ) {
    super();
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('bad schema name');
    this.table = `"${schema}"."kon_matches"`;
  }

  get kind() {
    return this.driver.kind;
  }

  private track<T>(p: Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('storage is closed'));
    this.pending.add(p);
    const done = () => this.pending.delete(p);
    p.then(done, done);
    return p;
  }

  override async connect(): Promise<void> {
    if (this.schema !== 'public') await this.driver.exec(`CREATE SCHEMA IF NOT EXISTS "${this.schema}"`);
    await this.driver.exec(`
      CREATE TABLE IF NOT EXISTS ${this.table} (
        id            text PRIMARY KEY,
        game_name     text NOT NULL,
        state         jsonb,
        initial_state jsonb,
        metadata      jsonb NOT NULL,
        log           jsonb NOT NULL DEFAULT '[]'::jsonb,
        history       jsonb NOT NULL DEFAULT '[]'::jsonb,
        lobby         jsonb,
        public        boolean NOT NULL DEFAULT false,
        gameover      boolean NOT NULL DEFAULT false,
        created_at    bigint NOT NULL,
        updated_at    bigint NOT NULL
      );
      CREATE INDEX IF NOT EXISTS kon_matches_public_idx ON ${this.table} (public, created_at DESC);
    `);
  }

  override createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts): Promise<void> {
    return this.createMatchWithLobby(matchID, opts, null, false);
  }

  createMatchWithLobby(
    matchID: string,
    { initialState, metadata }: StorageAPI.CreateMatchOpts,
    lobby: unknown,
    isPublic: boolean,
  ): Promise<void> {
    return this.track(
      this.driver
        .query(
          `INSERT INTO ${this.table}
             (id, game_name, state, initial_state, metadata, log, history, lobby, public, gameover, created_at, updated_at)
           VALUES ($1, $2, $3::jsonb, $3::jsonb, $4::jsonb, '[]'::jsonb, $9::jsonb, $5::jsonb, $6, false, $7, $8)`,
          [
            matchID,
            metadata.gameName,
            JSON.stringify(initialState),
            JSON.stringify(metadata),
            lobby === null ? null : JSON.stringify(lobby),
            isPublic,
            metadata.createdAt,
            metadata.updatedAt,
            JSON.stringify((initialState.G as { log?: unknown[] })?.log ?? []),
          ],
        )
        .then(() => undefined),
    );
  }

  override setState(matchID: string, state: State, deltalog?: LogEntry[]): Promise<void> {
    // Never let an older state overwrite a newer one.
    return this.track(
      this.driver
        .query(
          `UPDATE ${this.table}
              SET state = $2::jsonb,
                  log = log || $3::jsonb
            WHERE id = $1
              AND coalesce((state->>'_stateID')::int, -1) <= $4`,
          [matchID, JSON.stringify(state), JSON.stringify(deltalog ?? []), state._stateID],
        )
        .then(() => undefined),
    );
  }

  /** Interim (replaced by the storage rework): a move's state, metadata and log entries in one statement. */
  commitMove(matchID: string, c: MoveCommit): Promise<void> {
    return this.track(
      this.driver
        .query(
          `UPDATE ${this.table}
              SET state = $2::jsonb, log = log || $3::jsonb, history = history || $5::jsonb,
                  metadata = coalesce($6::jsonb, metadata), updated_at = $7, gameover = $8
            WHERE id = $1 AND coalesce((state->>'_stateID')::int, -1) < $4 RETURNING id`,
          [matchID, JSON.stringify(c.state), JSON.stringify(c.deltalog), c.state._stateID,
            JSON.stringify((c.state.G as { log?: unknown[] })?.log ?? []),
            c.metadata ? JSON.stringify(c.metadata) : null, c.metadata?.updatedAt ?? Date.now(), c.state.ctx.gameover !== undefined],
        )
        .then((rows) => {
          if (rows.length === 0) throw Object.assign(new Error('stale state'), { code: 'stale' });
        }),
    );
  }

  async fetchHistory(matchID: string, from = 0): Promise<unknown[]> {
    const rows = await this.track(this.driver.query<{ history: unknown[] }>(`SELECT history FROM ${this.table} WHERE id = $1`, [matchID]));
    return (rows[0]?.history ?? []).slice(from);
  }

  override setMetadata(matchID: string, metadata: Server.MatchData): Promise<void> {
    return this.track(
      this.driver
        .query(
          `UPDATE ${this.table}
              SET metadata = $2::jsonb, updated_at = $3, gameover = $4
            WHERE id = $1`,
          [matchID, JSON.stringify(metadata), metadata.updatedAt, metadata.gameover !== undefined && metadata.gameover !== null],
        )
        .then(() => undefined),
    );
  }

  /** Our lobby writes: lobby record and the boardgame.io metadata derived from it, in one statement. */
  setLobby(matchID: string, lobby: unknown, metadata: Server.MatchData): Promise<void> {
    return this.track(
      this.driver
        .query(
          `UPDATE ${this.table} SET lobby = $2::jsonb, metadata = $3::jsonb, updated_at = $4 WHERE id = $1`,
          [matchID, JSON.stringify(lobby), JSON.stringify(metadata), metadata.updatedAt],
        )
        .then(() => undefined),
    );
  }

  async fetchLobby(matchID: string): Promise<{ lobby: unknown; metadata: Server.MatchData } | undefined> {
    const rows = await this.track(
      this.driver.query<{ lobby: unknown; metadata: Server.MatchData }>(
        `SELECT lobby, metadata FROM ${this.table} WHERE id = $1`,
        [matchID],
      ),
    );
    return rows[0];
  }

  async listPublic(limit: number): Promise<MatchRow[]> {
    const rows = await this.track(
      this.driver.query<{ id: string; metadata: Server.MatchData; lobby: unknown; created_at: string | number }>(
        `SELECT id, metadata, lobby, created_at FROM ${this.table}
          WHERE public AND NOT gameover ORDER BY created_at DESC LIMIT $1`,
        [limit],
      ),
    );
    return rows.map((r) => ({ id: r.id, metadata: r.metadata, lobby: r.lobby, createdAt: Number(r.created_at) }));
  }

  override async fetch<O extends FetchOpts>(matchID: string, opts: O): Promise<FetchResult<O>> {
    const cols = ['id'];
    if (opts.state) cols.push('state');
    if (opts.initialState) cols.push('initial_state');
    if (opts.metadata) cols.push('metadata');
    if (opts.log) cols.push('log');
    const rows = await this.track(
      this.driver.query<Record<string, unknown>>(`SELECT ${cols.join(', ')} FROM ${this.table} WHERE id = $1`, [
        matchID,
      ]),
    );
    const row = rows[0];
    const result: Record<string, unknown> = {};
    if (!row) return result as FetchResult<O>;
    if (opts.state) result.state = row.state ?? undefined;
    if (opts.initialState) result.initialState = row.initial_state ?? undefined;
    if (opts.metadata) result.metadata = row.metadata ?? undefined;
    if (opts.log) result.log = row.log ?? [];
    return result as FetchResult<O>;
  }

  override wipe(matchID: string): Promise<void> {
    return this.track(this.driver.query(`DELETE FROM ${this.table} WHERE id = $1`, [matchID]).then(() => undefined));
  }

  override async listMatches(opts: ListOpts = {}): Promise<string[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (opts.gameName !== undefined) {
      params.push(opts.gameName);
      where.push(`game_name = $${params.length}`);
    }
    const w = opts.where ?? {};
    if (w.isGameover !== undefined) {
      params.push(w.isGameover);
      where.push(`gameover = $${params.length}`);
    }
    if (w.updatedBefore !== undefined) {
      params.push(w.updatedBefore);
      where.push(`updated_at < $${params.length}`);
    }
    if (w.updatedAfter !== undefined) {
      params.push(w.updatedAfter);
      where.push(`updated_at > $${params.length}`);
    }
    const sql = `SELECT id FROM ${this.table}${where.length ? ' WHERE ' + where.join(' AND ') : ''} ORDER BY created_at`;
    const rows = await this.track(this.driver.query<{ id: string }>(sql, params));
    return rows.map((r) => r.id);
  }

  async ping(): Promise<void> {
    await this.driver.query('SELECT 1');
  }

  /** Resolves when every write started so far has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.drain();
    this.closed = true;
    await this.driver.close();
  }

  /** For tests: drop this schema's table. */
  async dropAll(): Promise<void> {
    await this.driver.exec(`DROP TABLE IF EXISTS ${this.table}`);
    if (this.schema !== 'public') await this.driver.exec(`DROP SCHEMA IF EXISTS "${this.schema}" CASCADE`);
  }
}
