import fs from 'node:fs';
import { createRequire } from 'node:module';

/** The two SQL back ends speak the same dialect (PGlite is PostgreSQL compiled to WebAssembly). */
export interface SqlDriver {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export async function openPGlite(dataDir: string): Promise<SqlDriver> {
  fs.mkdirSync(dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir);
  // PGlite runs one query at a time; it queues internally.
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await db.query<T>(sql, params);
      return r.rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    async close() {
      await db.close();
    },
  };
}

export async function openPostgres(url: string): Promise<SqlDriver> {
  // pg is CommonJS; import it the plain way.
  const require = createRequire(import.meta.url);
  const pg = require('pg') as typeof import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Fail fast with a clear error if the database is unreachable.
  const c = await pool.connect();
  c.release();
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await pool.query(sql, params);
      return r.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}
