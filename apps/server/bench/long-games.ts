/**
 * Long-game benchmark: does a move late in a game cost more than an early one? Plays whole games of
 * Kampen om Norge (basic and advanced; and Deres uenighet, three seats, with `--rulesets deres`) one move at a time through the real server (built and started
 * as `npm start` does; bench/load.ts's machinery), three seat sockets and a spectator, each move a
 * random legal move of the acting seat chosen from its own view (fixed chooser seed; the server draws
 * each match's dice seed itself). Per store and ruleset it reports:
 *  - the server's CPU per move (all its threads, store writer included) by move number, and the ratio
 *    of moves 550–650 to moves 25–125, measured within one game, so a busy machine affects both alike;
 *  - the bytes of the first state ('sync') a seat receives when it reconnects at move 50 and move 600,
 *    and the size of that seat's G (and of G.log in it);
 *  - the bytes the finished match takes in the store (SQLite: its rows' column lengths; PostgreSQL:
 *    pg_column_size of its rows, i.e. after TOAST compression).
 * Each (store, ruleset) game is repeated; the summary gives medians over the repeats.
 * Not a test: nothing asserts a timing.
 *
 *   npm run bench:long -- [--repeats 3] [--stores embedded,postgres] [--rulesets basic,advanced,deres]
 *                         [--max-moves 3000] [--out result.json]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { decodeAll, inflateText, isChainStart } from '../src/storage/event-codec';
import { legalMoves as deresLegalMoves } from '@kon/deres';
import { cpuMs, type MatchInfo, Peer, parseOptions, postJson, runCleanups, sleep, startOurs, type Target } from './load';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MOVE_TIMEOUT_MS = 30_000;
const EARLY = [25, 125] as const;
const LATE = [550, 650] as const;
const RECONNECT_AT = [50, 600];

const { values } = parseArgs({
  options: {
    repeats: { type: 'string', default: '3' },
    stores: { type: 'string', default: 'embedded,postgres' },
    rulesets: { type: 'string', default: 'basic,advanced' },
    'max-moves': { type: 'string', default: '3000' },
    out: { type: 'string' },
    /** A folder to copy each SQLite game's file into (for looking at the rows afterwards). */
    'keep-db': { type: 'string' },
  },
});
const REPEATS = Number(values.repeats);
const MAX_MOVES = Number(values['max-moves']);
const STORES = values.stores!.split(',').filter(Boolean) as ('embedded' | 'postgres')[];
const RULESETS = values.rulesets!.split(',').filter(Boolean);
if (!(REPEATS > 0 && MAX_MOVES > 0) || STORES.some((s) => s !== 'embedded' && s !== 'postgres'))
  throw new Error(`bad options: ${JSON.stringify(values)}`);

interface Reconnect {
  atMove: number;
  syncBytes: number;
  gBytes: number;
  logBytes: number;
  logEntries: number;
}

interface GameResult {
  store: string;
  ruleset: string;
  moves: number;
  finished: boolean;
  refused: number;
  /** Server CPU ms of each move, in order. */
  cpuMs: number[];
  /** Bytes of 'update'/'patch' messages one seat received per move, in order. */
  seatBytes: number[];
  reconnects: Reconnect[];
  storedBytes: Record<string, number>;
  loadavg: number[];
}

const cpuOf = (t: Target) => t.pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

/** Resolves once `ok()` holds (checked every few ms), false after `ms`. */
async function until(ok: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) return false;
    await sleep(2);
  }
  return true;
}

function gSizes(peer: Peer): Omit<Reconnect, 'atMove' | 'syncBytes'> {
  const G = peer.state!.G as { log?: unknown[] };
  return { gBytes: JSON.stringify(G).length, logBytes: JSON.stringify(G.log ?? []).length, logEntries: G.log?.length ?? 0 };
}

/** A seat closes its socket and opens a new one: what does its first state weigh? */
async function reconnect(target: Target, match: MatchInfo, atMove: number): Promise<Reconnect> {
  const seat = match.seats[0]!;
  let peer: Peer | undefined;
  const got = new Promise<void>((resolve) => {
    peer = new Peer(
      target,
      match,
      seat.playerID,
      seat.credentials,
      () => resolve(),
      () => resolve(),
    );
  });
  await Promise.race([got, sleep(MOVE_TIMEOUT_MS)]);
  try {
    if (!peer?.state) throw new Error(`match ${match.matchID}: no state on reconnecting`);
    return { atMove, syncBytes: peer.syncBytes, ...gSizes(peer) };
  } finally {
    peer?.close();
  }
}

