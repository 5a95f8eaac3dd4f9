// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Computer players with several server processes (REDIS_URL): they move at all (before, a bot's
 * move was dropped before submitting, checked against a cache of seat holders this mode never
 * fills), and each decision is thought once, by the one process that claims it, not in every
 * process that drives the match. A process that starts resumes every unfinished match with a bot:
 * without the claim both processes then thought every decision (77 for 40 moves) and one of the two
 * moves was refused as stale, twice the CPU for nothing. Skipped when PostgreSQL or Redis is not
 * running here.
 */
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { createMatch, waitFor } from './helpers';
import { dropSchema, freePort, kill9, PG_URL, startChild, type Child } from './child-server';
import { needs } from './services';
import { clusterEnv, runSchema } from './two-processes';

const require = createRequire(import.meta.url);
const available = await needs('postgres', 'redis');
const schema = runSchema('kon_cbots');
const env = (port: number) =>
  clusterEnv(schema, port, {
    // Slow enough that the match lasts the test, fast enough to make many moves.
    BOT_MOVE_DELAY_MS: '60',
    BOT_UNWATCHED_MOVE_DELAY_MS: '0',
  });

/** The bot decisions a process has made (its /metrics counter). */
async function decisions(port: number): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
  return Number(/^kon_bot_decisions_total\{outcome="ok"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

describe.skipIf(!available)('computer players on several processes', () => {
  const procs: Child[] = [];
  const { Client: Pg } = require('pg') as typeof import('pg');
  const db = new Pg({ connectionString: PG_URL });

  afterAll(async () => {
    for (const p of procs) await kill9(p);
    await db.end().catch(() => undefined);
    await dropSchema(schema);
  });

  it('each decision is thought once, though both processes drive the match', async () => {
    const ports = [await freePort(), await freePort()];
    procs.push(await startChild(env(ports[0]!)));
    // A computer-only match on process 0, which drives it from the first move.
    const m = await createMatch(`http://127.0.0.1:${ports[0]}`, {
      plan: 'three',
      setupData: { ruleset: 'basic' },
      bots: { germany: 'easy', norway: 'easy', allies: 'easy' },
    });
    await db.connect();
    const stateID = async () =>
      Number((await db.query(`SELECT state_id FROM "${schema}".kon_matches WHERE id = $1`, [m.matchID])).rows[0]?.state_id ?? 0);
    await waitFor(async () => (await stateID()) > 3, 'the computer players under way', 30_000);
    // Process 1 starts and resumes every unfinished match with a bot: this one too.
    procs.push(await startChild(env(ports[1]!)));
    await waitFor(() => procs[1]!.output().includes('bot seats resumed'), 'process 1 resuming the match', 20_000);
    const count = async () => (await decisions(ports[0]!)) + (await decisions(ports[1]!));
    const [d0, s0] = [await count(), await stateID()];
    await waitFor(async () => (await stateID()) >= s0 + 40, '40 more moves', 60_000);
    const [d1, s1] = [await count(), await stateID()];
    const moves = s1 - s0;
    // Once per move, give or take the decisions under way at either end of the window.
    expect(d1 - d0, `${d1 - d0} decisions for ${moves} moves`).toBeLessThanOrEqual(moves + 4);
  }, 150_000);
});
