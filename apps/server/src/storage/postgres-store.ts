import { createRequire } from 'node:module';
import type { Server, StorageAPI } from 'boardgame.io';
import type { Pool } from 'pg';
import { BaseStore, historyFrom, isGameover, joinArrays, logOf } from './base-store';
import { DeltaPlanner, type MovePlan, rebuild } from './snapshots';
import type { DeltaOp } from './state-delta';
import { MatchNotFoundError, RebaseError, StaleStateError, type MatchRow, type MoveCommit, type SideRow } from './types';

const require = createRequire(import.meta.url);

/** PostgreSQL (DATABASE_URL), the production store: every write is one statement, so one round trip. */
export class PostgresStore extends BaseStore {
  readonly kind = 'postgres' as const;
  private readonly t: string;
  private readonly ev: string;
  private readonly side: string;
  private readonly deltas: DeltaPlanner;

  private constructor(
    private readonly pool: Pool,
    private readonly schema: string,
    snapshotEvery?: number,
  ) {
    super();
    this.deltas = new DeltaPlanner(snapshotEvery);
    this.t = `"${schema}"."kon_matches"`;
    this.ev = `"${schema}"."kon_events"`;
    this.side = `"${schema}"."kon_side"`;
  }

  static async open(url: string, schema = 'public', snapshotEvery?: number): Promise<PostgresStore> {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('bad schema name');
    // pg is CommonJS; load it the plain way.
    const pg = require('pg') as typeof import('pg');
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection dropped by the server (restart, failover) is an 'error' event that would end
    // the process if nobody listened; the pool replaces the connection and /healthz reports the outage.
    pool.on('error', () => {});
    // Fail fast with a clear error if the database is unreachable.
    const c = await pool.connect();
    c.release();
    return new PostgresStore(pool, schema, snapshotEvery);
  }

