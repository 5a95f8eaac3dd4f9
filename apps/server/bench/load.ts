/**
 * Load benchmark of the move path: many concurrent matches over real sockets against the real server
 * (built and started as `npm start` does, in a child process), side by side with a minimal
 * boardgame.io server (bench/minimal-server.ts) measured in the same run, so that the ratios
 * ours/minimal hold even on a shared, noisy machine.
 *
 * Each match has three seat sockets and a spectator socket speaking boardgame.io's socket protocol
 * directly, not through boardgame.io's client: 800 clients each running the game's reducer on every
 * update would make the bench process, not the server, the bottleneck. Saturated mode: each match sends its next move as soon as the
 * last one reached all four of its sockets. Human mode: each match moves about every 2 s. The servers
 * run side by side, and each load shape is measured on each of them in turn before the next shape.
 *
 *   npm run bench:load -- [--seconds 20] [--matches 1,50,200] [--stores embedded,postgres]
 *                         [--modes saturated,human] [--human-matches 10,100,400,1000,2000]
 *                         [--minimal on|off] [--minimal-patches] [--vanilla on|off] [--before <checkout>]
 *                         [--ruleset basic|advanced] [--warmup <seconds>]
 *                         [--database-url postgres://…] [--redis-url redis://…] [--out result.json]
 *
 * Stores: embedded (SQLite), postgres (one process, no Redis), redis1 (one process with REDIS_URL:
 * what the cluster machinery costs), redis2 (two processes on one PostgreSQL and one Redis, each
 * match's sockets spread over both, so every move crosses from one process to the other) and placed2
 * (the same two processes, each match created on one of them in turn and all its sockets there: how
 * the two cores serve people when a match lives in one process).
 *
 * `--vanilla on` adds boardgame.io's own Server (its Master, in-memory storage, full 'update' per
 * socket) serving Kampen om Norge's Game definition unchanged: what this game costs boardgame.io
 * itself, with no durable write and none of our checks, the yardstick for how much of our cost is
 * the game and how much our move path.
 *
 * `--human-matches` sweeps the human-pace match counts separately (default: --matches); the table then
 * ends with the most matches each server kept within p99 ≤ 10 ms and ≤ 50 ms. `--before <checkout>`
 * adds, in the same run, the embedded server of another checkout of this repository (e.g. an earlier
 * commit unpacked with `git archive`, its node_modules beside it), built and started as npm start does
 * (with the node flags of that checkout's start script). `--warmup <seconds>` first runs 10 saturated
 * matches on each server, unmeasured, so that no phase pays for compiling the server's code (JIT).
 *
 * Not a test: nothing asserts a timing.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { applyPatch, type Operation } from 'rfc6902';
import { io, type Socket } from 'socket.io-client';
import { legalMoves } from '@kon/game';
import { serverNodeArgs } from './node-args';
import { anomalies, bucketP99Ms, bucketsOf, LABELS, markdown, type Mode, type PhaseResult, type TargetResult } from './load-report';

export { capacity, type PhaseResult, type TargetResult } from './load-report';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MOVE_TIMEOUT_MS = 10_000;
const HUMAN_PERIOD_MS = 2_000;
const HUMAN_JITTER_MS = 500;

// ---------------------------------------------------------------- options

export interface Options {
  seconds: number;
  matches: number[];
  /** The match counts of the human-pace phases. */
  humanMatches: number[];
  stores: Store[];
  /** Another checkout whose server is measured too, as 'before'. */
  before: string | undefined;
  modes: Mode[];
  minimal: boolean;
  /** The minimal server sends boardgame.io 'patch' events (deltaState) instead of 'update'. */
  minimalPatches: boolean;
  /** Also measure boardgame.io's own Server serving our game (see above). */
  vanilla: boolean;
  ruleset: string;
  databaseUrl: string;
  redisUrl: string;
  out: string | undefined;
  maxMinutes: number;
  /** Seconds of unmeasured saturated load on each server before the first phase (its JIT warmed, as in a server that has run a while). */
  warmup: number;
}
const STORES = ['embedded', 'postgres', 'redis1', 'redis2', 'placed2'] as const;
type Store = (typeof STORES)[number];

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: 'string', default: '20' },
      matches: { type: 'string', default: '1,50,200' },
      'human-matches': { type: 'string' },
      before: { type: 'string' },
      stores: { type: 'string', default: 'embedded,postgres' },
      modes: { type: 'string', default: 'saturated,human' },
      minimal: { type: 'string', default: 'on' },
      'minimal-patches': { type: 'boolean', default: false },
      vanilla: { type: 'string', default: 'off' },
      ruleset: { type: 'string', default: 'basic' },
      'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
      'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
      out: { type: 'string' },
      'max-minutes': { type: 'string', default: '20' },
      warmup: { type: 'string', default: '0' },
    },
  });
  const list = (s: string) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  const opts: Options = {
    seconds: Number(values.seconds),
    matches: list(values.matches!).map(Number),
    humanMatches: list(values['human-matches'] ?? values.matches!).map(Number),
    before: values.before,
    stores: list(values.stores!) as Options['stores'],
    modes: list(values.modes!) as Mode[],
    minimal: values.minimal !== 'off',
    minimalPatches: values['minimal-patches']!,
    vanilla: values.vanilla === 'on',
    ruleset: values.ruleset!,
    databaseUrl: values['database-url']!,
    redisUrl: values['redis-url']!,
    out: values.out,
    maxMinutes: Number(values['max-minutes']),
    warmup: Number(values.warmup),
  };
  const bad =
    !(opts.seconds > 0 && opts.seconds <= 600) ||
    [...opts.matches, ...opts.humanMatches].some((n) => !Number.isInteger(n) || n < 1 || n > 5000) ||
    (opts.before !== undefined && !fs.existsSync(path.join(opts.before, 'apps', 'server', 'scripts', 'build.mjs'))) ||
    opts.stores.some((s) => !STORES.includes(s)) ||
    opts.modes.some((m) => m !== 'saturated' && m !== 'human') ||
    !(opts.maxMinutes > 0) ||
    !(opts.warmup >= 0 && opts.warmup <= 120);
  if (bad) throw new Error(`bad options: ${JSON.stringify(values)}`);
  // The database URL is handed to a child process: keep the bench on this machine.
  if (opts.stores.some((s) => s !== 'embedded') && !/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost)(:\d+)?\//.test(opts.databaseUrl))
    throw new Error('--database-url must point at 127.0.0.1');
  if (
    opts.stores.some((s) => s.startsWith('redis') || s === 'placed2') &&
    !/^redis:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?\d*$/.test(opts.redisUrl)
  )
    throw new Error('--redis-url must point at 127.0.0.1');
  return opts;
}

