import { createRequire } from 'node:module';
import type { Server, State, StorageAPI } from 'boardgame.io';
import type { Pool } from 'pg';
import { BaseStore, historyOfEvents, isGameover, logOf } from './base-store';
import { ChainWriter, decodeAll, decodeRows, eventText, inflateText, isChainStart } from './event-codec';
import { chainStart, createTables, pgRows, rowsJson } from './postgres-schema';
import { type ChainRow, DeltaPlanner, type MovePlan, rebuild } from './snapshots';
import { storedParts } from './state-delta';
import { CorruptMatchError, MatchNotFoundError, RebaseError, StaleStateError, type MatchRow, type MoveCommit, type SideRow } from './types';

const require = createRequire(import.meta.url);

/** PostgreSQL (DATABASE_URL), the production store: every write is one statement, so one round trip. */
export class PostgresStore extends BaseStore {
  readonly kind = 'postgres' as const;
  private readonly t: string;
  private readonly ev: string;
  private readonly side: string;
  private readonly deltas: DeltaPlanner;
  private readonly chains = new ChainWriter();

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
    await createTables({ pool: this.pool, schema: this.schema, t: this.t, ev: this.ev, side: this.side });
  }

  async createMatchWithLobby(
    matchID: string,
    { initialState, metadata }: StorageAPI.CreateMatchOpts,
    lobby: unknown,
    isPublic: boolean,
  ): Promise<void> {
    const { entries, base = 0 } = logOf(initialState);
    this.deltas.forget(matchID);
    this.chains.drop(matchID);
    const parts = storedParts(initialState);
    const text = eventText(JSON.stringify(entries), '[]', null, null);
    const { row, chain } = await this.chains.encodeAsync(matchID, text, null, null);
    await this.write(
      `WITH m AS (
         INSERT INTO ${this.t}
           (id, game_name, state, state_id, initial_state, metadata, lobby, public, gameover, created_at, updated_at, log_len, snap_id)
         VALUES ($1, $2, $3::jsonb, $4, $3::jsonb, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11::int + $12::int, $4)
         RETURNING id
       )
       INSERT INTO ${this.ev} (match_id, state_id, log_base, n_entries, codec, body)
       SELECT id, $4::int, $11::int, $12::int, $13::smallint, $14::bytea FROM m`,
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
        row.codec,
        row.body,
      ],
    );
    this.chains.done(matchID, chain, text, initialState._stateID);
    this.deltas.created(matchID, initialState, parts);
  }

  storedElsewhere(matchID: string, state: State): void {
    this.deltas.adopt(matchID, state);
  }

  commitMove(matchID: string, commit: MoveCommit): Promise<void> {
    return this.deltas.commit(matchID, commit.state, async (plan) => {
      try {
        await this.writeMove(matchID, commit, plan);
      } catch (e) {
        this.chains.drop(matchID);
        throw e;
      }
    });
  }

  /**
   * One statement: lock the match row if its state is older (and is the delta's base), update the head
   * (snap_id on a snapshot row), append the event row: one deflated body (event-codec.ts) and, every N
   * moves, the snapshot.
   */
  private async writeMove(matchID: string, commit: MoveCommit, plan: MovePlan): Promise<void> {
    const { state, metadata, deltalog } = commit;
    const { entries, base } = logOf(state);
    // A state holding the whole log (made before logBase): its rows as before, for the SQL to cut the log.
    if (base === undefined) return this.writeWholeLogMove(matchID, commit, plan);
    const text = eventText(JSON.stringify(entries), JSON.stringify(deltalog), plan.deltaBase, plan.delta, plan.logOut);
    const { row, chain } = await this.chains.encodeAsync(matchID, text, plan.snapshot, plan.deltaBase);
    const sql = `
      WITH prev AS (
        SELECT id FROM ${this.t} WHERE id = $1 AND state_id < $2 AND ($6::int IS NULL OR state_id = $6) FOR UPDATE
      ), up AS (
        UPDATE ${this.t} t
           SET state_id = $2, log_len = $7::int + $8::int, snap_id = CASE WHEN $11::bytea IS NULL THEN t.snap_id ELSE $2 END,
               metadata = coalesce($3::jsonb, t.metadata), updated_at = coalesce($4, t.updated_at), gameover = coalesce($5, t.gameover)
          FROM prev WHERE t.id = prev.id
        RETURNING t.id
      ), ins AS (
        INSERT INTO ${this.ev} (match_id, state_id, log_base, n_entries, delta_base, codec, body, snap)
        SELECT id, $2, $7, $8, $6, $9, $10, $11 FROM prev
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM up)::int AS written, (SELECT state_id FROM ${this.t} WHERE id = $1) AS stored`;
    const params = [
      matchID,
      state._stateID,
      metadata ? JSON.stringify(metadata) : null,
      metadata ? metadata.updatedAt : null,
      metadata ? isGameover(metadata) : null,
      plan.deltaBase,
      base,
      entries.length,
      row.codec,
      row.body,
      row.snap,
    ];
    await this.track(
      this.query<{ written: number; stored: number | null }>(sql, params).then(([r]) => this.written(matchID, r, plan, state)),
    );
    this.chains.done(matchID, chain, text, state._stateID);
  }

  private written(matchID: string, r: { written: number; stored: number | null } | undefined, plan: MovePlan, state: State) {
    if (r?.written === 1) return;
    if (r?.stored === null || r?.stored === undefined) throw new MatchNotFoundError(matchID);
    if (r.stored < state._stateID && plan.deltaBase !== null) throw new RebaseError(`match ${matchID}: stored head ${r.stored}`);
    throw new StaleStateError(matchID, state._stateID);
  }

  /**
   * The rows of a state holding the whole log, as before bodies: the SQL keeps only the entries past
   * those stored. The snapshot goes in kon_matches.state; the change, if any, is its whole text.
   */
  private writeWholeLogMove(matchID: string, { state, metadata, deltalog }: MoveCommit, plan: MovePlan): Promise<void> {
    const { entries } = logOf(state);
    const sql = `
      WITH prev AS (
        SELECT id, log_len FROM ${this.t} WHERE id = $1 AND state_id < $3 AND ($9::int IS NULL OR state_id = $9) FOR UPDATE
      ), ev AS (
        SELECT id, log_len AS base, jsonb_path_query_array($7::jsonb, '$[$from to last]', jsonb_build_object('from', log_len)) AS entries
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
        SELECT id, $3, base, jsonb_array_length(entries), entries, $8::jsonb, $9::int, $10::jsonb FROM ev
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
      JSON.stringify(entries),
      JSON.stringify(deltalog),
      plan.deltaBase,
      plan.delta,
    ];
    return this.track(
      this.query<{ written: number; stored: number | null }>(sql, params).then(([r]) => this.written(matchID, r, plan, state)),
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
    this.chains.drop(matchID);
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
    // The snapshot and, in the same statement (one moment), the rows from its chain's first on.
    if (opts.state)
      cols.push(
        'snap_id',
        `CASE WHEN NOT EXISTS (SELECT 1 FROM ${this.ev} WHERE match_id = $1 AND state_id = snap_id AND snap IS NOT NULL) THEN state END AS state`,
        `(SELECT ${rowsJson('delta')} FROM ${this.ev} WHERE match_id = $1 AND state_id >= ${chainStart(this.ev, 'snap_id')}) AS chain`,
      );
    if (opts.initialState) cols.push('initial_state');
    if (opts.metadata) cols.push('metadata');
    // The action log is assembled from the event rows in the same statement (one snapshot).
    if (opts.log) cols.push(`(SELECT ${rowsJson('actions')} FROM ${this.ev} WHERE match_id = $1) AS actions`);
    const [row] = await this.track(
      this.query<Record<string, unknown>>(`SELECT ${cols.join(', ')} FROM ${this.t} WHERE id = $1`, [matchID]),
    );
    const result: Record<string, unknown> = {};
    if (!row) return result as StorageAPI.FetchResult<O>;
    if (opts.state) result.state = this.rebuildFrom(matchID, row);
    if (opts.initialState) result.initialState = row.initial_state ?? undefined;
    if (opts.metadata) result.metadata = row.metadata ?? undefined;
    if (opts.log) result.log = decodeAll(pgRows(row.actions, 'actions')).flatMap((e) => e.actions);
    return result as StorageAPI.FetchResult<O>;
  }

  /** A match's state: its latest snapshot (its row's, else the match row's state) and the changes after it. */
  private rebuildFrom(matchID: string, row: Record<string, unknown>): State | undefined {
    const snapID = Number(row.snap_id);
    const rows = pgRows(row.chain, 'delta');
    const reads = decodeRows(rows);
    let base: unknown = row.state ?? undefined;
    const after: ChainRow[] = [];
    rows.forEach((r, i) => {
      if (r.stateID > snapID) {
        after.push({ stateID: r.stateID, delta: () => reads[i]!().delta });
        return;
      }
      try {
        reads[i]!();
        if (r.stateID === snapID && isChainStart(r.codec) && r.snap) base = JSON.parse(inflateText(r.snap));
      } catch (e) {
        throw new CorruptMatchError(matchID, r.stateID, `its event cannot be read (${e instanceof Error ? e.message : e})`);
      }
    });
    return base === null || base === undefined ? undefined : rebuild(matchID, base, snapID, after);
  }

  async fetchHistory(matchID: string, from = 0): Promise<unknown[]> {
    // Every row that wrote past `from`, and the last row, which may have taken entries back (undo);
    // read from the first row of the chain the first of them is in.
    const need = `(SELECT min(state_id) FROM ${this.ev} WHERE match_id = $1
      AND (log_base + n_entries > $2 OR state_id = (SELECT max(state_id) FROM ${this.ev} WHERE match_id = $1)))`;
    const [row] = await this.track(
      this.query<{ rows: unknown }>(
        `SELECT ${rowsJson('entries')} AS rows FROM ${this.ev} WHERE match_id = $1 AND state_id >= ${chainStart(this.ev, need)}`,
        [matchID, from],
      ),
    );
    const events = decodeAll(pgRows(row?.rows, 'entries'));
    return historyOfEvents(events, from);
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
