import type { Config } from '../config';
import { openPGlite, openPostgres } from './driver';
import { SqlStorage } from './sql-storage';

export { SqlStorage } from './sql-storage';
export type { SqlDriver } from './driver';

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR. */
export async function openStorage(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseSchema'>): Promise<SqlStorage> {
  const driver = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPGlite(config.dataDir);
  const storage = new SqlStorage(driver, config.databaseSchema);
  try {
    await storage.connect();
  } catch (e) {
    await driver.close().catch(() => {});
    throw e;
  }
  return storage;
}
