/**
 * One measurement of the rules engine found under `srcDir` (packages/game/src of any checkout, so
 * that the same measuring code runs against an older commit): complete random games per ruleset.
 * Nothing here asserts a timing.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

export interface RulesetRun {
  ruleset: string;
  games: number;
  gamesPerSecond: number;
  actionsPerSecond: number;
  actionsPerGame: { mean: number; min: number; max: number };
  roundsPerGame: number;
  /** One legalActions call for the acting faction, every state of the listing games, in µs. */
  listingUs: { p50: number; p95: number; mean: number; calls: number };
  largestStateBytes: number;
  largestViewBytes: number;
  setupMs: number;
}
export interface EngineRun {
  runs: RulesetRun[];
  heapUsedMB: number;
  rssMB: number;
  node: string;
}

// The engine's own modules, loaded from the checkout being measured (their shapes as of main).
interface Engine {
  playRandomGame(o: { seed: number; setup?: { ruleset: string }; afterAction?: (G: any) => void }): { G: any; actions: number };
  legalActions(G: any, f: string): unknown[];
  actor(G: any): { faction: string } | null;
  viewFor(G: any, f: string | null): unknown;
  createInitialState(setup: { ruleset: string }, rng: unknown): unknown;
  seededRng(seed: number): unknown;
  RULESETS: readonly string[];
}
export async function loadEngine(srcDir: string): Promise<Engine> {
  const load = (p: string) => import(pathToFileURL(join(srcDir, p)).href);
  // RULESETS moved from engine/state.ts to engine/model/rulesets.ts; older checkouts have the former.
  const loadRulesets = () => load('engine/model/rulesets.ts').catch(() => load('engine/state.ts'));
  const [game, legal, flow, view, setup, rng, state] = await Promise.all([
    load('testing/random-game.ts'),
    load('engine/legal.ts'),
    load('engine/flow.ts'),
    load('engine/view.ts'),
    load('engine/setup.ts'),
    load('testing/rng.ts'),
    loadRulesets(),
  ]);
  return {
    playRandomGame: game.playRandomGame,
    legalActions: legal.legalActions,
    actor: flow.actor,
    viewFor: view.viewFor,
    createInitialState: setup.createInitialState,
    seededRng: rng.seededRng,
    RULESETS: state.RULESETS,
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
const round = (x: number, digits = 2) => +x.toFixed(digits);

/** Listing cost and state size are measured on separate games, so timing them does not slow the timed ones. */
const LISTING_SEEDS = [424242, 424243, 424244];

export function runRuleset(engine: Engine, ruleset: string, games: number): RulesetRun {
  const setup = { ruleset };
  // Warm up (JIT) on games that are not counted.
  for (let seed = 1_000_001; seed <= 1_000_002; seed++) engine.playRandomGame({ seed, setup });

  const actionCounts: number[] = [];
  const rounds: number[] = [];
  const started = performance.now();
  for (let seed = 1; seed <= games; seed++) {
    const { actions, G } = engine.playRandomGame({ seed, setup });
    actionCounts.push(actions);
    rounds.push(G.round);
  }
  const elapsed = (performance.now() - started) / 1000;

  const listing: number[] = [];
  let largestStateBytes = 0;
  let largestViewBytes = 0;
  for (const seed of LISTING_SEEDS) {
    engine.playRandomGame({
      seed,
      setup,
      afterAction: (G) => {
        const a = engine.actor(G);
        if (!a) return;
        const t = performance.now();
        engine.legalActions(G, a.faction);
        listing.push((performance.now() - t) * 1000);
        largestStateBytes = Math.max(largestStateBytes, JSON.stringify(G).length);
        largestViewBytes = Math.max(largestViewBytes, JSON.stringify(engine.viewFor(G, a.faction)).length);
      },
    });
  }

  const setupStarted = performance.now();
  for (let i = 0; i < 1000; i++) engine.createInitialState(setup, engine.seededRng(i));
  const setupMs = (performance.now() - setupStarted) / 1000;

  const total = actionCounts.reduce((a, b) => a + b, 0);
  return {
    ruleset,
    games,
    gamesPerSecond: round(games / elapsed),
    actionsPerSecond: Math.round(total / elapsed),
    actionsPerGame: { mean: Math.round(mean(actionCounts)), min: Math.min(...actionCounts), max: Math.max(...actionCounts) },
    roundsPerGame: round(mean(rounds), 1),
    listingUs: {
      p50: round(percentile(listing, 50), 1),
      p95: round(percentile(listing, 95), 1),
      mean: round(mean(listing), 1),
      calls: listing.length,
    },
    largestStateBytes,
    largestViewBytes,
    setupMs: round(setupMs, 3),
  };
}

export async function runEngine(srcDir: string, rulesets: readonly string[] | 'all', games: number): Promise<EngineRun> {
  const engine = await loadEngine(srcDir);
  const chosen = rulesets === 'all' ? engine.RULESETS : rulesets.filter((r) => engine.RULESETS.includes(r));
  const runs = chosen.map((r) => runRuleset(engine, r, games));
  const mem = process.memoryUsage();
  return { runs, heapUsedMB: round(mem.heapUsed / 2 ** 20, 1), rssMB: round(mem.rss / 2 ** 20, 1), node: process.version };
}
