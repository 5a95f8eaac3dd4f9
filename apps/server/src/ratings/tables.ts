/** The ratings' tables (derived data: `rebuild` makes them again from the stored finished matches). */
import { migrate, type SideSql, types } from './sql';

export async function createRatingTables(sql: SideSql) {
  const { real, bool, big } = types(sql.kind);
  await migrate(sql, [
    `CREATE TABLE IF NOT EXISTS kon_ratings (
      account_id text NOT NULL, game text NOT NULL, variant text NOT NULL, side text NOT NULL,
      mu ${real} NOT NULL, sigma ${real} NOT NULL,
      games integer NOT NULL DEFAULT 0, wins integer NOT NULL DEFAULT 0, losses integer NOT NULL DEFAULT 0, draws integer NOT NULL DEFAULT 0,
      updated_at ${big} NOT NULL,
      PRIMARY KEY (account_id, game, variant, side))`,
    // Every finished match judged, rated or not: the once-only marker (inserted in the rating's transaction).
    `CREATE TABLE IF NOT EXISTS kon_rated_matches (
      match_id text PRIMARY KEY, game text NOT NULL, variant text NOT NULL, finished_at ${big} NOT NULL,
      rated ${bool} NOT NULL, why text)`,
    // Each account's part in a judged match: its placing, how its part ended, its rating before and after.
    `CREATE TABLE IF NOT EXISTS kon_match_players (
      match_id text NOT NULL, account_id text NOT NULL, seat text NOT NULL,
      game text NOT NULL, variant text NOT NULL, side text NOT NULL,
      rank integer NOT NULL, outcome text NOT NULL, ending text NOT NULL, rated ${bool} NOT NULL,
      mu_before ${real}, sigma_before ${real}, mu_after ${real}, sigma_after ${real},
      finished_at ${big} NOT NULL,
      PRIMARY KEY (match_id, account_id, seat))`,
    'CREATE INDEX IF NOT EXISTS kon_match_players_account_idx ON kon_match_players (account_id, finished_at)',
  ]);
}
