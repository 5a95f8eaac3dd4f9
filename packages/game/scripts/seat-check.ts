/**
 * A quick paired check of one seat in a scenario, on any seeds (npm run balance plays 1..N):
 * `SCENARIO=narvik FACTION=norway FIRST=9001 SEEDS=400 npx tsx packages/game/scripts/seat-check.ts`.
 * A player in FACTION's seat (TEAM=1: in Norway's and the Allies'), Easy in the others, against
 * all-Easy on the same seeds with keyed dice as the balance report plays them; prints the games the
 * side ended better / same / worse off (sideScore) and its wins, and with VERBOSE=1 the seeds that
 * differ (to log and read). PLAYER: normal (default), style (Normal's style without its search), easy.
 */
import type { Faction } from '../src/types.js';
import { readScenarios } from './scenario-files.js';
import { playBotGame, sideScore, type Player } from '../src/testing/bot-game.js';
import { styled } from '../src/bots/normal.js';

const scenario = readScenarios().find((s) => s.id === (process.env.SCENARIO ?? 'narvik'))!;
const faction = (process.env.FACTION ?? 'norway') as Faction;
const team = process.env.TEAM === '1';
const first = Number(process.env.FIRST ?? 9001);
const n = Number(process.env.SEEDS ?? 100);
const who = process.env.PLAYER ?? 'normal';
const player: Player = who === 'style' ? styled : (who as Player);

function outcome(seats: Record<Faction, Player>, seed: number) {
  const { G } = playBotGame({ seed, ruleset: 'basic', scenario, seats, dice: 'keyed' });
  const r = G.result!;
  const cities = r.objectives ? r.objectives.areas.length - r.objectives.held.length : r.germanCities.length;
  return { germany: r.winner === 'germany', cities };
}
let better = 0,
  same = 0,
  worse = 0,
  wins = 0,
  baseWins = 0;
const diffs: string[] = [];
for (let seed = first; seed < first + n; seed++) {
  const base = outcome({ germany: 'easy', norway: 'easy', allies: 'easy' }, seed);
  const seats = { germany: 'easy', norway: 'easy', allies: 'easy', [faction]: player } as Record<Faction, Player>;
  if (team) seats.norway = seats.allies = player;
  const x = outcome(seats, seed);
  const d = sideScore(x, faction) - sideScore(base, faction);
  d > 0 ? better++ : d < 0 ? worse++ : same++;
  if (x.germany === (faction === 'germany')) wins++;
  if (base.germany === (faction === 'germany')) baseWins++;
  if (d) diffs.push(`${seed}${d > 0 ? '+' : '-'}`);
}
console.log(
  `${scenario.id} ${team ? 'team' : faction} ${who} seeds ${first}-${first + n - 1}: better/same/worse ${better}/${same}/${worse} (${better + worse ? ((100 * better) / (better + worse)).toFixed(0) : '-'} %), wins ${wins} vs Easy ${baseWins}`,
);
if (process.env.VERBOSE) console.log(diffs.join(' '));
