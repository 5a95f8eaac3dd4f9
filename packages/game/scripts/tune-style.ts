/**
 * `npm run tune-style`: how a heuristic style plays one faction against Easy in the other two
 * seats, compared with Easy in that seat on the same seeds; and (TUNE=1) a coordinate search that
 * keeps each change of one weight that leaves the faction's side better off than the best so far, on
 * the same seeds, by at least one standard error of the paired differences.
 * The measure is the German victory cities at the game's end (more is better for Germany, fewer
 * for Norway and the Allies; a win counts as 10): all-Easy games end 6–0 for the cities in about 96 %
 * of games, so win rates alone say little. Policy only, no search: a game takes about 0.15 s.
 * Dice are keyed by where they are rolled (as in npm run balance): a changed decision leaves the
 * later battles' dice alone, so the paired differences carry less luck.
 *
 * In a scenario (RULESETS may name one: narvik, gudbrandsdalen) the measure is the objectives
 * Norway and the Allies lack at the end, in place of the German cities. There a style's `scenario`
 * weights (style.ts) replace the ones tuned here: STYLE='{"scenario":{}}' starts without them.
 *
 * FACTION (germany | norway | allies), RULESETS (default basic,advanced), SEEDS (default 100),
 * FIRST (first seed, default 1), STYLE (JSON of weights over the faction's Normal style),
 * FROM=easy (start from Easy's style instead), TUNE=1 (search), ROUNDS (search passes, default 1).
 */
import { FACTIONS, type Faction } from '../src/types.js';
import type { Ruleset } from '../src/engine/model/state.js';
import { playBotGame, sideScore } from '../src/testing/bot-game.js';
import { heuristicBot } from '../src/bots/easy.js';
import { EASY_STYLE, type Style } from '../src/bots/style.js';
import { NORMAL_STYLES } from '../src/bots/normal-style.js';
import { paired } from '../src/bots/paired.js';
import { readScenarios } from './scenario-files.js';

const SCENARIOS = readScenarios();

const faction = (process.env.FACTION ?? 'germany') as Faction;
if (!FACTIONS.includes(faction)) throw new Error(`FACTION must be one of ${FACTIONS.join(', ')}`);
const rulesets = (process.env.RULESETS ?? 'basic,advanced').split(',') as Ruleset[];
const seeds = Array.from({ length: Number(process.env.SEEDS ?? 100) }, (_, i) => i + Number(process.env.FIRST ?? 1));
const start: Style = { ...(process.env.FROM === 'easy' ? EASY_STYLE : NORMAL_STYLES[faction]), ...JSON.parse(process.env.STYLE ?? '{}') };

/** The faction side's result of one game: German cities (signed for the side), a win worth 10. */
function result(style: Style | null, ruleset: Ruleset, seed: number): number {
  const seats = { germany: 'easy', norway: 'easy', allies: 'easy', ...(style ? { [faction]: heuristicBot(() => style) } : {}) } as const;
  const scenario = SCENARIOS.find((s) => s.id === ruleset && s.region !== 'all');
  const { G } = playBotGame({
    seed,
    ruleset: scenario ? 'basic' : ruleset,
    ...(scenario ? { scenario } : {}),
    seats: seats as never,
    dice: 'keyed',
  });
  const r = G.result;
  const cities = r?.objectives ? r.objectives.areas.length - r.objectives.held.length : (r?.germanCities.length ?? 0);
  return r ? sideScore({ germany: r.winner === 'germany', cities }, faction) : 0;
}

const baseline = new Map<string, number>();
function base(ruleset: Ruleset, seed: number): number {
  const k = `${ruleset}:${seed}`;
  if (!baseline.has(k)) baseline.set(k, result(null, ruleset, seed));
  return baseline.get(k)!;
}

interface Verdict {
  mean: number;
  baseMean: number;
  better: number;
  same: number;
  worse: number;
  se: number;
  results: number[];
}
function evaluate(style: Style): Verdict {
  const results: number[] = [];
  const bases: number[] = [];
  let bsum = 0,
    better = 0,
    same = 0,
    worse = 0;
  for (const ruleset of rulesets)
    for (const seed of seeds) {
      const x = result(style, ruleset, seed);
      const b = base(ruleset, seed);
      results.push(x);
      bsum += b;
      bases.push(b);
      x > b ? better++ : x < b ? worse++ : same++;
    }
  const n = results.length;
  return { mean: results.reduce((a, b) => a + b, 0) / n, baseMean: bsum / n, better, same, worse, se: paired(results, bases).se, results };
}
const show = (v: Verdict) =>
  `side score ${v.mean.toFixed(2)} vs Easy ${v.baseMean.toFixed(2)} (±${v.se.toFixed(2)}), games better/same/worse ${v.better}/${v.same}/${v.worse}`;

let best = start;
let bestV = evaluate(best);
console.log(`${faction} ${JSON.stringify(best)}\n  ${show(bestV)}`);
if (process.env.TUNE) {
  // The clock weight is read by Normal's search only (normal.ts), which these games do not play.
  const keys = (Object.keys(best) as (keyof Style)[]).filter(
    (k) => k !== 'city' && k !== 'clock' && typeof best[k] === 'number',
  ) as Exclude<keyof Style, 'endgame' | 'alliedNavy' | 'scenarioSearch' | 'scenario' | 'clock'>[];
  for (let round = 0; round < Number(process.env.ROUNDS ?? 1); round++) {
    for (const k of keys) {
      const x = best[k];
      const tries = k === 'cardLead' || k === 'cardBehind' ? [x - 1, x + 1] : x === 0 ? [0.3, 1] : [x * 0.5, x * 2];
      for (const t of tries) {
        const style = { ...best, [k]: t };
        const v = evaluate(style);
        // Kept only when it beats the current best on the same seeds by a standard error of the
        // paired differences: a plain "higher mean" kept noise (a third pass once looked better and
        // was worse on fresh seeds).
        const { mean: gain, se } = paired(v.results, bestV.results);
        const kept = gain > 0 && gain > se;
        console.log(`  ${k}=${t}: ${show(v)}; vs best ${gain >= 0 ? '+' : ''}${gain.toFixed(2)} ±${se.toFixed(2)}${kept ? '  kept' : ''}`);
        if (kept) {
          best = style;
          bestV = v;
        }
      }
    }
  }
  console.log(`${faction} best ${JSON.stringify(best)}\n  ${show(bestV)}`);
}