// ---------------------------------------------------------------- the server processes

/** Something that must be undone however the run ends (child processes, temp folders, schemas). */
export const cleanups: (() => Promise<void> | void)[] = [];

export async function runCleanups() {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    await Promise.resolve()
      .then(fn)
      .catch((e: unknown) => console.error('cleanup failed:', e));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

interface Child {
  proc: ChildProcess;
  pid: number;
  url: string;
  output: string[];
}

/** Spawns node on a bundled entry and waits until `readyPath` answers 200. */
async function startChild(
  label: string,
  script: string,
  env: Record<string, string>,
  readyPath: string,
  cwd = SERVER_ROOT,
  nodeArgs = ['--enable-source-maps'],
): Promise<Child> {
  const port = await freePort();
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the servers under load.
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // e.g. BENCH_SERVER_ENV="SNAPSHOT_EVERY=100": settings for the servers under test (docs/operating.md).
  const settings = Object.fromEntries(
    (process.env.BENCH_SERVER_ENV ?? '')
      .split(' ')
      .filter((kv) => /^[A-Z][A-Z0-9_]*=/.test(kv))
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
  const proc = spawn(process.execPath, [...extra, ...nodeArgs, script], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...settings,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  // e.g. BENCH_SERVER_OUTPUT_DIR=/tmp/out with BENCH_SERVER_NODE_ARGS=--trace-gc: each server's whole output to a file.
  const outDir = process.env.BENCH_SERVER_OUTPUT_DIR;
  const file = outDir ? fs.createWriteStream(path.join(outDir, `${path.basename(script, '.cjs')}-${proc.pid}.log`)) : null;
  const keep = (b: Buffer) => {
    file?.write(b);
    output.push(b.toString());
    if (output.length > 50) output.shift();
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const child: Child = { proc, pid: proc.pid!, url: `http://127.0.0.1:${port}`, output };
  cleanups.push(() => stopChild(child));
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    if (proc.exitCode !== null) break;
    const ok = await fetch(child.url + readyPath).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await sleep(200);
  }
  throw new Error(`${label} did not start:\n${output.join('')}`);
}

async function stopChild(child: Child) {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.proc.once('exit', () => r()));
  child.proc.kill('SIGTERM');
  const t = setTimeout(() => child.proc.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(t);
}

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time of a process so far, in ms. The sum of its threads' schedstat run times (ns) resolves a
 * single move; /proc/<pid>/stat's utime+stime counts in 10 ms ticks, too coarse for a human-pace phase
 * of a few dozen moves, and is the fallback.
 */
export function cpuMs(pid: number): number {
  try {
    let ns = 0;
    for (const task of fs.readdirSync(`/proc/${pid}/task`))
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    if (Number.isFinite(ns) && ns > 0) return ns / 1e6;
  } catch {
    // a thread ended between listing and reading, or no schedstat: use stat
  }
  return statCpuMs(pid);
}

/** utime+stime from /proc/<pid>/stat (fields 14 and 15, after the parenthesised command name). */
function statCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

const cpuOf = (t: Target) => t.pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
const rssOf = (t: Target) => t.pids.reduce((sum, pid) => sum + rssMB(pid), 0);

function rssMB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? +(Number(m[1]) / 1024).toFixed(1) : NaN;
}

// ---------------------------------------------------------------- targets: ours and the minimal one

export interface Seat {
  playerID: string;
  credentials: string;
}
export interface MatchInfo {
  matchID: string;
  seats: Seat[];
  spectatorCredentials: string | undefined;
  /** The process every socket of the match connects to (placed2); else the target's urlFor. */
  url?: string;
}

export interface Target {
  label: string;
  pid: number;
  /** Every server process of the target (CPU and memory are their sums). */
  pids: number[];
  url: string;
  /** The process a match's socket number `i` connects to (all to `url` when there is one process). */
  urlFor?(i: number): string;
  namespace: string;
  createMatch(): Promise<MatchInfo>;
  /** The move the acting seat sends, chosen from its own view of the state. */
  pickMove(state: BgState, playerID: string): { type: string; args: unknown[] } | undefined;
  /** Our server's DATA_DIR (its SQLite file) and, on PostgreSQL, its schema (bench/long-games.ts measures what a match stores). */
  dataDir?: string;
  schema?: string;
  /** The server's GET /metrics text (ours only; the first process's of two): its GC, event-loop delay, move and store-write histograms. */
  scrape?(): Promise<string>;
  stop(): Promise<void>;
}

export interface BgState {
  G: any;
  ctx: { currentPlayer: string; activePlayers: Record<string, string> | null; gameover?: unknown };
  _stateID: number;
}

export async function postJson(url: string, body: unknown): Promise<any> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

let seed = 12345;
/** Deterministic, so two runs of one commit play the same first moves. */
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

/** Bundles a bench server as build.mjs bundles ours: npm packages left to node_modules, and our own
 * TypeScript workspaces (@kon/*) compiled in, since plain node cannot load them. */
async function bundle(entry: string, outfile: string) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    plugins: [
      {
        name: 'npm-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@kon/') ? undefined : { path: a.path, external: true }));
        },
      },
    ],
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    sourcemap: true,
    logLevel: 'warning',
  });
}

