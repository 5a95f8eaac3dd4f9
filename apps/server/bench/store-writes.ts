/**
 * Benchmark of the match store's move path, without sockets: a long game committed move by move
 * (state ~10 KB, two public log entries and one boardgame.io action per move), then many matches
 * committing at once. Reports commits per second, commit latency, what a finished match occupies on
 * disk, and for SQLite how many moves each transaction (fsync) carried. SQLite is measured with
 * synchronous=FULL (the server's setting) and NORMAL; PostgreSQL when DATABASE_URL is set.
 * Not a test: nothing asserts a timing. Usage: npx tsx apps/server/bench/store-writes.ts [moves] [matches]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { openStorage, sqliteFile, SqliteStore, type MatchStore } from '../src/storage';

const require = createRequire(import.meta.url);
const moves = Number(process.argv[2] ?? 700);
const matches = Number(process.argv[3] ?? 50);
const movesPerMatch = 20;

const meta = () =>
  ({
    gameName: 'kampen-om-norge',
    players: { 0: { id: 0 }, 1: { id: 1 }, 2: { id: 2 } },
    createdAt: Date.now(),
    updatedAt: Date.now(),
  }) as never;
const pad = 'abcdefghij'.repeat(1000);
const entry = (id: number, k: number) => ({
  kind: 'battle',
  faction: 'germany',
  area: 'Bergen',
  dice: [k, id % 6],
  text: `Tyskland angriper Bergen (${id}.${k})`,
});
const state = (id: number) =>
  ({
    G: { log: id === 0 ? [] : [entry(id, 0), entry(id, 1)], logBase: Math.max(0, 2 * (id - 1)), board: pad },
    ctx: { turn: id, phase: 'play', currentPlayer: '0', numPlayers: 3 },
    plugins: {},
    _undo: [],
    _redo: [],
    _stateID: id,
  }) as never;
const action = (id: number) =>
  ({
    action: { type: 'MAKE_MOVE', payload: { type: 'act', args: [{ kind: 'move', from: 'Oslo', to: 'Hamar', units: 2 }], playerID: '0' } },
    _stateID: id - 1,
    turn: id,
    phase: 'play',
  }) as never;

const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function sizeOf(store: MatchStore, cfg: { dataDir: string }, schema: string): Promise<number> {
  if (store.kind === 'sqlite') return fs.statSync(sqliteFile(cfg.dataDir)).size;
  const pg = require('pg') as typeof import('pg');
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  // Without VACUUM FULL the size would count every superseded version of the match row (MVCC) until autovacuum.
  await c.query(`VACUUM FULL "${schema}".kon_matches, "${schema}".kon_events`);
  const r = await c.query(
    `SELECT pg_total_relation_size('"${schema}".kon_matches') + pg_total_relation_size('"${schema}".kon_events') AS n`,
  );
  await c.end();
  return Number(r.rows[0].n);
}

async function run(
  label: string,
  cfg: { dataDir: string; databaseUrl: string | undefined; databaseSchema: string },
  synchronous?: 'FULL' | 'NORMAL',
) {
  const open = () => openStorage(cfg, synchronous ? { synchronous } : {});
  let store = await open();
  await store.createMatch('long', { initialState: state(0), metadata: meta() });
  // Closing checkpoints SQLite's WAL into the file, so the file size is what the data occupies.
  await store.close();
  store = await open();
  const before = await sizeOf(store, cfg, cfg.databaseSchema);
  const lat: number[] = [];
  const t0 = performance.now();
  for (let id = 1; id <= moves; id++) {
    const t = performance.now();
    await store.commitMove('long', { state: state(id), deltalog: [action(id)] });
    lat.push(performance.now() - t);
  }
  const seqSecs = (performance.now() - t0) / 1000;
  await store.close();
  store = await open();
  const after = await sizeOf(store, cfg, cfg.databaseSchema);
  const history = await store.fetchHistory('long');

  const ids = Array.from({ length: matches }, (_, i) => `c${i}`);
  await Promise.all(ids.map((id) => store.createMatch(id, { initialState: state(0), metadata: meta() })));
  const stats0 = store instanceof SqliteStore ? { ...store.commitStats } : undefined;
  const t1 = performance.now();
  await Promise.all(
    ids.map(async (id) => {
      for (let m = 1; m <= movesPerMatch; m++) await store.commitMove(id, { state: state(m), deltalog: [action(m)] });
    }),
  );
  const parSecs = (performance.now() - t1) / 1000;
  const grouped =
    store instanceof SqliteStore
      ? `, ${((store.commitStats.writes - stats0!.writes) / (store.commitStats.commits - stats0!.commits)).toFixed(1)} moves per transaction`
      : '';
  await store.dropAll();
  await store.close();
  if (cfg.dataDir) fs.rmSync(cfg.dataDir, { recursive: true, force: true });
  console.log(
    `${label}: one match, ${moves} sequential moves: ${(moves / seqSecs).toFixed(0)} moves/s, commit p50 ${q(lat, 0.5).toFixed(2)} / p95 ${q(lat, 0.95).toFixed(2)} / max ${Math.max(...lat).toFixed(1)} ms; ` +
      `stored for the match: ${((after - before) / 1024).toFixed(0)} KB growth (${history.length} log entries); ` +
      `${matches} matches at once x ${movesPerMatch} moves: ${((matches * movesPerMatch) / parSecs).toFixed(0)} moves/s${grouped}`,
  );
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'kon-storebench-'));
for (const sync of ['FULL', 'NORMAL', 'FULL', 'NORMAL'] as const)
  await run(`sqlite synchronous=${sync}`, { dataDir: tmp(), databaseUrl: undefined, databaseSchema: 'public' }, sync);
if (process.env.DATABASE_URL)
  await run('postgresql', { dataDir: '', databaseUrl: process.env.DATABASE_URL, databaseSchema: `bench_${Date.now()}` });
