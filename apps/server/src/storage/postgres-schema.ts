import type { Pool } from 'pg';
import { CHAIN_NEXTS, CHAIN_STARTS, type StoredEvent, type StoredRow } from './event-codec';
import type { DeltaOp } from './state-delta';

/** The PostgreSQL store's tables (quoted, schema-qualified names) and its pool. */
export interface Tables {
  pool: Pool;
  schema: string;
  t: string;
  ev: string;
  side: string;
}

/** Creates the tables, and brings tables of every earlier shape to this one. */
export async function createTables(db: Tables): Promise<void> {
  const { t, ev, side, schema } = db;
  const query = (sql: string, params: unknown[] = []) => db.pool.query(sql, params).then((r) => r.rows);
  if (schema !== 'public') await query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await query(`
    CREATE TABLE IF NOT EXISTS ${t} (
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
    CREATE INDEX IF NOT EXISTS kon_matches_public_idx ON ${t} (public, created_at DESC);
    CREATE TABLE IF NOT EXISTS ${ev} (
      match_id  text NOT NULL,
      state_id  integer NOT NULL,
      log_base  integer NOT NULL,
      n_entries integer NOT NULL,
      entries   jsonb,
      actions   jsonb,
      delta_base integer,
      delta     jsonb,
      codec     smallint,
      body      bytea,
      snap      bytea,
      PRIMARY KEY (match_id, state_id)
    );
    CREATE TABLE IF NOT EXISTS ${side} (
      match_id text NOT NULL,
      kind     text NOT NULL,
      key      text NOT NULL,
      data     jsonb NOT NULL,
      PRIMARY KEY (kind, match_id, key)
    );
  `);
  await migrateSingleRowMatches(db);
  await migrateToSnapshots(db);
  await migrateToBodies(db);
}

/**
 * Tables from before event rows were one deflated body (event-codec.ts): their rows keep their
 * entries, actions and delta columns and read as before (a row with no body); new rows leave them
 * empty. Snapshots now go in their row's `snap` (kon_matches.state keeps a match's first state, and
 * the last snapshot of older rows).
 */
async function migrateToBodies({ pool, schema, ev }: Tables): Promise<void> {
  const query = (sql: string, params: unknown[] = []) => pool.query(sql, params).then((r) => r.rows);
  const notNull = await query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'kon_events' AND column_name = 'entries' AND is_nullable = 'NO'`,
    [schema],
  );
  if (notNull.length === 0) return;
  await query(`
    ALTER TABLE ${ev} ADD COLUMN IF NOT EXISTS codec smallint, ADD COLUMN IF NOT EXISTS body bytea, ADD COLUMN IF NOT EXISTS snap bytea,
      ALTER COLUMN entries DROP NOT NULL, ALTER COLUMN actions DROP NOT NULL;`);
}

/**
 * Tables from before moves were stored as changes: kon_matches.state was rewritten on every move, so
 * it is each match's snapshot at its state_id (snap_id); the events take the change columns.
 */
async function migrateToSnapshots({ pool, t, ev }: Tables): Promise<void> {
  const query = (sql: string, params: unknown[] = []) => pool.query(sql, params).then((r) => r.rows);
  await query(`
    ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS snap_id integer;
    ALTER TABLE ${ev} ADD COLUMN IF NOT EXISTS delta_base integer, ADD COLUMN IF NOT EXISTS delta jsonb;
    UPDATE ${t} SET snap_id = state_id WHERE snap_id IS NULL;`);
}

/**
 * Tables of the earlier shape (the whole action log in kon_matches.log, rewritten on every move):
 * each match's log so far becomes its first event row, at its current state. One transaction.
 */
async function migrateSingleRowMatches({ pool, schema, t, ev }: Tables): Promise<void> {
  const query = (sql: string, params: unknown[] = []) => pool.query(sql, params).then((r) => r.rows);
  const old = await query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'kon_matches' AND column_name = 'log'`,
    [schema],
  );
  if (old.length === 0) return;
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await c.query(`LOCK TABLE ${t} IN ACCESS EXCLUSIVE MODE`);
    await c.query(
      `ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS state_id integer, ADD COLUMN IF NOT EXISTS log_len integer NOT NULL DEFAULT 0`,
    );
    await c.query(`
      UPDATE ${t}
         SET state_id = coalesce((state->>'_stateID')::int, 0),
             log_len = CASE WHEN jsonb_typeof(state->'G'->'log') = 'array' THEN jsonb_array_length(state->'G'->'log') ELSE 0 END`);
    await c.query(`
      INSERT INTO ${ev} (match_id, state_id, log_base, n_entries, entries, actions)
      SELECT id, state_id, 0, log_len, CASE WHEN log_len > 0 THEN state->'G'->'log' ELSE '[]'::jsonb END, coalesce(log, '[]'::jsonb)
        FROM ${t}
      ON CONFLICT DO NOTHING`);
    await c.query(`ALTER TABLE ${t} ALTER COLUMN state_id SET NOT NULL, DROP COLUMN log`);
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    c.release();
  }
}

/** The rows of a subquery as one JSON array (read by pgRows): bodies in base64, older rows' columns as text. */
export function rowsJson(legacy: 'delta' | 'actions' | 'entries'): string {
  const old = legacy === 'delta' ? 'delta_base, delta::text' : `${legacy}::text`;
  return `coalesce(json_agg(json_build_array(state_id, log_base, codec, encode(body, 'base64'),
    CASE WHEN codec IN (${CHAIN_STARTS.join(', ')}) THEN encode(snap, 'base64') END, ${old}) ORDER BY state_id), '[]')`;
}

/** The state ID of the first row of the chain that the row at or before `at` is in (0 when none). */
export function chainStart(ev: string, at: string): string {
  return `coalesce((SELECT max(state_id) FROM ${ev} WHERE match_id = $1 AND state_id <= ${at} AND (codec IS NULL OR codec NOT IN (${CHAIN_NEXTS.join(', ')}))), 0)`;
}

/** Rows as rowsJson gives them: `[state_id, log_base, codec, body, snap, …older columns]`. */
export function pgRows(json: unknown, kind: 'delta' | 'actions' | 'entries'): StoredRow[] {
  const list = (typeof json === 'string' ? JSON.parse(json) : (json ?? [])) as unknown[][];
  return list.map(([stateID, logBase, codec, body, snap, a, b]) => {
    const row: StoredRow = {
      stateID: Number(stateID),
      logBase: Number(logBase),
      codec: codec === null ? null : Number(codec),
      body: typeof body === 'string' ? Buffer.from(body, 'base64') : null,
      snap: typeof snap === 'string' ? Buffer.from(snap, 'base64') : null,
    };
    if (row.body === null) row.legacy = () => legacyEvent(kind, a, b);
    return row;
  });
}

/** An older row's columns: `delta_base, delta` (a state's change), or the entries or actions alone. */
function legacyEvent(kind: 'delta' | 'actions' | 'entries', a: unknown, b: unknown): Pick<StoredEvent, 'entries' | 'actions' | 'delta'> {
  if (kind === 'delta') {
    const ops = typeof b === 'string' ? (JSON.parse(b) as DeltaOp[] | null) : null;
    return { entries: [], actions: [], delta: a === null || ops === null ? undefined : { base: Number(a), ops } };
  }
  const list = typeof a === 'string' ? (JSON.parse(a) as unknown[]) : [];
  return kind === 'actions' ? { entries: [], actions: list } : { entries: list, actions: [] };
}
