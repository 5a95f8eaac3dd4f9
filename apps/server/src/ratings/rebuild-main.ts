/**
 * `npm run ratings:rebuild`: every rating made again from the stored finished matches (same
 * DATABASE_URL / DATA_DIR settings as the server). Safe while servers run: on PostgreSQL the rebuild
 * holds the marker table, so a match ending meanwhile is judged after it, once.
 */
import { loadConfig } from '../core/config';
import { createLogger } from '../core/log';
import { openStorage } from '../storage';
import { RatingService } from './service';
import { openSideSql } from './sql';

const log = createLogger('info', { service: 'kon-ratings-rebuild' });
const config = loadConfig();
const storage = await openStorage(config);
const sql = openSideSql(config);
try {
  const ratings = new RatingService(sql, storage, log);
  await ratings.init();
  const { matches, rated } = await ratings.rebuild();
  log.info('done', { matches, rated });
} finally {
  await sql.close();
  await storage.close();
}
