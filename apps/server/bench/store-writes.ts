/**
 * Benchmark of the match store's move path, without sockets, on the states of a real game (made by the
 * engine's reducer, ~5–7 KB each): one match committing its moves one after another, then many matches
 * committing at once. Reports moves per second, the main thread's busy time per move (the event loop's
 * active time: what a move's write takes from the thread that serves the sockets), the process's CPU per
 * move (every thread), and bytes written per move (/proc/self/io: `wchar`, bytes handed to write(), and
 * `write_bytes`, bytes sent to the disk), plus what a finished match occupies. With `--baseline <git ref>`
 * the store of that commit (its apps/server/src/storage, extracted beside this file) runs in the same
 * session, interleaved, so the two can be compared; `--repeats` runs of each, min and median reported.
 * Also each commit's latency at a person's pace (a move every 20 ms) beside the disk's own 4 KB write +
 * fdatasync at the same pace: how much of a move's wait is the disk.
 * SQLite with synchronous=FULL (the server's setting); PostgreSQL too when DATABASE_URL is set.
 * Not a test: nothing asserts a timing.
 * Usage: npm run bench:store -- [--moves 300] [--matches 50] [--repeats 3] [--baseline main]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { State } from 'boardgame.io';
import { actor, KampenOmNorge, legalActions, PLAYER_OF_FACTION, type GameState } from '@kon/game';
import { MoveRunner } from '../src/matches/move-runner';
import type { MatchStore } from '../src/storage';

const require = createRequire(import.meta.url);
const { InitializeGame } = require('boardgame.io/internal') as typeof import('boardgame.io/internal');
const { values: args } = parseArgs({
  options: {
    moves: { type: 'string', default: '300' },
    matches: { type: 'string', default: '50' },
    'moves-per-match': { type: 'string', default: '20' },
    repeats: { type: 'string', default: '3' },
    baseline: { type: 'string' },
  },
});
const MOVES = Number(args.moves);
const MATCHES = Number(args.matches);
const PER_MATCH = Number(args['moves-per-match']);
const REPEATS = Number(args.repeats);
/** Commits timed one at a time at a person's pace, in each repeat. */
const PACED = 200;

type Move = { state: State; deltalog: never[] };
const meta = () => ({ gameName: 'kampen-om-norge', players: {}, createdAt: Date.now(), updatedAt: Date.now() }) as never;

