/**
 * The accounts' own connection to the match store's database: the same SQLite file (a second
 * connection; WAL lets it write beside the store's writer thread) or the same PostgreSQL schema (a
 * small pool of its own). One statement shape for both: `?` placeholders, numbers as numbers.
 */
import { createRequire } from 'node:module';
import type { Config } from '../core/config';
import { sqliteFile } from '../storage';

const require = createRequire(import.meta.url);

export interface Sql {
  readonly kind: 'sqlite' | 'postgres';
  /** A table's name as statements write it (schema-qualified on PostgreSQL). */
  table(name: string): string;
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  run(sql: string, params?: unknown[]): Promise<number>;
  /** Several statements (DDL), no parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL answers BIGINT columns as strings: every column named *_at or counter is a number here. */
function numbers<T>(row: Record<string, unknown>): T {
  for (const k of Object.keys(row)) if ((k.endsWith('_at') || k === 'counter') && typeof row[k] === 'string') row[k] = Number(row[k]);
  return row as T;
}

export async function openSql(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): Promise<Sql> {
  if (config.databaseUrl) {
    const pg = require('pg') as typeof import('pg');
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 3 });
    pool.on('error', () => {});
    const schema = config.databaseSchema;
    const dollar = (sql: string) => {
      let n = 0;
      return sql.replace(/\?/g, () => `$${++n}`);
    };
    return {
      kind: 'postgres',
      table: (name) => `"${schema}"."${name}"`,
      async all<T>(sql: string, params: unknown[] = []) {
        return (await pool.query(dollar(sql), params)).rows.map((r) => numbers<T>(r));
      },
      async run(sql, params = []) {
        return (await pool.query(dollar(sql), params)).rowCount ?? 0;
      },
      async exec(sql) {
        if (schema !== 'public') await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
        await pool.query(sql);
      },
      close: () => pool.end(),
    };
  }
  const BetterSqlite = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new BetterSqlite(sqliteFile(config.dataDir), { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  return {
    kind: 'sqlite',
    table: (name) => name,
    async all<T>(sql: string, params: unknown[] = []) {
      return db.prepare(sql).all(...params) as T[];
    },
    async run(sql, params = []) {
      return db.prepare(sql).run(...params).changes;
    },
    async exec(sql) {
      db.exec(sql);
    },
    async close() {
      db.close();
    },
  };
}
