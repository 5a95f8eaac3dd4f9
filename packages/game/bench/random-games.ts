/**
 * Benchmark: complete random games through the rules engine, per ruleset: games and actions per
 * second, the cost of one legal-action listing (p50/p95), the largest state and player view, setup
 * time and memory. Not a test: nothing here asserts a timing.
 *
 *   npm run bench:engine -- [games=50] [--ruleset basic|advanced|all] [--compare [ref=main]] [--repeats 3] [--json]
 *
 * --compare measures the engine at `ref` (checked out in a temporary git worktree) and this working
 * tree in the same run, alternating fresh processes, `--repeats` times each, and prints min/median
 * of both and their ratio. Both sides run this file's measuring code against their own engine.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runEngine, type EngineRun, type RulesetRun } from './engine-run.js';

const here = dirname(fileURLToPath(import.meta.url));
const ownSrc = join(here, '../src');

interface Options {
  games: number;
  rulesets: string[] | 'all';
  compare: string | null;
  repeats: number;
  json: boolean;
  child: boolean;
  src: string;
}
function parseArgs(argv: string[]): Options {
  const o: Options = { games: 50, rulesets: 'all', compare: null, repeats: 3, json: false, child: false, src: ownSrc };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value`);
      i++;
      return v;
    };
    if (a === '--ruleset') {
      const v = value();
      o.rulesets = v === 'all' ? 'all' : v.split(',');
    } else if (a === '--compare') {
      const v = argv[i + 1];
      o.compare = v !== undefined && !v.startsWith('--') && !/^\d+$/.test(v) ? (i++, v) : 'main';
    } else if (a === '--repeats') o.repeats = Math.max(1, Number(value()));
    else if (a === '--json') o.json = true;
    else if (a === '--child') o.child = true;
    else if (a === '--src') o.src = value();
    else if (/^\d+$/.test(a)) o.games = Number(a);
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

function printRun(run: EngineRun): void {
  for (const r of run.runs) {
    console.log(`${r.ruleset}: ${r.games} games`);
    console.table({
      'games/s': r.gamesPerSecond,
      'actions/s': r.actionsPerSecond,
      'actions/game (mean, min–max)': `${r.actionsPerGame.mean} (${r.actionsPerGame.min}–${r.actionsPerGame.max})`,
      'rounds/game': r.roundsPerGame,
      'legalActions µs p50 / p95 (mean)': `${r.listingUs.p50} / ${r.listingUs.p95} (${r.listingUs.mean}, ${r.listingUs.calls} calls)`,
      'largest state / view, bytes of JSON': `${r.largestStateBytes} / ${r.largestViewBytes}`,
      'setup ms': r.setupMs,
    });
  }
  console.log(`heap ${run.heapUsedMB} MB, RSS ${run.rssMB} MB, node ${run.node}`);
}

// ---------------------------------------------------------------- comparison with another commit

function git(args: string[], cwd = here): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

async function compare(o: Options): Promise<void> {
  const root = git(['rev-parse', '--show-toplevel']);
  const sha = git(['rev-parse', '--verify', `${o.compare}^{commit}`]);
  const head = git(['rev-parse', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  const base = mkdtempSync(join(tmpdir(), 'kon-bench-base-'));
  rmSync(base, { recursive: true });
  git(['worktree', 'add', '--detach', base, sha], root);
  try {
    // The baseline checkout shares this one's installed packages.
    symlinkSync(join(root, 'node_modules'), join(base, 'node_modules'), 'dir');
    const baseSrc = join(base, relative(root, ownSrc));
    const sides = { base: baseSrc, this: ownSrc } as const;
    const results: Record<keyof typeof sides, EngineRun[]> = { base: [], this: [] };
    for (let i = 0; i < o.repeats; i++) {
      // Alternate which side runs first, so that drift in the machine's load hits both alike.
      const order: (keyof typeof sides)[] = i % 2 === 0 ? ['base', 'this'] : ['this', 'base'];
      for (const side of order) {
        results[side].push(runChild(sides[side], o));
        process.stderr.write(`repeat ${i + 1}/${o.repeats}: ${side} done\n`);
      }
    }
    const label = {
      base: `${o.compare} (${sha.slice(0, 9)})`,
      this: `this tree (${head.slice(0, 9)}${dirty ? ', with uncommitted changes' : ''})`,
    };
    if (o.json) console.log(JSON.stringify({ label, results }, null, 2));
    else printComparison(label, results.base, results.this, o);
  } finally {
    git(['worktree', 'remove', '--force', base], root);
  }
}

function runChild(src: string, o: Options): EngineRun {
  const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', '--src', src, String(o.games)];
  if (o.rulesets !== 'all') args.push('--ruleset', o.rulesets.join(','));
  const r = spawnSync(process.execPath, args, { cwd: join(here, '../../..'), encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`bench child failed for ${src}:\n${r.stderr}`);
  return JSON.parse(r.stdout) as EngineRun;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (x: number) => (Math.abs(x) >= 100 ? Math.round(x).toString() : x.toFixed(x >= 10 ? 1 : 2));

function printComparison(label: Record<'base' | 'this', string>, base: EngineRun[], mine: EngineRun[], o: Options): void {
  const metrics: [string, (r: RulesetRun) => number][] = [
    ['games/s', (r) => r.gamesPerSecond],
    ['actions/s', (r) => r.actionsPerSecond],
    ['legalActions µs p50', (r) => r.listingUs.p50],
    ['legalActions µs p95', (r) => r.listingUs.p95],
    ['largest state, bytes', (r) => r.largestStateBytes],
    ['largest view, bytes', (r) => r.largestViewBytes],
    ['actions/game (same games?)', (r) => r.actionsPerGame.mean],
    ['setup ms', (r) => r.setupMs],
  ];
  console.log(
    `base: ${label.base}\nthis: ${label.this}\n${o.games} games per ruleset, ${o.repeats} alternating repeats, one fresh process each`,
  );
  const rulesets = [...new Set(mine.flatMap((m) => m.runs.map((r) => r.ruleset)))];
  for (const ruleset of rulesets) {
    const pick = (runs: EngineRun[]) => runs.map((run) => run.runs.find((r) => r.ruleset === ruleset)).filter((r): r is RulesetRun => !!r);
    const b = pick(base);
    const m = pick(mine);
    if (b.length === 0) {
      console.log(`\n${ruleset}: not in the base commit; this tree only`);
      printRun({ ...mine[0]!, runs: m.slice(0, 1) });
      continue;
    }
    const rows: Record<string, Record<string, string>> = {};
    for (const [name, get] of metrics) {
      const bv = b.map(get);
      const mv = m.map(get);
      const paired = mv.map((v, i) => v / bv[i]!);
      rows[name] = {
        'base min': fmt(Math.min(...bv)),
        'base median': fmt(median(bv)),
        'this min': fmt(Math.min(...mv)),
        'this median': fmt(median(mv)),
        'this/base (medians)': `${fmt(median(mv) / median(bv))}×`,
        'paired ratios': `${fmt(Math.min(...paired))}–${fmt(Math.max(...paired))}×`,
      };
    }
    console.log(`\n${ruleset}:`);
    console.table(rows);
  }
}

const opts = parseArgs(process.argv.slice(2));

if (opts.child) {
  // One measurement in a fresh process, for --compare.
  process.stdout.write(JSON.stringify(await runEngine(opts.src, opts.rulesets, opts.games)));
} else if (!opts.compare) {
  const run = await runEngine(opts.src, opts.rulesets, opts.games);
  if (opts.json) console.log(JSON.stringify(run, null, 2));
  else printRun(run);
} else {
  await compare(opts);
}