/** A real game played at random (seeded), as the server's move path makes its states. */
function realGame(seed: string, moves: number): Move[] {
  const runner = new MoveRunner(KampenOmNorge);
  let state = InitializeGame({ game: { ...KampenOmNorge, seed }, numPlayers: 3, setupData: { ruleset: 'advanced' } }) as State;
  const out: Move[] = [{ state, deltalog: [] }];
  let r = 7;
  const rand = () => (r = (Math.imul(r, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  while (out.length <= moves) {
    const G = state.G as GameState;
    const a = actor(G);
    if (G.result || !a) break;
    const legal = legalActions(G, a.faction);
    const active = legal.filter((x) => x.type !== 'pass' && x.type !== 'endPhase');
    const pool = active.length > 0 && rand() < 0.6 ? active : legal;
    const pick = pool[Math.floor(rand() * pool.length)]!;
    const playerID = PLAYER_OF_FACTION[a.faction];
    const res = runner.run(state, meta(), { type: 'MAKE_MOVE', payload: { type: pick.type, args: [pick.args], playerID } }, playerID);
    if ('error' in res) throw new Error(res.error);
    state = res.state;
    out.push({ state, deltalog: res.deltalog as never[] });
  }
  return out;
}

interface StoreModule {
  openStorage(cfg: { dataDir: string; databaseUrl: string | undefined; databaseSchema: string }): Promise<MatchStore>;
  sqliteFile(dir: string): string;
}

/**
 * The store of `ref`, extracted from git beside this file (so that it finds the same node_modules): the
 * server's whole src, as the store imports modules beside it (core, games).
 */
async function baselineStore(ref: string): Promise<StoreModule> {
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  const dir = path.join(import.meta.dirname, '.baseline', sha);
  if (!fs.existsSync(path.join(dir, 'storage', 'index.ts'))) {
    fs.mkdirSync(dir, { recursive: true });
    const tar = execFileSync('git', ['archive', sha, 'apps/server/src'], { maxBuffer: 1 << 26 });
    execFileSync('tar', ['-x', '--strip-components=3', '-C', dir], { input: tar });
  }
  return (await import(path.join(dir, 'storage', 'index.ts'))) as StoreModule;
}

function io(): { wchar: number; write_bytes: number } {
  const text = fs.readFileSync('/proc/self/io', 'utf8');
  const get = (k: string) => Number(new RegExp(`^${k}: (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { wchar: get('wchar'), write_bytes: get('write_bytes') };
}

/** Runs `fn` and measures it: wall time, main-thread active time, CPU of all threads, bytes written. */
async function measured(fn: () => Promise<void>) {
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const io0 = io();
  const t0 = performance.now();
  await fn();
  const wall = performance.now() - t0;
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = process.cpuUsage(cpu0);
  const io1 = io();
  return {
    wall,
    main: elu.active,
    cpu: (cpu.user + cpu.system) / 1000,
    wchar: io1.wchar - io0.wchar,
    disk: io1.write_bytes - io0.write_bytes,
  };
}

type Sample = Record<string, number>;

async function once(mod: StoreModule, game: Move[], pg: boolean): Promise<Sample> {
  const dataDir = pg ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'kon-storebench-'));
  const cfg = { dataDir, databaseUrl: pg ? process.env.DATABASE_URL : undefined, databaseSchema: pg ? `bench_${Date.now()}` : 'public' };
  const store = await mod.openStorage(cfg);
  const moves = game.slice(1, MOVES + 1);
  try {
    await store.createMatch('long', { initialState: game[0]!.state, metadata: meta() });
    const seq = await measured(async () => {
      for (const m of moves) await store.commitMove('long', m);
    });
    // At a person's pace (one match, a move every 20 ms, the store otherwise idle): each commit's
    // latency, the wait a move adds before anyone hears of it, beside the disk's own fdatasync.
    await store.createMatch('paced', { initialState: game[0]!.state, metadata: meta() });
    const paced: number[] = [];
    for (const m of game.slice(1, PACED + 1)) {
      await sleep(20);
      const t = performance.now();
      await store.commitMove('paced', m);
      paced.push(performance.now() - t);
    }
    const synced = pg ? [] : await fdatasyncs(dataDir, PACED);
    const file = pg ? '' : mod.sqliteFile(dataDir);
    const size = pg ? 0 : fs.statSync(file).size + (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0);
    const ids = Array.from({ length: MATCHES }, (_, i) => `c${i}`);
    await Promise.all(ids.map((id) => store.createMatch(id, { initialState: game[0]!.state, metadata: meta() })));
    const par = await measured(async () => {
      await Promise.all(
        ids.map(async (id) => {
          for (let k = 1; k <= PER_MATCH; k++) await store.commitMove(id, game[k]!);
        }),
      );
    });
    let load = Number.POSITIVE_INFINITY;
    for (let k = 0; k < 5; k++) {
      const t = performance.now();
      const { state } = await store.fetch('long', { state: true });
      load = Math.min(load, performance.now() - t);
      if (state?._stateID !== moves.at(-1)!.state._stateID) throw new Error('not read back');
    }
    const n = moves.length;
    const np = MATCHES * PER_MATCH;
    return {
      'one match: moves/s': (n / seq.wall) * 1000,
      'one match: main thread ms/move': seq.main / n,
      'one match: CPU ms/move (all threads)': seq.cpu / n,
      'one match: bytes to write() per move': seq.wchar / n,
      'one match: bytes to disk per move': seq.disk / n,
      'a move every 20 ms: commit p50 ms': quantile(paced, 0.5),
      'a move every 20 ms: commit p99 ms': quantile(paced, 0.99),
      ...(pg
        ? {}
        : {
            'the disk alone, 4 KB write + fdatasync every 20 ms: p50 ms': quantile(synced, 0.5),
            'the disk alone, 4 KB write + fdatasync every 20 ms: p99 ms': quantile(synced, 0.99),
          }),
      [`${MATCHES} matches at once: moves/s`]: (np / par.wall) * 1000,
      [`${MATCHES} matches at once: main thread ms/move`]: par.main / np,
      [`${MATCHES} matches at once: CPU ms/move (all threads)`]: par.cpu / np,
      [`${MATCHES} matches at once: bytes to write() per move`]: par.wchar / np,
      'file + WAL after the long match, KB': size / 1024,
      'reading the long match back, ms (best of 5)': load,
    };
  } finally {
    await store.dropAll();
    await store.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
}

/** The disk's own durable write in the store's folder: a 4 KB write and fdatasync, every 20 ms. */
async function fdatasyncs(dir: string, n: number): Promise<number[]> {
  const file = path.join(dir, 'fdatasync-probe');
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(4096, 1);
  const out: number[] = [];
  try {
    for (let i = 0; i < n; i++) {
      await sleep(20);
      const t = performance.now();
      fs.writeSync(fd, block, 0, block.length, (i % 64) * block.length);
      fs.fdatasyncSync(fd);
      out.push(performance.now() - t);
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
  }
  return out;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, median: s[Math.floor((s.length - 1) / 2)]! };
};
const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toFixed(3));

const game = realGame('bench', Math.max(MOVES, PER_MATCH, PACED));
const avg = game.reduce((a, m) => a + JSON.stringify(m.state).length, 0) / game.length;
console.log(`a real game of ${game.length - 1} moves, state ${(avg / 1024).toFixed(1)} KB on average; ${REPEATS} repeats, interleaved`);
const current = (await import('../src/storage')) as StoreModule;
const variants: [string, StoreModule][] = [['this commit', current]];
if (args.baseline) variants.unshift([`baseline ${args.baseline}`, await baselineStore(args.baseline)]);
for (const pg of process.env.DATABASE_URL ? [false, true] : [false]) {
  const samples = new Map<string, Sample[]>(variants.map(([name]) => [name, []]));
  for (let r = 0; r < REPEATS; r++) for (const [name, mod] of variants) samples.get(name)!.push(await once(mod, game, pg));
  console.log(`\n${pg ? 'PostgreSQL' : 'SQLite, synchronous=FULL'}: min / median of ${REPEATS}`);
  const keys = Object.keys(samples.get(variants[0]![0])![0]!);
  const rows = keys.map((k) => {
    const cells = variants.map(([name]) => stats(samples.get(name)!.map((s) => s[k]!)));
    const ratio = cells.length === 2 && cells[0]!.median ? ` | ${(cells[1]!.median / cells[0]!.median).toFixed(2)}×` : '';
    return `| ${k} | ${cells.map((c) => `${fmt(c.min)} / ${fmt(c.median)}`).join(' | ')}${ratio} |`;
  });
  console.log(`| measure | ${variants.map(([n]) => n).join(' | ')}${variants.length === 2 ? ' | new / old (median)' : ''} |`);
  console.log(`|---|${variants.map(() => '---|').join('')}${variants.length === 2 ? '---|' : ''}`);
  for (const row of rows) console.log(row);
}
