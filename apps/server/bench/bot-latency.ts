/**
 * Benchmark: do thinking computer players slow down the people in other matches? The real server
 * (built and started as `npm start` does, in a child process; bench/load.ts's machinery) carries 50
 * matches played at human pace (each moves about every 2 s, load.ts's human mode). The round trip of
 * a person's move (sent → both other seats and the spectator hold the new state) is measured first
 * with no computer matches, then on the same server with 10 computer-only matches (all three seats
 * Normal) thinking beside them. Each repeat starts a fresh server; the table shows every repeat side
 * by side and the p99 ratio with/without, then that ratio's min and median over the repeats (on a
 * shared machine the median of a few repeats says more than any one run).
 * Beside them, during the phase with the computer matches, one person plays solo against two computer
 * players of the same strength (bench/solo-waits.ts): the table's last lines give that person's wait
 * for a whole computer phase (move → next decision) as median, p90 and max over every repeat.
 * Not a test: nothing asserts a timing.
 *
 *   npm run bench:bots [-- --repeats 3 --seconds 30 --matches 50 --bot-matches 10 --strength normal]
 *
 * BOT_WORKERS, BOT_MOVE_DELAY_MS and BOT_UNWATCHED_MOVE_DELAY_MS, when set, are handed to the server (its
 * defaults otherwise). The computer matches here have nobody connected: the server paces them
 * (BOT_UNWATCHED_MOVE_DELAY_MS, 2 s by default; 0 plays them at the watched pace, as before).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { quantile, soloWaits } from './solo-waits';
import { MatchDriver, parseOptions, pool, postJson, runCleanups, runPhase, sleep, startOurs, type PhaseResult, type Target } from './load';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    repeats: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '30' },
    matches: { type: 'string', default: '50' },
    'bot-matches': { type: 'string', default: '10' },
    strength: { type: 'string', default: 'normal' },
  },
});
const REPEATS = Number(values.repeats);
const SECONDS = Number(values.seconds);
const MATCHES = Number(values.matches);
const BOT_MATCHES = Number(values['bot-matches']);
const STRENGTH = values.strength!;
if (![REPEATS, SECONDS, MATCHES, BOT_MATCHES].every((n) => Number.isInteger(n) && n > 0) || !['easy', 'normal'].includes(STRENGTH))
  throw new Error(`bad options: ${JSON.stringify(values)}`);

const opts = parseOptions(['--stores', 'embedded', '--modes', 'human', '--minimal', 'off', '--seconds', String(SECONDS)]);
const serverEnv: Record<string, string> = {};
for (const k of ['BOT_WORKERS', 'BOT_MOVE_DELAY_MS', 'BOT_UNWATCHED_MOVE_DELAY_MS'] as const)
  if (process.env[k]) serverEnv[k] = process.env[k]!;

/** Bot decisions the server has made so far (its /metrics counter). */
async function botDecisions(target: Target): Promise<number> {
  const text = await fetch(`${target.url}/metrics`).then((r) => r.text());
  return Number(/^kon_bot_decisions_total\{outcome="ok"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

/** Fresh human-pace matches for one phase (each phase from the start of its games, so both halves compare). */
async function humanPhase(target: Target): Promise<PhaseResult> {
  const drivers = Array.from({ length: MATCHES }, () => new MatchDriver(target));
  try {
    await pool(drivers, 8, (d) => d.open());
    return await runPhase(target, drivers, 'human', SECONDS);
  } finally {
    for (const d of drivers) d.close();
    await sleep(500);
  }
}

interface Repeat {
  alone: PhaseResult;
  bots: PhaseResult;
  botDecisionsPerSecond: number;
  /** A solo person's waits for the computer (ms), during the phase with the computer matches. */
  solo: number[];
}

async function repeat(): Promise<Repeat> {
  const target = await startOurs('embedded', opts, serverEnv);
  try {
    await sleep(2000); // start-up work (JIT, first queries) settles
    const alone = await humanPhase(target);
    const seats = { germany: STRENGTH, norway: STRENGTH, allies: STRENGTH };
    for (let i = 0; i < BOT_MATCHES; i++)
      await postJson(`${target.url}/api/matches`, { plan: 'three', setupData: { ruleset: opts.ruleset }, bots: seats });
    // The computer matches are under way (the worker started, decisions coming) before measuring.
    const until = Date.now() + 30_000;
    while ((await botDecisions(target)) < BOT_MATCHES && Date.now() < until) await sleep(250);
    const d0 = await botDecisions(target);
    const t0 = Date.now();
    const [bots, solo] = await Promise.all([humanPhase(target), soloWaits(target, SECONDS * 1000, STRENGTH)]);
    const botDecisionsPerSecond = ((await botDecisions(target)) - d0) / ((Date.now() - t0) / 1000);
    return { alone, bots, botDecisionsPerSecond, solo };
  } finally {
    await target.stop();
  }
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  console.error('building the server as npm start does …');
  execFileSync(process.execPath, [path.join(SERVER_ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  const load0 = os.loadavg()[0]!;
  const runs: Repeat[] = [];
  for (let i = 1; i <= REPEATS; i++) {
    const r = await repeat();
    runs.push(r);
    console.error(`  repeat ${i}: p99 ${ms(r.alone.latencyMs.p99)} ms alone, ${ms(r.bots.latencyMs.p99)} ms with the computer matches`);
  }
  const ratios = runs.map((r) => r.bots.latencyMs.p99 / r.alone.latencyMs.p99);
  const label = `${BOT_MATCHES} computer-only ${STRENGTH[0]!.toUpperCase()}${STRENGTH.slice(1)} matches`;
  console.log(
    `\n${MATCHES} matches at human pace, a person's move → all seats and the spectator (ms); ${os.cpus().length} cores, load average ${load0.toFixed(1)} at the start, BOT_WORKERS=${serverEnv.BOT_WORKERS ?? 'default'}, BOT_MOVE_DELAY_MS=${serverEnv.BOT_MOVE_DELAY_MS ?? 'default'}, BOT_UNWATCHED_MOVE_DELAY_MS=${serverEnv.BOT_UNWATCHED_MOVE_DELAY_MS ?? 'default'}\n`,
  );
  console.log(
    `| repeat | without: p50 / p99 | with ${label}: p50 / p99 | p99 with / without | server CPU % without / with | bot decisions/s |`,
  );
  console.log('|---|---|---|---|---|---|');
  runs.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${ms(r.alone.latencyMs.p50)} / ${ms(r.alone.latencyMs.p99)} | ${ms(r.bots.latencyMs.p50)} / ${ms(r.bots.latencyMs.p99)} | ${ratios[i]!.toFixed(2)}× | ${r.alone.serverCpuPercent} / ${r.bots.serverCpuPercent} | ${r.botDecisionsPerSecond.toFixed(1)} |`,
    ),
  );
  console.log(
    `\np99 with / without: min ${Math.min(...ratios).toFixed(2)}×, median ${median(ratios).toFixed(2)}× over ${runs.length} repeat(s)`,
  );
  const waits = runs.flatMap((r) => r.solo);
  console.log(
    `\nA person solo against two ${STRENGTH} computer players meanwhile, waiting for a whole computer phase (s): median ${(quantile(waits, 0.5) / 1000).toFixed(1)}, p90 ${(quantile(waits, 0.9) / 1000).toFixed(1)}, max ${(Math.max(...waits) / 1000).toFixed(1)} over ${waits.length} waits`,
  );
  const problems = runs.flatMap((r) => [r.alone, r.bots]).filter((p) => p.refused || p.timeouts);
  if (problems.length) console.log(`moves refused or timed out: ${problems.map((p) => `${p.refused}/${p.timeouts}`).join(', ')}`);
}

main()
  .catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(async () => {
    await runCleanups();
    process.exit(process.exitCode ?? 0);
  });