/**
 * A yardstick: boardgame.io's own Server (bench/serve-game.ts) serving one game, its matches made and
 * joined through boardgame.io's lobby API.
 */
async function startBoardgameIo(
  label: 'minimal' | 'vanilla',
  entry: string,
  game: string,
  env: Record<string, string>,
  setupData: object | undefined,
  pickMove: Target['pickMove'],
): Promise<Target> {
  const script = path.join(SERVER_ROOT, 'dist', `bench-${label}-server.cjs`);
  await bundle(path.join(SERVER_ROOT, 'bench', entry), script);
  const child = await startChild(LABELS[label]!, script, env, '/games');
  const base = `${child.url}/games/${game}`;
  return {
    label,
    pid: child.pid,
    pids: [child.pid],
    url: child.url,
    namespace: game,
    async createMatch() {
      const { matchID } = await postJson(`${base}/create`, { numPlayers: 3, ...(setupData ? { setupData } : {}) });
      const seats = await Promise.all(
        ['0', '1', '2'].map(async (playerID) => {
          const r = await postJson(`${base}/${matchID}/join`, { playerID, playerName: `Bench ${playerID}` });
          return { playerID, credentials: r.playerCredentials as string };
        }),
      );
      return { matchID, seats, spectatorCredentials: undefined };
    },
    pickMove,
    stop: () => stopChild(child),
  };
}

