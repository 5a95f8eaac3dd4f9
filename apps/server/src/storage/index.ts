import path from 'node:path';
import type { Config } from '../core/config';
import { PostgresStore } from './postgres-store';
import { SqliteStore, type SqliteOptions } from './sqlite-store';
import type { MatchStore } from './types';

export type { MatchStore, MatchRow, MoveCommit, StoreKind, SideRow } from './types';
export { StaleStateError, MatchNotFoundError, CorruptMatchError } from './types';
export { SqliteStore } from './sqlite-store';
export { PostgresStore } from './postgres-store';
export { updateSide } from './update-side';
/** The name the rest of the server has always used for the store. */
export type SqlStorage = MatchStore;

/** The embedded store's file inside DATA_DIR. */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'kon.sqlite');

/** PostgreSQL when DATABASE_URL is set, else embedded SQLite in DATA_DIR. */
export async function openStorage(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseSchema'> & Partial<Pick<Config, 'snapshotEvery'>>,
  sqlite: SqliteOptions = {},
): Promise<MatchStore> {
  const snapshotEvery = config.snapshotEvery ?? sqlite.snapshotEvery;
  const store = config.databaseUrl
    ? await PostgresStore.open(config.databaseUrl, config.databaseSchema, snapshotEvery)
    : new SqliteStore(sqliteFile(config.dataDir), { ...sqlite, snapshotEvery });
  try {
    await store.connect();
  } catch (e) {
    await store.close().catch(() => {});
    throw e;
  }
  return store;
}
