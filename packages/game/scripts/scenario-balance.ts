/**
 * Balance check of a scenario by random play: `npx tsx packages/game/scripts/scenario-balance.ts <file.json> [games]`.
 * Plays complete games of uniformly random legal actions (the same bot as the random-game tests) and
 * prints how often each side wins, how the games ended, and how long they lasted.
 */
import { readFileSync } from 'node:fs';
import { parseScenario } from '../src/scenarios/schema.js';
import { playRandomGame } from '../src/testing/random-game.js';

const [file, gamesArg] = process.argv.slice(2);
if (!file) throw new Error('usage: scenario-balance.ts <scenario.json> [games]');
const s = parseScenario(JSON.parse(readFileSync(file, 'utf8')), file);
const games = Number(gamesArg ?? 1000);
const wins: Record<string, number> = {};
const reasons: Record<string, number> = {};
let rounds = 0;
for (let seed = 1; seed <= games; seed++) {
  const { G, ended } = playRandomGame({ seed, setup: { scenario: s }, maxActions: 5000 });
  if (!ended) throw new Error(`seed ${seed} did not end`);
  wins[G.result!.winner] = (wins[G.result!.winner] ?? 0) + 1;
  reasons[G.result!.reason] = (reasons[G.result!.reason] ?? 0) + 1;
  rounds += G.round;
}
const pct = (n = 0) => `${((100 * n) / games).toFixed(1)} %`;
console.log(
  JSON.stringify({
    scenario: s.id,
    games,
    germany: pct(wins.germany),
    'norway-allies': pct(wins['norway-allies']),
    reasons,
    meanRounds: +(rounds / games).toFixed(2),
  }),
);
