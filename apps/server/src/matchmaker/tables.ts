/** The match maker's tables: tickets, one lockable row per pool of interchangeable tickets, and blocks. */
import { migrate, type SideSql, types } from '../ratings/sql';

export async function createMatchmakerTables(sql: SideSql) {
  const { real, bool, big } = types(sql.kind);
  await migrate(sql, [
    `CREATE TABLE IF NOT EXISTS kon_tickets (
      id text PRIMARY KEY, account_id text NOT NULL, pool text NOT NULL,
      game text NOT NULL, setup text NOT NULL, plan text NOT NULL, sides text NOT NULL, pace text NOT NULL, rated ${bool} NOT NULL,
      rating_window ${real}, min_reliability ${real},
      status text NOT NULL, created_at ${big} NOT NULL, expires_at ${big} NOT NULL,
      match_id text, seat text)`,
    'CREATE INDEX IF NOT EXISTS kon_tickets_pool_idx ON kon_tickets (pool, status, created_at)',
    'CREATE INDEX IF NOT EXISTS kon_tickets_account_idx ON kon_tickets (account_id, created_at)',
    // Matching in a pool holds its row (FOR UPDATE): two processes never match the same tickets.
    'CREATE TABLE IF NOT EXISTS kon_ticket_pools (pool text PRIMARY KEY)',
    `CREATE TABLE IF NOT EXISTS kon_blocks (
      blocker text NOT NULL, blocked text NOT NULL, created_at ${big} NOT NULL,
      PRIMARY KEY (blocker, blocked))`,
    'CREATE INDEX IF NOT EXISTS kon_blocks_blocked_idx ON kon_blocks (blocked)',
  ]);
}
