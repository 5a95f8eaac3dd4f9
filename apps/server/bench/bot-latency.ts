/**
 * Benchmark: do thinking computer players slow down everybody else? One match played by three socket
 * clients (random legal moves, as in socket-moves.ts) measures the round trip of a move (send → every
 * seat holds the new state): first alone, then while 10 other matches are played by three Easy bots
 * each with no delay between their moves (the heaviest load bots can make; a finished bot match is
 * replaced at once). Prints p50/p95/p99 side by side, and how many bot moves were made meanwhile.
 * Not a test: nothing asserts a timing. Usage: npm run bench:bots [-- <moves per phase>] (BOT_WORKERS=n).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { KampenOmNorge } from '@kon/game';
import { startServer, loadGameModule } from '../src/app';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { lcg, timedRandomMove, waitUntil as waitFor } from './random-play';

const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/client') as typeof import('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer') as typeof import('boardgame.io/multiplayer');

const movesPerPhase = Number(process.argv[2] ?? 300);
const BOT_MATCHES = 10;
const BOT_WORKERS = process.env.BOT_WORKERS ?? '1';

/** The server is busy: wait longer than the plain socket benchmark does. */
const waitUntil = (ok: () => boolean) => waitFor(ok, 30_000);

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const p = (q: number) => +s[Math.min(s.length - 1, Math.floor((q / 100) * s.length))]!.toFixed(2);
  return { moves: s.length, p50: p(50), p95: p(95), p99: p(99), max: p(100) };
};
type Stats = ReturnType<typeof stats>;

/**
 * A fresh server with the given bot delay: the measured match alone, then (when `withBots`) again
 * while BOT_MATCHES bot matches play. Warmed up first (JIT, store, the worker's start).
 */
async function run(delayMs: number, withBots: boolean): Promise<{ alone: Stats; bots?: Stats; botMovesPerSecond?: number; problems: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-bench-bots-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    CREATE_LIMIT_PER_HOUR: '100000',
    SOCKET_MESSAGES_PER_10S: '100000',
    BOT_MOVE_DELAY_MS: String(delayMs),
    BOT_WORKERS,
  });
  const lines: string[] = [];
  const server = await startServer(config, await loadGameModule(), { log: createLogger('warn', {}, (l) => lines.push(l)) });
  const post = async (route: string, body: unknown) => {
    const res = await fetch(server.url + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };

  /** One match of three socket clients; random legal moves; the round trip of each. */
  const measure = async (moves: number, seedStart: number): Promise<number[]> => {
    const match = await post('/api/matches', { plan: 'three', setupData: { ruleset: 'basic' } });
    const members = await Promise.all(match.links.seats.map((s: any, i: number) => post(`/api/matches/${match.matchID}/join`, { token: s.token, name: `Bench ${i}` })));
    const clients = members.map((m: any) =>
      Client({ game: KampenOmNorge, matchID: match.matchID, playerID: m.playerIDs[0], credentials: m.credentials, debug: false, multiplayer: SocketIO({ server: server.url }) } as any),
    );
    for (const c of clients) c.start();
    await waitUntil(() => clients.every((c) => c.getState() !== null));
    const random = lcg(seedStart);
    const latencies: number[] = [];
    while (latencies.length < moves) {
      const ms = await timedRandomMove(clients, clients, random, 30_000);
      if (ms === null) break;
      latencies.push(ms);
    }
    for (const c of clients) c.stop();
    return latencies;
  };

  // Bot moves, and the bot matches kept going (a finished one is replaced).
  let botMoves = 0;
  const botMatches = new Set<string>();
  let keepBots = true;
  const startBotMatch = async (bots: Record<string, string>) => {
    const m = await post('/api/matches', { plan: 'three', setupData: { ruleset: 'basic' }, bots });
    botMatches.add(m.matchID);
  };
  const ALL = { germany: 'easy', norway: 'easy', allies: 'easy' };
  server.transport.onMoveCommitted((e) => {
    if (!botMatches.has(e.matchID)) return;
    botMoves++;
    if (e.state.ctx.gameover) {
      botMatches.delete(e.matchID);
      if (keepBots) void startBotMatch(ALL);
    }
  });

  await measure(50, 999);
  // Warm the worker with a German bot alone: it stops at Norway's first window (nobody plays Norway).
  await startBotMatch({ germany: 'easy' });
  await waitUntil(() => botMoves > 0);
  botMatches.clear();
  await new Promise((r) => setTimeout(r, 3000));

  const alone = stats(await measure(movesPerPhase, 12345));
  let bots: Stats | undefined;
  let botMovesPerSecond: number | undefined;
  if (withBots) {
    for (let i = 0; i < BOT_MATCHES; i++) await startBotMatch(ALL);
    await waitUntil(() => botMoves > 20);
    const before = botMoves;
    const t0 = performance.now();
    bots = stats(await measure(movesPerPhase, 12345));
    botMovesPerSecond = +((botMoves - before) / ((performance.now() - t0) / 1000)).toFixed(1);
  }
  keepBots = false;
  await server.stop('bench done');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const problems = lines.filter((l) => /bot (move refused|decision failed|worker)/.test(l));
  return { alone, ...(bots ? { bots, botMovesPerSecond } : {}), problems };
}

const paced = await run(700, true);
const flat = await run(0, true);
const row = (name: string, st: Stats, extra = '') =>
  `${name.padEnd(46)} ${String(st.moves).padStart(5)} ${String(st.p50).padStart(8)} ${String(st.p95).padStart(8)} ${String(st.p99).padStart(8)} ${String(st.max).padStart(8)}  ${extra}`;
console.log(`Round trip of a player's move in another match (ms); BOT_WORKERS=${BOT_WORKERS}, ${os.cpus().length} cores:`);
console.log(`${''.padEnd(46)} ${'moves'.padStart(5)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}  bot moves/s`);
console.log(row('no bots', paced.alone));
console.log(row(`${BOT_MATCHES} bot matches, BOT_MOVE_DELAY_MS=700`, paced.bots!, String(paced.botMovesPerSecond)));
console.log(row('no bots (second server)', flat.alone));
console.log(row(`${BOT_MATCHES} bot matches, BOT_MOVE_DELAY_MS=0`, flat.bots!, String(flat.botMovesPerSecond)));
const problems = [...paced.problems, ...flat.problems];
if (problems.length) console.log(`bot problems logged: ${problems.length}\n${problems.slice(0, 3).join('\n')}`);
process.exit(0);
