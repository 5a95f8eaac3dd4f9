/**
 * Benchmark: complete random games through the rules engine. Reports games per second, actions
 * per game, time to list legal actions, the size of a state, and memory. Not a test: nothing here
 * asserts a timing. Usage: npm run bench [-- <games>]
 */
import { performance } from 'node:perf_hooks';
import { playRandomGame } from '../src/testing/random-game.js';
import { createInitialState } from '../src/engine/setup.js';
import { legalActions } from '../src/engine/legal.js';
import { actor } from '../src/engine/flow.js';
import { viewFor } from '../src/engine/view.js';
import { seededRng } from '../src/testing/rng.js';

const games = Number(process.argv[2] ?? 100);
const actionCounts: number[] = [];
const rounds: number[] = [];
let legalCalls = 0;
let legalTime = 0;
let maxStateBytes = 0;
let maxViewBytes = 0;

const started = performance.now();
for (let seed = 1; seed <= games; seed++) {
  const { actions, G } = playRandomGame({ seed });
  actionCounts.push(actions);
  rounds.push(G.round);
}
const elapsed = (performance.now() - started) / 1000;

// Legal-action listing and state size along one more game, measured separately.
playRandomGame({
  seed: 424242,
  afterAction: (G) => {
    const a = actor(G);
    if (!a) return;
    const t = performance.now();
    legalActions(G, a.faction);
    legalTime += performance.now() - t;
    legalCalls++;
    maxStateBytes = Math.max(maxStateBytes, JSON.stringify(G).length);
    maxViewBytes = Math.max(maxViewBytes, JSON.stringify(viewFor(G, a.faction)).length);
  },
});
const setupStarted = performance.now();
for (let i = 0; i < 1000; i++) createInitialState({ ruleset: 'basic' }, seededRng(i));
const setupMs = (performance.now() - setupStarted) / 1000;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const mem = process.memoryUsage();
const report = {
  games,
  gamesPerSecond: +(games / elapsed).toFixed(2),
  actionsPerGame: { mean: Math.round(mean(actionCounts)), min: Math.min(...actionCounts), max: Math.max(...actionCounts) },
  roundsPerGame: { mean: +mean(rounds).toFixed(1), min: Math.min(...rounds), max: Math.max(...rounds) },
  actionsPerSecond: Math.round(actionCounts.reduce((a, b) => a + b, 0) / elapsed),
  legalActionsListingMs: +(legalTime / legalCalls).toFixed(3),
  setupMs: +setupMs.toFixed(3),
  largestStateBytes: maxStateBytes,
  largestViewBytes: maxViewBytes,
  heapUsedMB: +(mem.heapUsed / 2 ** 20).toFixed(1),
  rssMB: +(mem.rss / 2 ** 20).toFixed(1),
  node: process.version,
};
console.log(JSON.stringify(report, null, 2));