const startMinimal = (opts: Options) =>
  startBoardgameIo('minimal', 'minimal-server.ts', 'counter', opts.minimalPatches ? { DELTA_STATE: '1' } : {}, undefined, () => ({
    type: 'increment',
    args: [],
  }));

/** boardgame.io's own Server serving Kampen om Norge (bench/vanilla-server.ts). */
const startVanilla = (opts: Options) =>
  startBoardgameIo('vanilla', 'vanilla-server.ts', 'kampen-om-norge', {}, { ruleset: opts.ruleset }, pickLegalMove);

/** A random legal move of the acting seat, chosen from its own view as a client would. */
export function pickLegalMove(state: BgState, playerID: string) {
  const options = legalMoves(state.G, state.ctx as any, playerID);
  const choice = options[Math.floor(random() * options.length)];
  return choice && { type: choice.move, args: choice.args };
}

/** Our server as `npm start` runs it: the esbuild bundle (built once per run) under NODE_ENV=production. */
export async function startOurs(
  store: Store,
  opts: Options,
  extraEnv: Record<string, string> = {},
  serverRoot = SERVER_ROOT,
  label: string = store,
): Promise<Target> {
  const script = path.join(serverRoot, 'dist', 'main.cjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-load-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const schema = `bench_load_${process.pid}_${Date.now()}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'error',
    // Every match of the bench comes from one address: lift the limits that guard the public API.
    RATE_LIMIT_PER_MINUTE: '100000',
    CREATE_LIMIT_PER_HOUR: '100000',
    SOCKET_MESSAGES_PER_10S: '100000',
    SOCKETS_PER_ADDRESS: '100000',
    // The bench's players pass at once: automatic passing would hold each such pass to its drawn
    // delay (a game feature, ~1 s), and the bench would time the delay instead of the move path.
    AUTOPASS: 'off',
    ...extraEnv,
  };
  if (store !== 'embedded') {
    Object.assign(env, { DATABASE_URL: opts.databaseUrl, DATABASE_SCHEMA: schema });
    cleanups.push(() => dropSchema(opts.databaseUrl, schema));
  }
  if (store.startsWith('redis') || store === 'placed2') Object.assign(env, { REDIS_URL: opts.redisUrl, REDIS_KEY_PREFIX: `${schema}:` });
  // Our server with its start script's node flags (npm start), each checkout's own.
  const nodeArgs = serverNodeArgs(serverRoot);
  const child = await startChild(`our server (${label})`, script, env, '/healthz', serverRoot, nodeArgs);
  const children = [child];
  const twoProcesses = store === 'redis2' || store === 'placed2';
  if (twoProcesses) children.push(await startChild(`our server (${label}, second process)`, script, env, '/healthz', serverRoot, nodeArgs));
  let created = 0;
  return {
    label,
    pid: child.pid,
    pids: children.map((c) => c.pid),
    url: child.url,
    // Germany and Norway's Allies on one process, Norway and the spectator on the other.
    urlFor: (i) => children[i % children.length]!.url,
    namespace: 'kampen-om-norge',
    dataDir,
    ...(store === 'embedded' ? {} : { schema }),
    scrape: () => fetch(`${child.url}/metrics`).then((r) => r.text()),
    async createMatch() {
      // placed2: the match is made on, and all its sockets connect to, one process in turn.
      const home = store === 'placed2' ? children[created++ % children.length]!.url : child.url;
      const m = await postJson(`${home}/api/matches`, { plan: 'three', setupData: { ruleset: opts.ruleset } });
      const seats = await Promise.all(
        (m.links.seats as { token: string }[]).map(async (s, i) => {
          const r = await postJson(`${home}/api/matches/${m.matchID}/join`, { token: s.token, name: `Bench ${i}` });
          return { playerID: r.playerIDs[0] as string, credentials: r.credentials as string };
        }),
      );
      return { matchID: m.matchID, seats, spectatorCredentials: m.links.spectator, ...(store === 'placed2' ? { url: home } : {}) };
    },
    pickMove: pickLegalMove,
    stop: async () => {
      for (const c of children) await stopChild(c);
    },
  };
}