async function playGame(target: Target, store: string, ruleset: string): Promise<GameResult> {
  const match = await target.createMatch();
  const peers = [
    ...match.seats.map((s) => new Peer(target, match, s.playerID, s.credentials, () => {}, onRefused)),
    new Peer(target, match, null, match.spectatorCredentials, () => {}, onRefused),
  ];
  let refused = 0;
  let refusedNow = false;
  function onRefused(p: Peer) {
    refused++;
    refusedNow = true;
    p.resync();
  }
  const aligned = () => peers.every((p) => p.state && p.stateID === peers[0]!.stateID);
  const result: GameResult = {
    store,
    ruleset,
    moves: 0,
    finished: false,
    refused: 0,
    cpuMs: [],
    seatBytes: [],
    reconnects: [],
    storedBytes: {},
    loadavg: os.loadavg(),
  };
  try {
    if (!(await until(aligned, MOVE_TIMEOUT_MS))) throw new Error(`match ${match.matchID}: sockets did not sync`);
    while (result.moves < MAX_MOVES) {
      const view = peers[0]!.state!;
      if (view.ctx.gameover != null) {
        result.finished = true;
        break;
      }
      // The first seat that may act and has a move (Deres' order stage has several at once).
      const candidates = Object.keys(view.ctx.activePlayers ?? {});
      let actor: Peer | undefined;
      let move: { type: string; args: unknown[] } | undefined;
      for (const id of candidates.length ? candidates : [view.ctx.currentPlayer]) {
        actor = peers.find((p) => p.playerID === id);
        move = actor && target.pickMove(actor.state!, id);
        if (move) break;
      }
      if (!actor || !move) throw new Error(`match ${match.matchID}: no legal move at state ${view._stateID}`);
      const from = actor.stateID;
      const bytes0 = peers[1]!.stateBytes;
      refusedNow = false;
      const cpu0 = cpuOf(target);
      actor.sendMove(move);
      const moved = await until(() => refusedNow || peers.every((p) => p.stateID > from), MOVE_TIMEOUT_MS);
      if (!moved) throw new Error(`match ${match.matchID}: move ${result.moves + 1} timed out`);
      if (refusedNow) {
        await until(aligned, MOVE_TIMEOUT_MS);
        continue;
      }
      await until(aligned, MOVE_TIMEOUT_MS);
      result.cpuMs.push(cpuOf(target) - cpu0);
      result.seatBytes.push(peers[1]!.stateBytes - bytes0);
      result.moves++;
      if (RECONNECT_AT.includes(result.moves)) result.reconnects.push(await reconnect(target, match, result.moves));
    }
    result.refused = refused;
  } finally {
    for (const p of peers) p.close();
  }
  await sleep(2000); // the last writes land
  result.storedBytes = await storedBytes(target, match.matchID);
  return result;
}

/** What one match takes in the store, by table. */
async function storedBytes(target: Target, matchID: string): Promise<Record<string, number>> {
  if (target.schema) {
    const db = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
    await db.connect();
    try {
      const size = async (table: string, key: string) =>
        Number(
          (
            await db.query(`SELECT coalesce(sum(pg_column_size(t.*)), 0) AS n FROM "${target.schema}".${table} t WHERE ${key} = $1`, [
              matchID,
            ])
          ).rows[0].n,
        );
      const r = {
        matches: await size('kon_matches', 'id'),
        events: await size('kon_events', 'match_id'),
        side: await size('kon_side', 'match_id'),
      };
      return { ...r, total: r.matches + r.events + r.side };
    } finally {
      await db.end();
    }
  }
  const file = path.join(target.dataDir!, 'kon.sqlite');
  if (values['keep-db']) {
    fs.mkdirSync(values['keep-db'], { recursive: true });
    const copy = new Database(file, { readonly: true, fileMustExist: true });
    await copy.backup(path.join(values['keep-db'], `${matchID}.sqlite`));
    copy.close();
  }
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const one = (sql: string) => Number((db.prepare(sql).get(matchID) as { n: number | null }).n ?? 0);
    const r = {
      matches: one(
        'SELECT coalesce(length(state),0)+coalesce(length(initial_state),0)+length(metadata)+coalesce(length(lobby),0) AS n FROM kon_matches WHERE id = ?',
      ),
      eventBodies: one('SELECT sum(length(body)) AS n FROM kon_events WHERE match_id = ?'),
      snapshots: one('SELECT sum(coalesce(length(snap),0)) AS n FROM kon_events WHERE match_id = ?'),
      side: one('SELECT sum(length(data)) AS n FROM kon_side WHERE match_id = ?'),
    };
    return { ...r, total: r.matches + r.eventBodies + r.snapshots + r.side, ...inflated(db, matchID) };
  } finally {
    db.close();
  }
}