  private async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }

  private write(sql: string, params: unknown[]): Promise<void> {
    return this.track(this.query(sql, params).then(() => undefined));
  }

  override async connect(): Promise<void> {
    if (this.schema !== 'public') await this.query(`CREATE SCHEMA IF NOT EXISTS "${this.schema}"`);
    await this.query(`
      CREATE TABLE IF NOT EXISTS ${this.t} (
        id            text PRIMARY KEY,
        game_name     text NOT NULL,
        state         jsonb,
        state_id      integer NOT NULL,
        initial_state jsonb,
        metadata      jsonb NOT NULL,
        lobby         jsonb,
        public        boolean NOT NULL DEFAULT false,
        gameover      boolean NOT NULL DEFAULT false,
        created_at    bigint NOT NULL,
        updated_at    bigint NOT NULL,
        log_len       integer NOT NULL DEFAULT 0,
        snap_id       integer
      );
      CREATE INDEX IF NOT EXISTS kon_matches_public_idx ON ${this.t} (public, created_at DESC);
      CREATE TABLE IF NOT EXISTS ${this.ev} (
        match_id  text NOT NULL,
        state_id  integer NOT NULL,
        log_base  integer NOT NULL,
        n_entries integer NOT NULL,
        entries   jsonb NOT NULL,
        actions   jsonb NOT NULL,
        delta_base integer,
        delta     jsonb,
        PRIMARY KEY (match_id, state_id)
      );
      CREATE TABLE IF NOT EXISTS ${this.side} (
        match_id text NOT NULL,
        kind     text NOT NULL,
        key      text NOT NULL,
        data     jsonb NOT NULL,
        PRIMARY KEY (kind, match_id, key)
      );
    `);
    await this.migrateSingleRowMatches();
    await this.migrateToSnapshots();
  }

  /**
   * Tables from before moves were stored as changes: kon_matches.state was rewritten on every move, so
   * it is each match's snapshot at its state_id (snap_id); the events take the change columns.
   */
  private async migrateToSnapshots(): Promise<void> {
    await this.query(`
      ALTER TABLE ${this.t} ADD COLUMN IF NOT EXISTS snap_id integer;
      ALTER TABLE ${this.ev} ADD COLUMN IF NOT EXISTS delta_base integer, ADD COLUMN IF NOT EXISTS delta jsonb;
      UPDATE ${this.t} SET snap_id = state_id WHERE snap_id IS NULL;`);
  }

  /**
   * Tables of the earlier shape (the whole action log in kon_matches.log, rewritten on every move):
   * each match's log so far becomes its first event row, at its current state. One transaction.
   */
  private async migrateSingleRowMatches(): Promise<void> {
    const old = await this.query(
      `SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'kon_matches' AND column_name = 'log'`,
      [this.schema],
    );
    if (old.length === 0) return;
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query(`LOCK TABLE ${this.t} IN ACCESS EXCLUSIVE MODE`);
      await c.query(
        `ALTER TABLE ${this.t} ADD COLUMN IF NOT EXISTS state_id integer, ADD COLUMN IF NOT EXISTS log_len integer NOT NULL DEFAULT 0`,
      );
      await c.query(`
        UPDATE ${this.t}
           SET state_id = coalesce((state->>'_stateID')::int, 0),
               log_len = CASE WHEN jsonb_typeof(state->'G'->'log') = 'array' THEN jsonb_array_length(state->'G'->'log') ELSE 0 END`);
      await c.query(`
        INSERT INTO ${this.ev} (match_id, state_id, log_base, n_entries, entries, actions)
        SELECT id, state_id, 0, log_len, CASE WHEN log_len > 0 THEN state->'G'->'log' ELSE '[]'::jsonb END, coalesce(log, '[]'::jsonb)
          FROM ${this.t}
        ON CONFLICT DO NOTHING`);
      await c.query(`ALTER TABLE ${this.t} ALTER COLUMN state_id SET NOT NULL, DROP COLUMN log`);
      await c.query('COMMIT');
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
  }

  createMatchWithLobby(
    matchID: string,
    { initialState, metadata }: StorageAPI.CreateMatchOpts,
    lobby: unknown,
    isPublic: boolean,
  ): Promise<void> {
    const { entries, base = 0 } = logOf(initialState);
    this.deltas.forget(matchID);
    return this.write(
      `WITH m AS (
         INSERT INTO ${this.t}
           (id, game_name, state, state_id, initial_state, metadata, lobby, public, gameover, created_at, updated_at, log_len, snap_id)
         VALUES ($1, $2, $3::jsonb, $4, $3::jsonb, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11::int + $12::int, $4)
         RETURNING id
       )
       INSERT INTO ${this.ev} (match_id, state_id, log_base, n_entries, entries, actions)
       SELECT id, $4::int, $11::int, $12::int, $13::jsonb, '[]'::jsonb FROM m`,
      [
        matchID,
        metadata.gameName,
        JSON.stringify(initialState),
        initialState._stateID,
        JSON.stringify(metadata),
        lobby === null ? null : JSON.stringify(lobby),
        isPublic,
        isGameover(metadata),
        metadata.createdAt,
        metadata.updatedAt,
        base,
        entries.length,
        JSON.stringify(entries),
      ],
    );
  }

  commitMove(matchID: string, commit: MoveCommit): Promise<void> {
    return this.deltas.commit(matchID, commit.state, (plan) => this.writeMove(matchID, commit, plan));
  }

  /**
   * One statement: lock the match row if its state is older (and is the delta's base), work out the
   * event (a state without logBase holds the whole log: keep only the entries past those stored),
   * update the head (and the snapshot, every N moves), append.
   */
  private writeMove(matchID: string, { state, metadata, deltalog }: MoveCommit, plan: MovePlan): Promise<void> {
    const { entries, base } = logOf(state);
    const sql = `
      WITH prev AS (
        SELECT id, log_len FROM ${this.t} WHERE id = $1 AND state_id < $3 AND ($10::int IS NULL OR state_id = $10) FOR UPDATE
      ), ev AS (
        SELECT id,
               coalesce($7::int, log_len) AS base,
               CASE WHEN $7::int IS NULL
                    THEN jsonb_path_query_array($8::jsonb, '$[$from to last]', jsonb_build_object('from', log_len))
                    ELSE $8::jsonb END AS entries
          FROM prev
      ), up AS (
        UPDATE ${this.t} t
           SET state_id = $3, log_len = ev.base + jsonb_array_length(ev.entries),
               state = coalesce($2::jsonb, t.state), snap_id = CASE WHEN $2::jsonb IS NULL THEN t.snap_id ELSE $3 END,
               metadata = coalesce($4::jsonb, t.metadata), updated_at = coalesce($5, t.updated_at), gameover = coalesce($6, t.gameover)
          FROM ev WHERE t.id = ev.id
        RETURNING t.id
      ), ins AS (
        INSERT INTO ${this.ev} (match_id, state_id, log_base, n_entries, entries, actions, delta_base, delta)
        SELECT id, $3, base, jsonb_array_length(entries), entries, $9::jsonb, $10::int, $11::jsonb FROM ev
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM up)::int AS written, (SELECT state_id FROM ${this.t} WHERE id = $1) AS stored`;
    const params = [
      matchID,
      plan.snapshot,
      state._stateID,
      metadata ? JSON.stringify(metadata) : null,
      metadata ? metadata.updatedAt : null,
      metadata ? isGameover(metadata) : null,
      base ?? null,
      JSON.stringify(entries),
      JSON.stringify(deltalog),
      plan.deltaBase,
      plan.delta,
    ];
    return this.track(
      this.query<{ written: number; stored: number | null }>(sql, params).then(([r]) => {
        if (r?.written === 1) return;
        if (r?.stored === null || r?.stored === undefined) throw new MatchNotFoundError(matchID);
        if (r.stored < state._stateID && plan.deltaBase !== null) throw new RebaseError(`match ${matchID}: stored head ${r.stored}`);
        throw new StaleStateError(matchID, state._stateID);
      }),
    );
  }

  override setMetadata(matchID: string, metadata: Server.MatchData): Promise<void> {
    return this.write(`UPDATE ${this.t} SET metadata = $2::jsonb, updated_at = $3, gameover = $4 WHERE id = $1`, [
      matchID,
      JSON.stringify(metadata),
      metadata.updatedAt,
      isGameover(metadata),
    ]);
  }

  setLobby(matchID: string, lobby: unknown, metadata: Server.MatchData): Promise<void> {
    return this.write(`UPDATE ${this.t} SET lobby = $2::jsonb, metadata = $3::jsonb, updated_at = $4 WHERE id = $1`, [
      matchID,
      JSON.stringify(lobby),
      JSON.stringify(metadata),
      metadata.updatedAt,
    ]);
  }

  override wipe(matchID: string): Promise<void> {
    this.deltas.forget(matchID);
    return this.write(
      `WITH s AS (DELETE FROM ${this.side} WHERE match_id = $1), e AS (DELETE FROM ${this.ev} WHERE match_id = $1) DELETE FROM ${this.t} WHERE id = $1`,
      [matchID],
    );
  }

  putSide(matchID: string, kind: string, key: string, data: unknown): Promise<void> {
    if (data === null) return this.write(`DELETE FROM ${this.side} WHERE kind = $1 AND match_id = $2 AND key = $3`, [kind, matchID, key]);
    return this.write(
      `INSERT INTO ${this.side} (match_id, kind, key, data) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (kind, match_id, key) DO UPDATE SET data = excluded.data`,
      [matchID, kind, key, JSON.stringify(data)],
    );
  }

  async getSide(matchID: string, kind: string, key: string): Promise<unknown> {
    const rows = await this.track(
      this.query<{ data: unknown }>(`SELECT data FROM ${this.side} WHERE kind = $1 AND match_id = $2 AND key = $3`, [kind, matchID, key]),
    );
    return rows[0]?.data;
  }

  async listSide(kind: string, matchID?: string): Promise<SideRow[]> {
    const rows = await this.track(
      matchID === undefined
        ? this.query<{ match_id: string; key: string; data: unknown }>(`SELECT match_id, key, data FROM ${this.side} WHERE kind = $1`, [
            kind,
          ])
        : this.query<{ match_id: string; key: string; data: unknown }>(
            `SELECT match_id, key, data FROM ${this.side} WHERE kind = $1 AND match_id = $2`,
            [kind, matchID],
          ),
    );
    return rows.map((r) => ({ matchID: r.match_id, key: r.key, data: r.data }));
  }

  async takeSide(matchID: string, kind: string, key: string): Promise<unknown> {
    const rows = await this.track(
      this.query<{ data: unknown }>(`DELETE FROM ${this.side} WHERE kind = $1 AND match_id = $2 AND key = $3 RETURNING data`, [
        kind,
        matchID,
        key,
      ]),
    );
    return rows[0]?.data;
  }

  /**
   * One statement each way. Under READ COMMITTED a racing UPDATE or DELETE waits for the row's lock and
   * then checks its WHERE against the row as the other committed it, so only one of them matches.
   */
  async swapSide(matchID: string, kind: string, key: string, expected: unknown, data: unknown): Promise<boolean> {
    const where = `kind = $1 AND match_id = $2 AND key = $3`;
    const ids = [kind, matchID, key];
    const changed = (sql: string, params: unknown[]) => this.track(this.pool.query(sql, params)).then((r) => (r.rowCount ?? 0) > 0);
    if (expected === undefined || expected === null) {
      if (data === null) return (await this.track(this.query(`SELECT 1 FROM ${this.side} WHERE ${where}`, ids))).length === 0;
      return changed(`INSERT INTO ${this.side} (kind, match_id, key, data) VALUES ($1, $2, $3, $4::jsonb) ON CONFLICT DO NOTHING`, [
        ...ids,
        JSON.stringify(data),
      ]);
    }
    if (data === null) return changed(`DELETE FROM ${this.side} WHERE ${where} AND data = $4::jsonb`, [...ids, JSON.stringify(expected)]);
    return changed(`UPDATE ${this.side} SET data = $5::jsonb WHERE ${where} AND data = $4::jsonb`, [
      ...ids,
      JSON.stringify(expected),
      JSON.stringify(data),
    ]);
  }

  async fetchLobby(matchID: string) {
    const rows = await this.track(
      this.query<{ lobby: unknown; metadata: Server.MatchData }>(`SELECT lobby, metadata FROM ${this.t} WHERE id = $1`, [matchID]),
    );
    return rows[0];
  }

  async listPublic(limit: number): Promise<MatchRow[]> {
    const rows = await this.track(
      this.query<{ id: string; metadata: Server.MatchData; lobby: unknown; created_at: string }>(
        `SELECT id, metadata, lobby, created_at FROM ${this.t} WHERE public AND NOT gameover ORDER BY created_at DESC LIMIT $1`,
        [limit],
      ),
    );
    return rows.map((r) => ({ id: r.id, metadata: r.metadata, lobby: r.lobby, createdAt: Number(r.created_at) }));
  }

  override async fetch<O extends StorageAPI.FetchOpts>(matchID: string, opts: O): Promise<StorageAPI.FetchResult<O>> {
    const cols = ['id'];
    // The snapshot and, in the same statement (one moment), the changes after it.
    if (opts.state)
      cols.push(
        'state',
        'snap_id',
        `(SELECT coalesce(array_agg(json_build_array(state_id, delta_base, delta)::text ORDER BY state_id), '{}') FROM ${this.ev} WHERE match_id = $1 AND state_id > snap_id) AS chain`,
      );
    if (opts.initialState) cols.push('initial_state');
    if (opts.metadata) cols.push('metadata');
    // The action log is assembled from the event rows in the same statement (one snapshot).
    if (opts.log)
      cols.push(`(SELECT coalesce(array_agg(actions::text ORDER BY state_id), '{}') FROM ${this.ev} WHERE match_id = $1) AS actions`);
    const [row] = await this.track(
      this.query<Record<string, unknown>>(`SELECT ${cols.join(', ')} FROM ${this.t} WHERE id = $1`, [matchID]),
    );
    const result: Record<string, unknown> = {};
    if (!row) return result as StorageAPI.FetchResult<O>;
    if (opts.state)
      result.state =
        row.state === null || row.state === undefined
          ? undefined
          : rebuild(
              matchID,
              row.state,
              Number(row.snap_id),
              (row.chain as string[]).map((text) => {
                const [stateID, base, ops] = JSON.parse(text) as [number, number | null, DeltaOp[] | null];
                return { stateID, delta: base === null || ops === null ? undefined : { base, ops } };
              }),
            );
    if (opts.initialState) result.initialState = row.initial_state ?? undefined;
    if (opts.metadata) result.metadata = row.metadata ?? undefined;
    if (opts.log) result.log = joinArrays(row.actions as string[]);
    return result as StorageAPI.FetchResult<O>;
  }

  async fetchHistory(matchID: string, from = 0): Promise<unknown[]> {
    const rows = await this.track(
      this.query<{ log_base: number; entries: string }>(
        // Every row that wrote past `from`, and the last row, which may have taken entries back (undo).
        `SELECT log_base, entries::text AS entries FROM ${this.ev} WHERE match_id = $1
           AND (log_base + n_entries > $2 OR state_id = (SELECT max(state_id) FROM ${this.ev} WHERE match_id = $1)) ORDER BY state_id`,
        [matchID, from],
      ),
    );
    return historyFrom(rows, from);
  }

  override async listMatches(opts: StorageAPI.ListMatchesOpts = {}): Promise<string[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (cond: (n: string) => string, v: unknown) => {
      params.push(v);
      where.push(cond(`$${params.length}`));
    };
    if (opts.gameName !== undefined) add((n) => `game_name = ${n}`, opts.gameName);
    const w = opts.where ?? {};
    if (w.isGameover !== undefined) add((n) => `gameover = ${n}`, w.isGameover);
    if (w.updatedBefore !== undefined) add((n) => `updated_at < ${n}`, w.updatedBefore);
    if (w.updatedAfter !== undefined) add((n) => `updated_at > ${n}`, w.updatedAfter);
    const sql = `SELECT id FROM ${this.t}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at, id`;
    const rows = await this.track(this.query<{ id: string }>(sql, params));
    return rows.map((r) => r.id);
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  async dropAll(): Promise<void> {
    await this.query(`DROP TABLE IF EXISTS ${this.side}; DROP TABLE IF EXISTS ${this.ev}; DROP TABLE IF EXISTS ${this.t}`);
    if (this.schema !== 'public') await this.query(`DROP SCHEMA IF EXISTS "${this.schema}" CASCADE`);
  }

  protected async shutdown(): Promise<void> {
    await this.pool.end();
  }
}