async function dropSchema(url: string, schema: string) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------- measuring

interface Sizes {
  n: number;
  sum: number;
  max: number;
}
const emptySizes = (): Sizes => ({ n: 0, sum: 0, max: 0 });

/** What one phase (one target × load shape × mode) counts. */
interface PhaseStats {
  latencies: number[];
  moves: number;
  refused: number;
  timeouts: number;
  resyncs: number;
  patchFailures: number;
  replacedMatches: number;
  /** Sum of the stateIDs moves were made from: how far into their games the matches were. */
  stateIDSum: number;
  /** Raw socket.io payload of each state message ('update' or 'patch'), per receiving socket. */
  seatBytes: Sizes;
  spectatorBytes: Sizes;
  patchMessages: number;
  updateMessages: number;
}

function newStats(): PhaseStats {
  return {
    latencies: [],
    moves: 0,
    refused: 0,
    timeouts: 0,
    resyncs: 0,
    patchFailures: 0,
    replacedMatches: 0,
    stateIDSum: 0,
    seatBytes: emptySizes(),
    spectatorBytes: emptySizes(),
    patchMessages: 0,
    updateMessages: 0,
  };
}

/** The phase being measured; messages outside a phase (setup, drain) are not counted. */
let current: PhaseStats | null = null;

function addSize(s: Sizes, bytes: number) {
  s.n++;
  s.sum += bytes;
  if (bytes > s.max) s.max = bytes;
}

// A socket.io EVENT packet as engine.io delivers it: 2[/namespace,][ackId]["event",...]
const EVENT_NAME = /^2(?:\/[^,]*,)?\d*\["([^"]*)"/;

/** One socket of a match: a seat or the spectator, keeping the state the server sent it. */
export class Peer {
  readonly socket: Socket;
  state: BgState | null = null;
  /** Bytes of the last 'sync' answer, and of every 'update' and 'patch' so far (bench/long-games.ts). */
  syncBytes = 0;
  stateBytes = 0;