/**
 * Where the event rows' bytes go before compression (log entries, actions, changes by path, snapshots),
 * and how many rows start a chain (event-codec.ts).
 */
function inflated(db: Database.Database, matchID: string): Record<string, number> {
  const out = { rawEntries: 0, rawActions: 0, rawDeltas: 0, rawSnapshots: 0, snapshotRows: 0, rows: 0, chainStarts: 0 };
  const byPath: Record<string, number> = {};
  const rows = db
    .prepare('SELECT state_id, log_base, codec, body, snap FROM kon_events WHERE match_id = ? ORDER BY state_id')
    .all(matchID) as { state_id: number; log_base: number; codec: number | null; body: Buffer; snap: Buffer | null }[];
  const events = decodeAll(rows.map((r) => ({ stateID: r.state_id, logBase: r.log_base, codec: r.codec, body: r.body, snap: r.snap })));
  events.forEach((e, i) => {
    out.rows++;
    if (isChainStart(rows[i]!.codec)) out.chainStarts++;
    out.rawEntries += JSON.stringify(e.entries).length;
    out.rawActions += JSON.stringify(e.actions).length;
    out.rawDeltas += JSON.stringify(e.delta?.ops ?? null).length;
    for (const op of e.delta?.ops ?? []) {
      const k = `delta ${op[0].slice(0, 2).join('.')}`;
      byPath[k] = (byPath[k] ?? 0) + JSON.stringify(op).length;
    }
    const snap = rows[i]!.snap;
    if (snap) {
      out.snapshotRows++;
      out.rawSnapshots += inflateText(snap).length;
    }
  });
  const top = Object.entries(byPath)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12);
  return { ...out, ...Object.fromEntries(top) };
}

let seed = 4242;
/** Deterministic, so two runs of one commit choose alike from the same views. */
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

/** Our server, its matches Deres uenighet's ('--rulesets deres'): a random legal move from the seat's own view, never a surrender. */
function deres(ours: Target): Target {
  return {
    ...ours,
    namespace: 'deres-uenighet',
    async createMatch() {
      const m = await postJson(`${ours.url}/api/matches`, { game: 'deres-uenighet', plan: 'three' });
      const seats = await Promise.all(
        (m.links.seats as { token: string }[]).map(async (s, i) => {
          const r = await postJson(`${ours.url}/api/matches/${m.matchID}/join`, { token: s.token, name: `Bench ${i}` });
          return { playerID: r.playerIDs[0] as string, credentials: r.credentials as string };
        }),
      );
      return { matchID: m.matchID, seats, spectatorCredentials: m.links.spectator };
    },
    pickMove(state, playerID) {
      // Never asking to surrender: random seats would accept it, and games would end after a few dozen moves.
      const options = deresLegalMoves(state.G, state.ctx, playerID).filter((m) => m.move !== 'proposeSurrender');
      const choice = options[Math.floor(random() * options.length)];
      return choice && { type: choice.move, args: choice.args };
    },
  };
}

// ---------------------------------------------------------------- summary

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
function median(xs: number[]): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}
/** Mean of moves first..last (1-based, inclusive). */
const window = (xs: number[], [first, last]: readonly [number, number]) => (xs.length >= last ? mean(xs.slice(first - 1, last)) : NaN);

