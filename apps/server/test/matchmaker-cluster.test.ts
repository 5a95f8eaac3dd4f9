// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Two server processes on one PostgreSQL database and one Redis: 200 tickets of one pool, put at once
 * and spread over both processes, become exactly 100 matches, no ticket matched twice or left over
 * (the pool's row lock). Skipped when PostgreSQL or Redis is not running here.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from './helpers';
import { needs, PG_URL } from './services';
import { twoProcesses } from './two-processes';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const available = await needs('postgres', 'redis');
// The signed-in account is the x-test-account header's (test only; the accounts module's sessions in production).
const accounts = path.resolve(__dirname, 'fixtures/test-accounts.ts');

describe.skipIf(!available)('the match maker on two processes', () => {
  // Logging at info: the test reads each process's "match made" lines.
  const pair = twoProcesses('kon_mm', { env: { LOG_LEVEL: 'info' }, imports: [accounts] });
  const { procs, schema } = pair;

  it('match 200 tickets put in parallel into exactly 100 matches, none twice', async () => {
    const body = { game: 'kampen-om-norge', plan: 'two', setup: 'basic', pace: 'fast' };
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        api(pair.urls[i % 2]!, 'POST', '/api/tickets', { body, headers: { 'x-test-account': `player${i}` } }),
      ),
    );
    for (const a of answers) expect(a.status, a.text).toBe(201);

    const { Client: Pg } = require('pg') as typeof import('pg');
    const c = new Pg({ connectionString: PG_URL });
    await c.connect();
    try {
      const tickets = (await c.query(`SELECT id, account_id, status, match_id, seat FROM "${schema}".kon_tickets`)).rows;
      expect(tickets).toHaveLength(200);
      expect(tickets.filter((t) => t.status !== 'matched')).toEqual([]);
      const byMatch = new Map<string, typeof tickets>();
      for (const t of tickets) byMatch.set(t.match_id, [...(byMatch.get(t.match_id) ?? []), t]);
      expect(byMatch.size).toBe(100);
      for (const [matchID, group] of byMatch) {
        expect(matchID).toBeTruthy();
        expect(group.map((t) => t.seat).sort()).toEqual(['germany', 'norway+allies']);
        expect(new Set(group.map((t) => t.account_id)).size).toBe(2);
      }
      // Exactly the 100 matches were made in the store, each with its rating intent.
      const matches = (await c.query(`SELECT count(*)::int AS n FROM "${schema}".kon_matches`)).rows[0].n;
      expect(matches).toBe(100);
      const intents = (await c.query(`SELECT count(*)::int AS n FROM "${schema}".kon_side WHERE kind = 'ratings' AND key = 'intent'`))
        .rows[0].n;
      expect(intents).toBe(100);
    } finally {
      await c.end();
    }
    // Both processes made matches (the work really was shared).
    expect(procs.every((p) => p.output().includes('"msg":"match made"'))).toBe(true);
    // Every player sees their own ticket matched, from either process.
    const mine = await api(pair.urls[1]!, 'GET', '/api/tickets', { headers: { 'x-test-account': 'player0' } });
    expect(mine.json.tickets[0]).toMatchObject({ status: 'matched' });
  }, 120_000);
});