  constructor(
    target: Target,
    private readonly match: MatchInfo,
    readonly playerID: string | null,
    private readonly credentials: string | undefined,
    private readonly onChange: () => void,
    private readonly onRefused: (peer: Peer) => void,
    index = 0,
  ) {
    // websocket only: long-polling first would measure the upgrade dance, not moves.
    this.socket = io(`${match.url ?? target.urlFor?.(index) ?? target.url}/${target.namespace}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    this.socket.io.engine.on('packet', (p: { type: string; data?: unknown }) => this.measure(p));
    this.socket.on('connect', () => this.sync());
    this.socket.on('sync', (_m: string, info: { state: BgState }) => this.setState(info.state));
    this.socket.on('update', (_m: string, state: BgState) => this.setState(state));
    this.socket.on('patch', (_m: string, prev: number, next: number, patch: Operation[]) => this.patch(prev, next, patch));
    this.socket.on('kon:error', () => this.onRefused(this));
  }

  get stateID(): number {
    return this.state?._stateID ?? -1;
  }

  sync() {
    this.socket.emit('sync', this.match.matchID, this.playerID, this.credentials);
  }

  resync() {
    if (current) current.resyncs++;
    this.sync();
  }

  sendMove(move: { type: string; args: unknown[] }) {
    const action = {
      type: 'MAKE_MOVE',
      payload: { type: move.type, args: move.args, playerID: this.playerID, credentials: this.credentials },
    };
    this.socket.emit('update', action, this.stateID, this.match.matchID, this.playerID);
  }

  close() {
    this.socket.disconnect();
  }

  private setState(state: BgState) {
    this.state = state;
    this.onChange();
  }

  /** As boardgame.io's client does: apply on the state it was made from, else ask for the whole state. */
  private patch(prev: number, next: number, patch: Operation[]) {
    const state = this.state;
    const failed = !state || state._stateID !== prev || applyPatch(state, patch).some((e) => e !== null) || state._stateID !== next;
    if (failed) {
      if (current) current.patchFailures++;
      this.resync();
      return;
    }
    this.onChange();
  }

  private measure(p: { type: string; data?: unknown }) {
    if (p.type !== 'message' || typeof p.data !== 'string') return;
    const name = EVENT_NAME.exec(p.data.slice(0, 80))?.[1];
    if (name === 'sync') this.syncBytes = Buffer.byteLength(p.data);
    if (name !== 'update' && name !== 'patch') return;
    this.stateBytes += Buffer.byteLength(p.data);
    if (!current) return;
    if (name === 'patch') current.patchMessages++;
    else current.updateMessages++;
    addSize(this.playerID === null ? current.spectatorBytes : current.seatBytes, Buffer.byteLength(p.data));
  }
}

type Outcome = 'ok' | 'refused' | 'timeout';

/** One match: three seats and a spectator; sends one move at a time and times it to all four sockets. */
export class MatchDriver {
  private peers: Peer[] = [];
  private pending: { from: number; done: (o: Outcome) => void } | null = null;
  private changed: (() => void) | null = null;

  constructor(private readonly target: Target) {}

  async open(info?: MatchInfo) {
    const match = info ?? (await this.target.createMatch());
    const onChange = () => this.onChange();
    const onRefused = (peer: Peer) => this.onRefused(peer);
    this.peers = [
      ...match.seats.map((s, i) => new Peer(this.target, match, s.playerID, s.credentials, onChange, onRefused, i)),
      new Peer(this.target, match, null, match.spectatorCredentials, onChange, onRefused, match.seats.length),
    ];
    if (!(await this.until(() => this.aligned(), MOVE_TIMEOUT_MS))) throw new Error(`match ${match.matchID}: sockets did not sync`);
  }

  close() {
    for (const p of this.peers) p.close();
    this.peers = [];
  }

  async runSaturated(deadline: number, stats: PhaseStats) {
    while (performance.now() < deadline) await this.step(stats);
  }

  async runHuman(deadline: number, stats: PhaseStats) {
    // Matches start spread over one period, as people would.
    await sleep(Math.min(random() * HUMAN_PERIOD_MS, deadline - performance.now()));
    while (performance.now() < deadline) {
      const next = performance.now() + HUMAN_PERIOD_MS + (random() * 2 - 1) * HUMAN_JITTER_MS;
      await this.step(stats);
      await sleep(Math.min(next, deadline) - performance.now());
    }
  }

  /** One move by the seat that must act; a finished or stuck match is replaced by a fresh one. */
  private async step(stats: PhaseStats) {
    if (!this.aligned() && !(await this.until(() => this.aligned(), MOVE_TIMEOUT_MS))) {
      stats.timeouts++;
      for (const p of this.peers) p.resync();
      await this.until(() => this.aligned(), MOVE_TIMEOUT_MS);
      return;
    }
    const view = this.peers[0]!.state!;
    const actorID = Object.keys(view.ctx.activePlayers ?? {})[0] ?? view.ctx.currentPlayer;
    const actor = this.peers.find((p) => p.playerID === actorID);
    const move = view.ctx.gameover == null && actor ? this.target.pickMove(actor.state!, actorID) : undefined;
    if (!move) {
      stats.replacedMatches++;
      this.close();
      await this.open();
      return;
    }
    const t0 = performance.now();
    const from = actor!.stateID;
    const outcome = await this.send(actor!, move);
    if (outcome === 'ok') {
      stats.moves++;
      stats.stateIDSum += from;
      stats.latencies.push(performance.now() - t0);
    } else if (outcome === 'timeout') stats.timeouts++;
  }

  private send(actor: Peer, move: { type: string; args: unknown[] }): Promise<Outcome> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish('timeout'), MOVE_TIMEOUT_MS);
      const finish = (o: Outcome) => {
        clearTimeout(timer);
        this.pending = null;
        resolve(o);
      };
      this.pending = { from: actor.stateID, done: finish };
      actor.sendMove(move);
    });
  }

  private onChange() {
    const p = this.pending;
    if (p && this.peers.every((peer) => peer.stateID > p.from)) p.done('ok');
    this.changed?.();
  }

  private onRefused(peer: Peer) {
    if (current) current.refused++;
    peer.resync();
    this.pending?.done('refused');
  }

  private aligned(): boolean {
    const id = this.peers[0]?.stateID ?? -1;
    return id >= 0 && this.peers.every((p) => p.stateID === id);
  }

  /** Resolves true as soon as `ok()` holds after a state change, false after `ms`. */
  private until(ok: () => boolean, ms: number): Promise<boolean> {
    if (ok()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.changed = null;
        resolve(false);
      }, ms);
      this.changed = () => {
        if (!ok()) return;
        clearTimeout(timer);
        this.changed = null;
        resolve(true);
      };
    });
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, Math.max(0, ms)));
}

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function pool<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

// ---------------------------------------------------------------- phases and results

/** GC totals from the Prometheus text: seconds spent, pauses, pauses within 10 ms. */
function gcOf(text: string | undefined) {
  const sum = (re: RegExp) => [...(text ?? '').matchAll(re)].reduce((n, m) => n + Number(m[1]), 0);
  return {
    seconds: sum(/^kon_nodejs_gc_duration_seconds_sum\{[^}]*\} (\S+)$/gm),
    count: sum(/^kon_nodejs_gc_duration_seconds_count\{[^}]*\} (\S+)$/gm),
    within10ms: sum(/^kon_nodejs_gc_duration_seconds_bucket\{le="0\.01"[^}]*\} (\S+)$/gm),
    lagP99: sum(/^kon_nodejs_eventloop_lag_p99_seconds (\S+)$/gm),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2);
}

const meanMax = (s: Sizes) => ({ mean: s.n ? Math.round(s.sum / s.n) : NaN, max: s.max });

export async function runPhase(target: Target, drivers: MatchDriver[], mode: Mode, seconds: number): Promise<PhaseResult> {
  const stats = newStats();
  // The first scrape also resets the server's event-loop delay histogram (prom-client does at each).
  const scraped0 = await target.scrape?.().catch(() => undefined);
  const gc0 = gcOf(scraped0);
  current = stats;
  const cpu0 = cpuOf(target);
  const bench0 = process.cpuUsage();
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(drivers.map((d) => (mode === 'saturated' ? d.runSaturated(deadline, stats) : d.runHuman(deadline, stats))));
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuOf(target) - cpu0;
  const bench = process.cpuUsage(bench0);
  current = null;
  const scraped = await target.scrape?.().catch(() => undefined);
  const gc1 = gcOf(scraped);
  const sorted = stats.latencies.sort((a, b) => a - b);
  return {
    target: target.label,
    matches: drivers.length,
    mode,
    seconds: +wall.toFixed(1),
    moves: stats.moves,
    movesPerSecond: +(stats.moves / wall).toFixed(1),
    latencyMs: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: percentile(sorted, 100) },
    seatBytes: meanMax(stats.seatBytes),
    spectatorBytes: meanMax(stats.spectatorBytes),
    patchMessages: stats.patchMessages,
    updateMessages: stats.updateMessages,
    serverCpuMsPerMove: stats.moves ? +(cpu / stats.moves).toFixed(3) : NaN,
    serverCpuPercent: +((cpu / (wall * 1000)) * 100).toFixed(1),
    benchCpuPercent: +(((bench.user + bench.system) / 1000 / (wall * 1000)) * 100).toFixed(0),
    serverRssMB: rssOf(target),
    refused: stats.refused,
    timeouts: stats.timeouts,
    resyncs: stats.resyncs,
    patchFailures: stats.patchFailures,
    replacedMatches: stats.replacedMatches,
    meanStateID: stats.moves ? Math.round(stats.stateIDSum / stats.moves) : NaN,
    gc: scraped
      ? {
          ms: +((gc1.seconds - gc0.seconds) * 1000).toFixed(1),
          pausesOver10ms: gc1.count - gc1.within10ms - (gc0.count - gc0.within10ms),
          loopDelayP99Ms: +(gc1.lagP99 * 1000).toFixed(1),
        }
      : { ms: NaN, pausesOver10ms: NaN, loopDelayP99Ms: NaN },
    serverP99Ms:
      scraped0 && scraped
        ? {
            movePath: bucketP99Ms(
              bucketsOf(scraped0, 'kon_move_duration_seconds', 'by="player"'),
              bucketsOf(scraped, 'kon_move_duration_seconds', 'by="player"'),
            ),
            storeWrite: bucketP99Ms(
              bucketsOf(scraped0, 'kon_store_write_duration_seconds'),
              bucketsOf(scraped, 'kon_store_write_duration_seconds'),
            ),
          }
        : undefined,
  };
}

/** One load shape against one server, from fresh matches (so that its state sizes do not depend on how far an earlier phase played them). */
async function runShape(target: Target, n: number, mode: Mode, opts: Options, what = `${n} × ${mode}`): Promise<PhaseResult> {
  const drivers = Array.from({ length: n }, () => new MatchDriver(target));
  try {
    await pool(drivers, 8, (d) => d.open());
    const r = await runPhase(target, drivers, mode, opts.seconds);
    console.error(
      `  ${target.label} ${what}: ${r.moves} moves, ${r.movesPerSecond}/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms`,
    );
    return r;
  } finally {
    for (const d of drivers) d.close();
    await sleep(500); // let the server see the disconnects before the next phase's reading
  }
}

/**
 * Every load shape and mode against every server, interleaved: each shape runs on one server after
 * the other before the next shape, starting with a different server each time, so that a busy spell
 * of the machine falls on every server's figures alike rather than on one server's whole run.
 */
async function runTargets(targets: Target[], opts: Options): Promise<TargetResult[]> {
  await sleep(2000); // let start-up work (JIT, first queries) settle before the idle reading
  const idleRssMB = targets.map((t) => rssOf(t));
  // Unmeasured: the code the phases run is compiled (optimised) before any phase is timed, on every server alike.
  if (opts.warmup > 0) for (const t of targets) await runShape(t, 10, 'saturated', { ...opts, seconds: opts.warmup }, 'warm-up');
  const phases = targets.map((): PhaseResult[] => []);
  const shapes = opts.modes.flatMap((mode) => (mode === 'human' ? opts.humanMatches : opts.matches).map((n) => [n, mode] as const));
  for (const [k, [n, mode]] of shapes.entries())
    for (let j = 0; j < targets.length; j++) {
      const i = (j + k) % targets.length;
      phases[i]!.push(await runShape(targets[i]!, n, mode, opts));
    }
  await sleep(1000);
  return targets.map((t, i) => ({ target: t.label, idleRssMB: idleRssMB[i]!, endRssMB: rssOf(t), phases: phases[i]! }));
}

// ---------------------------------------------------------------- main

async function main() {
  const opts = parseOptions(process.argv.slice(2));
  const watchdog = setTimeout(() => {
    console.error(`load bench: over --max-minutes ${opts.maxMinutes}, stopping`);
    void runCleanups().finally(() => process.exit(1));
  }, opts.maxMinutes * 60_000);
  watchdog.unref();
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.once(sig, () => {
      console.error(`load bench: ${sig}, stopping the servers`);
      void runCleanups().finally(() => process.exit(130));
    });

  console.error('building the server as npm start does …');
  execFileSync(process.execPath, [path.join(SERVER_ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });

  const before = opts.before && path.resolve(opts.before);
  if (before) {
    console.error(`building ${before}'s server …`);
    execFileSync(process.execPath, [path.join(before, 'apps', 'server', 'scripts', 'build.mjs')], { stdio: 'inherit' });
  }
  const starts: (() => Promise<Target>)[] = [
    ...(opts.minimal ? [() => startMinimal(opts)] : []),
    ...(opts.vanilla ? [() => startVanilla(opts)] : []),
    ...(before ? [() => startOurs('embedded', opts, {}, path.join(before, 'apps', 'server'), 'before')] : []),
    ...opts.stores.map((s) => () => startOurs(s, opts)),
  ];
  const targets: Target[] = [];
  let results: TargetResult[];
  try {
    for (const start of starts) {
      const target = await start();
      targets.push(target);
      console.error(`${LABELS[target.label]} (pid ${target.pid}, ${target.url})`);
    }
    results = await runTargets(targets, opts);
  } finally {
    for (const t of targets) await t.stop();
  }

  const table = markdown(results);
  console.log(`\n${table}\n`);
  for (const line of anomalies(results)) console.log(`- ${line}`);
  if (opts.out) {
    const meta = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadavg: os.loadavg(), options: opts };
    fs.writeFileSync(opts.out, JSON.stringify({ meta, results, table }, null, 2));
    console.error(`raw numbers: ${opts.out}`);
  }
}

// Run as a script (npm run bench:load); bench/bot-latency.ts imports the pieces above instead.
if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url))
  void main()
    .catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    })
    .finally(async () => {
      await runCleanups();
      // socket.io-client timers and the pg pool would keep the process alive.
      process.exit(process.exitCode ?? 0);
    });
