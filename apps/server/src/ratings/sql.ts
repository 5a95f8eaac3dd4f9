/**
 * The ratings' and the match maker's own tables, beside the match store in the same database: the
 * embedded SQLite file (its own connection on this thread) or PostgreSQL (its own small pool, the
 * store's schema on the search path). Statements are written once, PostgreSQL style ($1 placeholders);
 * SQLite gets them with plain `?` in the order the numbers appear. Each transaction holds its rows
 * for its whole length: PostgreSQL by row locks (`FOR UPDATE`, kept only there), SQLite by running
 * one transaction at a time (one process writes this file's tables).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Config } from '../core/config';
import { sqliteFile } from '../storage';

const require = createRequire(import.meta.url);

export type Row = Record<string, unknown>;
export type Query = <R extends Row = Row>(sql: string, params?: readonly unknown[]) => Promise<R[]>;

export interface SideSql {
  readonly kind: 'sqlite' | 'postgres';
  query: Query;
  /** `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (q: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `FOR UPDATE` and friends: row locks exist only in PostgreSQL (SQLite runs one transaction at a time). */
const PG_ONLY = /\bFOR UPDATE( SKIP LOCKED)?\b/g;

function toSqlite(sql: string, params: readonly unknown[]): { text: string; args: unknown[] } {
  const args: unknown[] = [];
  const text = sql.replace(PG_ONLY, '').replace(/\$(\d+)/g, (_m, n: string) => {
    const v = params[Number(n) - 1];
    args.push(typeof v === 'boolean' ? (v ? 1 : 0) : v === undefined ? null : v);
    return '?';
  });
  return { text, args };
}

class SqliteSideSql implements SideSql {
  readonly kind = 'sqlite' as const;
  private readonly db: import('better-sqlite3').Database;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const BetterSqlite = require('better-sqlite3') as typeof import('better-sqlite3');
    this.db = new BetterSqlite(file, { timeout: 5000 });
    this.db.pragma('journal_mode = WAL');
  }

  private run: Query = async <R extends Row>(sql: string, params: readonly unknown[] = []) => {
    const { text, args } = toSqlite(sql, params);
    const st = this.db.prepare(text);
    if (st.reader) return st.all(...args) as R[];
    st.run(...args);
    return [];
  };

  /** One at a time on this connection: a transaction's statements never interleave with another's. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => {});
    return next;
  }

  query: Query = (sql, params) => this.serial(() => this.run(sql, params));

  tx<T>(fn: (q: Query) => Promise<T>): Promise<T> {
    return this.serial(async () => {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const out = await fn(this.run);
        this.db.exec('COMMIT');
        return out;
      } catch (e) {
        this.db.exec('ROLLBACK');
        throw e;
      }
    });
  }

  async close() {
    await this.chain;
    this.db.close();
  }
}

class PostgresSideSql implements SideSql {
  readonly kind = 'postgres' as const;
  constructor(private readonly pool: import('pg').Pool) {}

  query: Query = async <R extends Row>(sql: string, params: readonly unknown[] = []) =>
    (await this.pool.query(sql, params as unknown[])).rows as R[];

  async tx<T>(fn: (q: Query) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      const q: Query = async <R extends Row>(sql: string, params: readonly unknown[] = []) =>
        (await c.query(sql, params as unknown[])).rows as R[];
      const out = await fn(q);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
  }

  close() {
    return this.pool.end();
  }
}

/** The same database as the match store (config's DATABASE_URL / DATA_DIR), through a connection of our own. */
export function openSideSql(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseSchema'>): SideSql {
  if (!config.databaseUrl) return new SqliteSideSql(sqliteFile(config.dataDir));
  const schema = config.databaseSchema || 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('bad schema name');
  const pg = require('pg') as typeof import('pg');
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 5, options: `-c search_path="${schema}"` });
  pool.on('error', () => {});
  return new PostgresSideSql(pool);
}

/** Column types that differ: a real number and a boolean. */
export function types(kind: SideSql['kind']) {
  return kind === 'postgres'
    ? { real: 'double precision', bool: 'boolean', big: 'bigint' }
    : { real: 'REAL', bool: 'INTEGER', big: 'INTEGER' };
}

/** A boolean as read back (SQLite gives 0/1). */
export const bool = (v: unknown) => v === true || v === 1 || v === '1';
/** A number as read back (PostgreSQL's bigint arrives as a string). */
export const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

/** Creates tables in one transaction; on PostgreSQL one process at a time (two starting together would race on the catalog). */
export function migrate(sql: SideSql, ddl: readonly string[]): Promise<void> {
  return sql.tx(async (q) => {
    if (sql.kind === 'postgres') await q('SELECT pg_advisory_xact_lock(774411)');
    for (const d of ddl) await q(d);
  });
}