function summary(games: GameResult[]) {
  const groups = new Map<string, GameResult[]>();
  for (const g of games) groups.set(`${g.store} ${g.ruleset}`, [...(groups.get(`${g.store} ${g.ruleset}`) ?? []), g]);
  return [...groups.entries()].map(([key, gs]) => {
    const early = gs.map((g) => window(g.cpuMs, EARLY));
    const late = gs.map((g) => window(g.cpuMs, LATE));
    const at = (n: number, f: keyof Reconnect) => median(gs.map((g) => g.reconnects.find((r) => r.atMove === n)?.[f] ?? NaN));
    return {
      key,
      games: gs.length,
      finished: gs.filter((g) => g.finished).length,
      movesMedian: median(gs.map((g) => g.moves)),
      cpuMsEarly: +median(early).toFixed(2),
      cpuMsLate: +median(late).toFixed(2),
      lateOverEarly: +median(gs.map((_, i) => late[i]! / early[i]!)).toFixed(2),
      seatBytesEarly: Math.round(median(gs.map((g) => window(g.seatBytes, EARLY)))),
      seatBytesLate: Math.round(median(gs.map((g) => window(g.seatBytes, LATE)))),
      syncBytesAt50: at(50, 'syncBytes'),
      syncBytesAt600: at(600, 'syncBytes'),
      gBytesAt600: at(600, 'gBytes'),
      logBytesAt600: at(600, 'logBytes'),
      storedBytes: median(gs.map((g) => g.storedBytes.total ?? NaN)),
    };
  });
}

const BUCKET = 25;
/** A game for the JSON file: per-move figures as means of each 25 moves (moves 1–25, 26–50, …). */
function compact({ cpuMs, seatBytes, ...rest }: GameResult) {
  const buckets = (xs: number[]) =>
    Array.from({ length: Math.ceil(xs.length / BUCKET) }, (_, i) => +mean(xs.slice(i * BUCKET, (i + 1) * BUCKET)).toFixed(2));
  return { ...rest, cpuMsPer25Moves: buckets(cpuMs), seatBytesPer25Moves: buckets(seatBytes).map(Math.round) };
}

function markdown(rows: ReturnType<typeof summary>): string {
  const kb = (n: number) => (Number.isFinite(n) ? (n / 1024).toFixed(1) : '–');
  const head =
    '| store, ruleset | games (finished) | moves | CPU ms/move 25–125 | 550–650 | late/early | seat bytes/move early → late | sync at 50 → 600 (KB) | G at 600 (log) KB | stored KB |';
  const sep = `|${'---|'.repeat(10)}`;
  const lines = rows.map(
    (r) =>
      `| ${r.key} | ${r.games} (${r.finished}) | ${r.movesMedian} | ${r.cpuMsEarly} | ${r.cpuMsLate} | ${r.lateOverEarly}× | ${r.seatBytesEarly} → ${r.seatBytesLate} | ${kb(r.syncBytesAt50)} → ${kb(r.syncBytesAt600)} | ${kb(r.gBytesAt600)} (${kb(r.logBytesAt600)}) | ${kb(r.storedBytes)} |`,
  );
  return [head, sep, ...lines].join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.once(sig, () => {
      void runCleanups().finally(() => process.exit(130));
    });
  console.error('building the server as npm start does …');
  execFileSync(process.execPath, [path.join(SERVER_ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  const games: GameResult[] = [];
  for (const store of STORES)
    for (const ruleset of RULESETS) {
      const opts = parseOptions(['--stores', store, '--ruleset', ruleset === 'deres' ? 'basic' : ruleset, '--minimal', 'off']);
      const ours = await startOurs(store, opts);
      const target = ruleset === 'deres' ? deres(ours) : ours;
      try {
        await sleep(2000); // start-up work settles
        for (let i = 0; i < REPEATS; i++) {
          const g = await playGame(target, store, ruleset);
          const [e, l] = [window(g.cpuMs, EARLY), window(g.cpuMs, LATE)];
          console.error(
            `  ${store} ${ruleset} #${i + 1}: ${g.moves} moves${g.finished ? '' : ' (unfinished)'}, CPU/move ${e.toFixed(2)} → ${l.toFixed(2)} ms, sync@600 ${g.reconnects.find((r) => r.atMove === 600)?.syncBytes ?? '–'} B, stored ${g.storedBytes.total} B, load ${g.loadavg[0]!.toFixed(1)}`,
          );
          games.push(g);
        }
      } finally {
        await target.stop();
      }
    }
  const rows = summary(games);
  const table = markdown(rows);
  console.log(`\n${table}\n`);
  if (values.out) {
    const meta = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadavg: os.loadavg(), options: values };
    fs.writeFileSync(values.out, JSON.stringify({ meta, summary: rows, table, games: games.map(compact) }, null, 1));
    console.error(`raw numbers: ${values.out}`);
  }
}

void main()
  .catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(async () => {
    await runCleanups();
    process.exit(process.exitCode ?? 0);
  });
