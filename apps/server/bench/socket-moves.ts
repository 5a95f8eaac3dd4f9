/**
 * Benchmark: a whole match played over real sockets against the real server and its store.
 * Three boardgame.io clients (one per seat) and a spectator connect through the lobby; the seat that
 * must act sends a random legal move and waits until the server's answer arrives. Reports moves per
 * second, the round-trip time of a move (send → new state back), the store's size and memory.
 * Not a test: nothing asserts a timing. Usage: npm run bench:server [-- <moves>]   (DATABASE_URL
 * set → PostgreSQL, otherwise the embedded SQLite in a temporary folder; KEEP_STORE=<file> keeps a copy of it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { KampenOmNorge } from '@kon/game';
import { startServer, loadGameModule } from '../src/app';
import { loadConfig } from '../src/core/config';
import { createLogger } from '../src/core/log';
import { lcg, timedRandomMove, waitUntil } from './random-play';

const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/client') as typeof import('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer') as typeof import('boardgame.io/multiplayer');

const maxMoves = Number(process.argv[2] ?? 400);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-bench-'));
const config = loadConfig({
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  WEB_DIST: path.join(dataDir, 'no-web'),
  LOG_LEVEL: 'silent',
  // One local client sends every move: lift the per-address limits that guard the public API.
  RATE_LIMIT_PER_MINUTE: '100000',
  SOCKET_MESSAGES_PER_10S: '100000',
  // Its client passes at once: automatic passing would hold each pass to its drawn delay.
  AUTOPASS: 'off',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: `bench_${Date.now()}` } : {}),
});
const server = await startServer(config, await loadGameModule(), { log: createLogger('silent', {}) });

async function post(route: string, body: unknown) {
  const res = await fetch(server.url + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
}

const match = await post('/api/matches', { plan: 'three', setupData: { ruleset: 'basic' } });
const members = await Promise.all(
  match.links.seats.map((s: any, i: number) => post(`/api/matches/${match.matchID}/join`, { token: s.token, name: `Bench ${i}` })),
);
const clients = members.map((m: any) =>
  Client({
    game: KampenOmNorge,
    matchID: match.matchID,
    playerID: m.playerIDs[0],
    credentials: m.credentials,
    debug: false,
    multiplayer: SocketIO({ server: server.url }),
  } as any),
);
const spectator = Client({
  game: KampenOmNorge,
  matchID: match.matchID,
  credentials: match.links.spectator,
  debug: false,
  multiplayer: SocketIO({ server: server.url }),
} as any);
for (const c of [...clients, spectator]) c.start();

await waitUntil(() => clients.every((c) => c.getState() !== null) && spectator.getState() !== null, 10_000);

const random = lcg(12345);
const latencies: number[] = [];
const started = performance.now();
while (latencies.length < maxMoves) {
  const ms = await timedRandomMove(clients, [...clients, spectator], random, 10_000);
  if (ms === null) break;
  latencies.push(ms);
}
const seconds = (performance.now() - started) / 1000;
for (const c of [...clients, spectator]) c.stop();
await server.stop('bench done');

/** What the embedded store holds for the match, by column (bytes). */
function sqliteBreakdown() {
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Database(path.join(dataDir, 'kon.sqlite'), { readonly: true });
  const m = db
    .prepare(
      'SELECT length(state) AS state, length(initial_state) AS initialState, length(metadata) + coalesce(length(lobby), 0) AS metaAndLobby FROM kon_matches',
    )
    .get();
  const e = db.prepare('SELECT count(*) AS rows, sum(length(body)) AS deflatedBodies FROM kon_events').get();
  db.close();
  return { match: m, events: e };
}

/** PostgreSQL: the schema's tables after VACUUM FULL (without it every superseded match row version counts). */
async function postgresBytes() {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const t = (name: string) => `"${config.databaseSchema}".${name}`;
  await db.query(`VACUUM FULL ${t('kon_matches')}, ${t('kon_events')}`);
  const r = await db.query(
    `SELECT pg_total_relation_size('${t('kon_matches')}') AS matches, pg_total_relation_size('${t('kon_events')}') AS events,
            (SELECT sum(coalesce(pg_column_size(body), 0) + coalesce(pg_column_size(entries), 0) + coalesce(pg_column_size(actions), 0))
               FROM ${t('kon_events')}) AS "eventBodies"`,
  );
  await db.end();
  return Object.fromEntries(Object.entries(r.rows[0]).map(([k, v]) => [k, Number(v)]));
}

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) => +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2);
const dirBytes = (dir: string): number =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce((s, e) => s + (e.isDirectory() ? dirBytes(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size), 0);
console.log(
  JSON.stringify(
    {
      store: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      moves: latencies.length,
      movesPerSecond: +(latencies.length / seconds).toFixed(1),
      roundTripMs: { p50: pct(50), p95: pct(95), max: pct(100) },
      storeBytes: process.env.DATABASE_URL ? null : dirBytes(dataDir),
      storeContents: process.env.DATABASE_URL ? await postgresBytes() : sqliteBreakdown(),
      rssMB: +(process.memoryUsage().rss / 2 ** 20).toFixed(1),
      heapUsedMB: +(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1),
    },
    null,
    2,
  ),
);
// KEEP_STORE=<file>: keep a copy of the embedded store for a closer look.
if (process.env.KEEP_STORE && !process.env.DATABASE_URL) fs.copyFileSync(path.join(dataDir, 'kon.sqlite'), process.env.KEEP_STORE);
fs.rmSync(dataDir, { recursive: true, force: true });
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query(`DROP SCHEMA IF EXISTS "${config.databaseSchema}" CASCADE`);
  await db.end();
}
process.exit(0);
