/**
 * `npm run balance`: complete games of the Easy bot against random play, for each faction in both
 * rulesets of the full game and in each scenario on part of the board (packages/game/scenarios),
 * and Easy against Easy, and all-random as the baseline; then the Normal bot in each seat
 * against Easy in the other two, first its style alone (no search), then whole, and Normal in both
 * Norway's and the Allies' seats (in a scenario also Normal in every seat).
 * Two reports, each generated here from the games just played, tables and a bar chart (who wins
 * each pairing and how clearly; each Normal seat's games better, same or worse than Easy's against
 * the two-thirds line): the full game (basic, advanced) in docs/balance.md and docs/balance.svg,
 * the scenarios in docs/balance-scenarios.md and docs/balance-scenarios.svg (balance-parts.ts).
 * BALANCE_PART=full or BALANCE_PART=scenarios plays and rewrites one of them only (the full game
 * costs about 70 CPU-minutes, the scenarios about 45), leaving the other's files as they are.
 * GAMES (env, default 100) games per Easy/random pairing and per style-only pairing, NORMAL_GAMES
 * (default 30) per Normal pairing, SCENARIO_GAMES (default 1000) per pairing in a scenario;
 * BALANCE_WORKERS pairings at once (default: one per core); BALANCE_DOCS the folder written instead
 * of docs/ (to try the script); seeds 1..N, so a run is reproducible (Normal's budget is counted in
 * playouts, not time).
 * Dice are keyed by where they are rolled (playBotGame's `dice: 'keyed'`): games of different
 * players on one seed meet the same dice in the battles they share, so a comparison measures the
 * players more than the luck of a dice stream shifted by their first different decision.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FACTIONS, type Faction } from '../src/types.js';
import type { Ruleset } from '../src/engine/model/state.js';
import { readScenarios } from './scenario-files.js';
import type { Scenario } from '../src/scenarios/schema.js';
import { playBotGame, sideScore, type Player } from '../src/testing/bot-game.js';
import { DEFAULT_BUDGET, LAST_ROUND_BUDGET, styled } from '../src/bots/normal.js';
import { gamesToPlay, outDir, PARTS, type PartId, parseOnly, parsePart, partOf, partsPlayed, reportHeader } from './balance-parts.js';

const GAMES = Number(process.env.GAMES ?? 100);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const NORMAL_GAMES = Number(process.env.NORMAL_GAMES ?? 30);
/**
 * Games per pairing in a scenario on part of the board, Easy, style-only and Normal alike
 * (SCENARIO_GAMES, default 1000): a scenario seat's games mostly end as Easy's do (55-94 of 100), so
 * a seat's verdict rests on the few that differ. At 300 games that was ~55 for Narvik Norway, and a
 * side that does better in 71 % of them (seat-check over 3,600 other seeds) showed 62 % or 50 % on
 * seeds 1-300: the standard error, ~6 points, is as wide as the distance to the two-thirds bar. At
 * 1000 it is ~3.5 points. Scenarios are short games: the part costs ~45 CPU-minutes.
 */
const SCENARIO_GAMES = Number(process.env.SCENARIO_GAMES ?? 1000);

/** The scenario files on part of the board (the full game is the rulesets above), as the server reads them. */
const SCENARIOS: Scenario[] = readScenarios().filter((s) => s.region !== 'all');
/** A ruleset of the full game, or a scenario's id. */
type GameName = Ruleset | string;
const scenarioOf = (game: GameName): Scenario | undefined => SCENARIOS.find((s) => s.id === game);
const SCENARIO_IDS = SCENARIOS.map((s) => s.id);
/**
 * BALANCE_ONLY=narvik,gudbrandsdalen plays only those games (a quick check of a change); its reports
 * then go to BALANCE_OUT (default: the system's temporary folder), never over docs/.
 */
const ONLY = parseOnly(process.env.BALANCE_ONLY);
const GAMES_PLAYED: GameName[] = gamesToPlay(SCENARIO_IDS, parsePart(process.env.BALANCE_PART), ONLY);
if (!GAMES_PLAYED.length) throw new Error('BALANCE_PART and BALANCE_ONLY leave no game to play');
const OUT_DIR = outDir(process.env, `${ROOT}docs`, tmpdir());
/** Marks the line a child process sends its row on. */
const ROW_MARK = 'BALANCE_ROW ';

/**
 * `normal`: the seat Normal plays (`team`: Norway and the Allies both); `searched: false` when it
 * plays Normal's style without the search.
 */
interface Pairing {
  name: string;
  game: GameName;
  seats: Record<Faction, Player>;
  easy: Faction[];
  normal?: Faction;
  team?: boolean;
  searched?: boolean;
  games: number;
}
const all = (p: Player): Record<Faction, Player> => ({ germany: p, norway: p, allies: p });
const pairings: Pairing[] = [];
for (const game of GAMES_PLAYED) {
  pairings.push({ name: 'all random', game, seats: all('random'), easy: [], games: GAMES });
  for (const f of FACTIONS)
    pairings.push({ name: `Easy ${f} vs random`, game, seats: { ...all('random'), [f]: 'easy' }, easy: [f], games: GAMES });
  // Against random Germany, Norway and the Allies win every game anyway: their bots are measured
  // against Easy Germany too, each with the other ally random.
  pairings.push({
    name: 'Easy norway + random allies vs Easy germany',
    game,
    seats: { germany: 'easy', norway: 'easy', allies: 'random' },
    easy: ['germany', 'norway'],
    games: GAMES,
  });
  pairings.push({
    name: 'random norway + Easy allies vs Easy germany',
    game,
    seats: { germany: 'easy', norway: 'random', allies: 'easy' },
    easy: ['germany', 'allies'],
    games: GAMES,
  });
  pairings.push({ name: 'Easy Germany vs Easy Norway + Easy Allies', game, seats: all('easy'), easy: [...FACTIONS], games: GAMES });
}
// Normal in one seat, Easy in the other two: compared with all-Easy on the same seeds. First its
// style alone (its own choices without the search: cheap, so as many games as Easy's), then whole.
for (const game of GAMES_PLAYED)
  for (const f of FACTIONS)
    pairings.push({
      name: `Normal's style (no search) ${f} vs Easy`,
      game,
      seats: { ...all('easy'), [f]: styled },
      easy: FACTIONS.filter((x) => x !== f),
      normal: f,
      searched: false,
      games: GAMES,
    });
for (const game of GAMES_PLAYED)
  for (const f of FACTIONS)
    pairings.push({
      name: `Normal ${f} vs Easy`,
      game,
      seats: { ...all('easy'), [f]: 'normal' },
      easy: FACTIONS.filter((x) => x !== f),
      normal: f,
      searched: true,
      games: NORMAL_GAMES,
    });
// Norway and the Allies are one side in two seats: one Normal seat moves the side's result half as
// much as two. Both Normal, as a player of Germany meets them when the computer takes both.
for (const game of GAMES_PLAYED)
  pairings.push({
    name: 'Normal norway + Normal allies vs Easy germany',
    game,
    seats: { germany: 'easy', norway: 'normal', allies: 'normal' },
    easy: ['germany'],
    normal: 'norway',
    team: true,
    searched: true,
    games: NORMAL_GAMES,
  });

for (const p of pairings) if (scenarioOf(p.game)) p.games = SCENARIO_GAMES;

// The scenarios are short: Normal in every seat too, as a player meets it when the computer takes every other seat.
for (const game of GAMES_PLAYED)
  if (scenarioOf(game))
    pairings.push({ name: 'Normal in every seat', game, seats: all('normal'), easy: [], searched: true, games: SCENARIO_GAMES });

interface Row {
  p: Pairing;
  games: number;
  unfinished: number;
  germanyWins: number;
  clear: { germany: number; na: number };
  marginal: { germany: number; na: number };
  elimination: number;
  decisions: number;
  decideMs: number;
  maxMs: number;
  rounds: number[];
  actions: number[];
  cities: number[];
  ms: number;
  normal: { decisions: number; totalMs: number; maxMs: number };
  /** Per seed: did Germany win, and the German cities at the end (for comparisons on the same seeds). */
  bySeed: { germany: boolean; cities: number }[];
}
/** Whether Normal beats Easy in a seat, best first (the report's last column and its summary line). */
const VERDICTS = ['yes', 'ahead, short of a large majority', 'no clear difference', 'no (worse)'] as const;
/** Finished rows in pairing order (the report is written from those finished so far). */
const rows: Row[] = [];
/**
 * Writes the report and chart of each part played from its rows so far (after every pairing, so a
 * cut-short run still reports); a part not played keeps its files.
 */
function writeReport(complete: boolean): void {
  const verdicts: string[] = [];
  for (const part of partsPlayed(GAMES_PLAYED, SCENARIO_IDS)) {
    const mine = (p: Pairing) => partOf(p.game, SCENARIO_IDS) === part;
    const { md, svg } = renderPart(
      part,
      rows.filter((r) => mine(r.p)),
      pairings.filter(mine).length,
      verdicts,
    );
    writeFileSync(path.join(OUT_DIR, PARTS[part].md), md);
    writeFileSync(path.join(OUT_DIR, PARTS[part].svg), svg);
    if (complete) console.log(`report: ${path.join(OUT_DIR, PARTS[part].md)}`);
  }
  if (complete) console.log(verdicts.join('\n'));
}

/** One part's report (markdown) and chart (svg) from its rows; its verdicts are added to `verdicts`. */
function renderPart(part: PartId, rows: readonly Row[], total: number, verdicts: string[]): { md: string; svg: string } {
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)} %` : '–');
  const mean = (xs: number[]) => (xs.length ? (xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(1) : '–');
  /** Win rate of the side the Easy seat plays (Germany, or Norway + Allies), or null for all-random and Easy vs Easy. */
  const easySideWins = (r: Row): number | null => {
    if (r.p.easy.length !== 1 || r.p.normal) return null;
    const done = r.games - r.unfinished;
    return r.p.easy[0] === 'germany' ? r.germanyWins / done : (done - r.germanyWins) / done;
  };
  // Undefined until that pairing is in: the report is written as pairings finish, in any order.
  const baseline = (game: GameName) => rows.find((r) => r.p.game === game && r.p.name === 'all random');
  const baseSide = (game: GameName, f: Faction) => {
    const b = baseline(game)!;
    const done = b.games - b.unfinished;
    return f === 'germany' ? b.germanyWins / done : (done - b.germanyWins) / done;
  };
  const baseCities = (game: GameName) => Number(mean(baseline(game)!.cities));

  let md = reportHeader(part);
  if (rows.length < total) md += `\n**Partial run: ${rows.length} of ${total} pairings so far.**\n`;
  md += '\n';
  md +=
    part === 'scenarios'
      ? `${SCENARIO_GAMES} complete games per pairing`
      : `${GAMES} complete games per pairing of Easy and random seats, ${NORMAL_GAMES} per pairing with a Normal seat`;
  md += ` (seeds 1–N, the same dice seeds for every pairing), through the engine's \`perform\`. `;
  md += `Each roll is drawn from the seed and where it happens (round, turn, phase, the battle under way), so games that part ways on one decision still meet the same dice in the battles they share. `;
  md += `"Random" picks uniformly among the legal actions, preferring to act over passing (as the random-game tests do). `;
  md += `Every bot seat sees only its own view. Normal searches ${DEFAULT_BUDGET.iterations} playouts per decision at most (${DEFAULT_BUDGET.candidates} candidate actions, ${DEFAULT_BUDGET.steps} actions per playout in a combat window, ${DEFAULT_BUDGET.horizonSteps} for moves and placements, which play on through a turn; see packages/game/src/bots/normal.ts).`;
  if (part === 'scenarios')
    md += ` In a scenario's last round, where every playout runs to the game's end, ${LAST_ROUND_BUDGET.iterations} per decision and ${LAST_ROUND_BUDGET.moveIterations} per move.`;
  md += '\n\n';
  if (part === 'full') {
    md += `In the full game (basic, advanced) Germany wins only by holding every victory city when its deck runs out (or by eliminating Norway and the Allies); `;
    md += `so the German cities held at the end measure how well Germany did even when it loses.\n\n`;
  } else
    md += `In a scenario (${SCENARIO_IDS.join(', ')}) Norway and the Allies must hold every one of its objectives when the deck that ends it runs out: there the "German cities" columns count the objectives Norway and the Allies lack at the end.\n\n`;
  md += `| Game | Pairing | Germany wins | Norway + Allies wins | clear G / marginal G | clear N+A / marginal N+A | by elimination | German cities at end (mean) | rounds (mean) | actions (mean) | unfinished | time |\n`;
  md += `|---|---|---|---|---|---|---|---|---|---|---|---|\n`;
  for (const r of rows) {
    const done = r.games - r.unfinished;
    md += `| ${r.p.game} | ${r.p.name} | ${pct(r.germanyWins, done)} | ${pct(done - r.germanyWins, done)} | ${r.clear.germany} / ${r.marginal.germany} | ${r.clear.na} / ${r.marginal.na} | ${r.elimination} | ${mean(r.cities)} | ${mean(r.rounds)} | ${mean(r.actions)} | ${r.unfinished} | ${(r.ms / 1000).toFixed(1)} s |\n`;
  }
  md += `\n## Does Easy beat random play?\n\nFor each faction: the win rate of its side when Easy plays it (the other two seats random), against the same side's win rate when all three seats play randomly; for Germany also the victory cities it holds at the end.\n\n`;
  md += `| Game | Easy plays | its side wins (Easy) | its side wins (all random) | German cities at end, Easy seat vs all random | better than random? |\n|---|---|---|---|---|---|\n`;
  for (const r of rows) {
    const w = easySideWins(r);
    if (w === null || !baseline(r.p.game)) continue;
    const f = r.p.easy[0]!;
    const base = baseSide(r.p.game, f);
    const cities = Number(mean(r.cities));
    // Better: a higher win rate, or (when both are at 100 %) a better city count for the side.
    const better = w > base || (w === base && (f === 'germany' ? cities > baseCities(r.p.game) : cities < baseCities(r.p.game)));
    verdicts.push(`${r.p.game}/${f}: ${better ? 'yes' : 'NO'}`);
    md += `| ${r.p.game} | ${f} | ${(100 * w).toFixed(0)} % | ${(100 * base).toFixed(0)} % | ${cities} vs ${baseCities(r.p.game)} | ${better ? 'yes' : '**no**'} |\n`;
  }
  md += `\nAgainst Easy Germany: Norway's and the Allies' win rate when one of them is Easy (the other random), against both random.\n\n`;
  md += `| Game | Easy plays | Norway + Allies win (with Easy) | Norway + Allies win (both random) | German cities at end | better than random? |\n|---|---|---|---|---|---|\n`;
  for (const r of rows) {
    if (r.p.easy.length !== 2 || r.p.normal) continue;
    const f = r.p.easy.find((x) => x !== 'germany')!;
    const base = rows.find((x) => x.p.game === r.p.game && x.p.easy.length === 1 && x.p.easy[0] === 'germany');
    if (!base) continue;
    const w = (r.games - r.unfinished - r.germanyWins) / (r.games - r.unfinished);
    const b = (base.games - base.unfinished - base.germanyWins) / (base.games - base.unfinished);
    const better = w > b || (w === b && Number(mean(r.cities)) < Number(mean(base.cities)));
    verdicts.push(`${r.p.game}/${f} vs Easy Germany: ${better ? 'yes' : 'NO'}`);
    md += `| ${r.p.game} | ${f} | ${(100 * w).toFixed(0)} % | ${(100 * b).toFixed(0)} % | ${mean(r.cities)} vs ${mean(base.cities)} | ${better ? 'yes' : '**no**'} |\n`;
  }
  md += `\n## How long the Easy bot thinks\n\nPer decision of the Easy seats, its seat's view, the legal listing from the view and the choice (this machine, one core, with the other work of the run):\n\n| Game | Pairing | decisions | mean | slowest |\n|---|---|---|---|---|\n`;
  for (const r of rows)
    if (r.decisions)
      md += `| ${r.p.game} | ${r.p.name} | ${r.decisions} | ${(r.decideMs / r.decisions).toFixed(2)} ms | ${r.maxMs.toFixed(0)} ms |\n`;

  // Normal against Easy: the same seeds with Easy in that seat (the all-Easy row) are the comparison.
  md += `\n## Does Normal beat Easy?\n\nNormal plays one faction, Easy the other two; compared with Easy in that seat (all three Easy) on the same seeds. `;
  md += `"Style only" is Normal's own choice without its search: the weights of packages/game/src/bots/normal-style.ts, tuned by \`npm run tune-style\` on seeds 1001–4050 (their last-round weights chosen on seeds 8001–8400), none of them the seeds here. `;
  md += `The measure: since Easy Germany almost never wins against Easy Norway and the Allies, the German victory cities at the end (more is better for Germany, fewer for Norway and the Allies) with a win of the side counted as ten cities, on the totals; `;
  md += `and seed by seed, in how many games the side ended better off (won where Easy lost, or held the cities better) or worse off than with Easy in that seat. `;
  md += `"Yes" needs the totals ahead and at least two thirds of the games that came out differently to have gone Normal's way (better at least twice as often as worse); games that end with the same cities are neither.\n\n`;
  md += `| Game | Normal plays | games | its side wins (Normal) | its side wins (Easy) | German cities at end, Normal seat vs Easy seat | games better / same / worse | better, of the games that differ | Normal beats Easy? |\n|---|---|---|---|---|---|---|---|---|\n`;
  // Seats counted per verdict, in VERDICTS' order.
  const tally = VERDICTS.map(() => 0);
  const compared: Compared[] = [];
  for (const r of rows) {
    const f = r.p.normal;
    if (!f) continue;
    const easyRow = rows.find((x) => x.p.game === r.p.game && x.p.easy.length === 3);
    if (!easyRow) continue;
    const german = f === 'germany';
    let wins = 0,
      baseWins = 0,
      cities = 0,
      baseCities = 0,
      score = 0,
      baseScore = 0,
      n = 0,
      better = 0,
      same = 0,
      worse = 0;
    r.bySeed.forEach((x, i) => {
      const b = easyRow.bySeed[i];
      if (!x || !b) return; // unfinished in either, or beyond the Easy row's seeds: left out
      n++;
      if (x.germany === german) wins++;
      if (b.germany === german) baseWins++;
      cities += x.cities;
      baseCities += b.cities;
      // Per seed and on the totals: a win beats a loss; otherwise the side's cities decide.
      score += sideScore(x, f);
      baseScore += sideScore(b, f);
      const d = sideScore(x, f) - sideScore(b, f);
      d > 0 ? better++ : d < 0 ? worse++ : same++;
    });
    const c = cities / n,
      bc = baseCities / n;
    // On the totals a win counts ten cities, so one odd win does not outweigh the cities.
    const ahead = score > baseScore;
    const behind = score < baseScore;
    const k = ahead && better >= 2 * worse && better > 0 ? 0 : ahead && better > worse ? 1 : behind && worse > better ? 3 : 2;
    const verdict = VERDICTS[k];
    if (r.p.searched && !r.p.team) tally[k] = (tally[k] ?? 0) + 1;
    const who = `${r.p.team ? 'norway + allies' : f}${r.p.searched ? '' : ' (style only)'}`;
    verdicts.push(`${r.p.game}/Normal ${who} vs Easy: ${verdict}`);
    compared.push({ label: `${r.p.game}: ${who}`, better, same, worse, verdict });
    md += `| ${r.p.game} | ${who} | ${n} | ${pct(wins, n)} | ${pct(baseWins, n)} | ${c.toFixed(2)} vs ${bc.toFixed(2)} | ${better} / ${same} / ${worse} | ${pct(better, better + worse)} | ${verdict === 'yes' ? 'yes' : `**${verdict}**`} |\n`;
  }
  const seats = tally.reduce((a, b) => a + b, 0);
  if (seats)
    md += `\nNormal (with its search) beats Easy by that measure in ${tally[0]} of ${seats} seats; it is ahead but short of a large majority in ${tally[1]}, level within the noise in ${tally[2]}, behind in ${tally[3]}.\n`;
  md += `\n## How long the Normal bot thinks\n\nPer decision of the Normal seat, its seat's view, the legal listing from the view and the search (this machine, one core, with the other work of the run):\n\n| Game | Pairing | decisions | mean | slowest |\n|---|---|---|---|---|\n`;
  for (const r of rows)
    if (r.normal.decisions && r.p.searched)
      md += `| ${r.p.game} | ${r.p.name} | ${r.normal.decisions} | ${(r.normal.totalMs / r.normal.decisions).toFixed(1)} ms | ${r.normal.maxMs.toFixed(0)} ms |\n`;
  md += `\n![Who wins each pairing, and Normal against Easy seed by seed](${PARTS[part].svg})\n`;
  return { md, svg: chart(part, rows, compared) };
}

/** A Normal pairing's seed-by-seed count against Easy, for the chart's second panel. */
interface Compared {
  label: string;
  better: number;
  same: number;
  worse: number;
  verdict: (typeof VERDICTS)[number];
}

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A part's chart (docs/balance.svg, docs/balance-scenarios.svg), two panels. Above, per pairing,
 * who won and how clearly: Germany's clear and marginal wins from the left, Norway + Allies' from
 * the right. Below, per Normal seat, how its games came out against Easy's on the same seeds
 * (better, same, worse), with the line the report's "yes" must reach: better in two thirds of the
 * games that differ.
 */
function chart(part: PartId, rows: readonly Row[], compared: readonly Compared[]): string {
  const W = 780,
    barH = 18,
    gap = 8,
    left = 340,
    right = 20,
    span = W - left - right;
  const COLOURS = {
    gClear: '#333',
    gMarginal: '#777',
    naMarginal: '#e08080',
    naClear: '#c33',
    better: '#2a7a3a',
    same: '#bbb',
    worse: '#c33',
  };
  const legend = (y: number, items: [string, string][]) => {
    let x = left,
      out = '';
    for (const [colour, text] of items) {
      out += `<rect x="${x}" y="${y}" width="12" height="12" fill="${colour}"/><text x="${x + 16}" y="${y + 10}">${esc(text)}</text>\n`;
      x += 24 + text.length * 6.5;
    }
    return out;
  };
  const bar = (y: number, parts: [number, string][], total: number) => {
    let x = left,
      out = '';
    for (const [k, colour] of parts) {
      const w = (span * k) / (total || 1);
      if (w > 0) out += `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${barH}" fill="${colour}"/>\n`;
      x += w;
    }
    return out;
  };
  // White text with a dark outline reads on every bar colour.
  const onBar = (y: number, text: string) =>
    `<text x="${left + 4}" y="${y + 13}" fill="#fff" stroke="#000" stroke-width="2" paint-order="stroke">${esc(text)}</text>\n`;
  let y = 20;
  const games =
    part === 'scenarios' ? `${SCENARIO_GAMES} games per pairing (` : `${GAMES} games per pairing (${NORMAL_GAMES} with a Normal seat; `;
  let body = `<text x="10" y="${y}" font-size="14" font-weight="bold">Who wins, ${games}generated by npm run balance)</text>\n`;
  y += 20;
  for (const r of rows) {
    const done = r.games - r.unfinished;
    body += `<text x="10" y="${y + 13}">${esc(`${r.p.game}: ${r.p.name}`)}</text>\n`;
    body += bar(
      y,
      [
        [r.clear.germany, COLOURS.gClear],
        [r.marginal.germany, COLOURS.gMarginal],
        [r.marginal.na, COLOURS.naMarginal],
        [r.clear.na, COLOURS.naClear],
      ],
      done,
    );
    body += onBar(y, `Germany ${done ? Math.round((100 * r.germanyWins) / done) : 0} %`);
    y += barH + gap;
  }
  body += legend(y + 2, [
    [COLOURS.gClear, 'Germany, clear'],
    [COLOURS.gMarginal, 'Germany, marginal'],
  ]);
  body += legend(y + 20, [
    [COLOURS.naMarginal, 'Norway + Allies, marginal'],
    [COLOURS.naClear, 'Norway + Allies, clear'],
  ]);
  y += 70;
  if (compared.length) {
    body += `<text x="10" y="${y}" font-size="14" font-weight="bold">Normal against Easy in the same seat, seed by seed</text>\n`;
    y += 20;
    for (const c of compared) {
      body += `<text x="10" y="${y + 13}">${esc(c.label)}</text>\n`;
      body += bar(
        y,
        [
          [c.better, COLOURS.better],
          [c.same, COLOURS.same],
          [c.worse, COLOURS.worse],
        ],
        c.better + c.same + c.worse,
      );
      const share = c.better + c.worse ? Math.round((100 * c.better) / (c.better + c.worse)) : 0;
      body += onBar(y, `${share} % of those that differ${c.verdict === 'yes' ? '' : ` (${c.verdict})`}`);
      // The two-thirds line: "yes" needs the green past it (better twice as often as worse; the games
      // that came out the same do not count) and the totals ahead.
      const n = c.better + c.same + c.worse || 1;
      const mark = left + (span * ((2 / 3) * (c.better + c.worse))) / n;
      body += `<line x1="${mark.toFixed(1)}" y1="${y - 2}" x2="${mark.toFixed(1)}" y2="${y + barH + 2}" stroke="#000" stroke-width="2"/>\n`;
      y += barH + gap;
    }
    body += legend(y + 2, [
      [COLOURS.better, 'better'],
      [COLOURS.same, 'same'],
      [COLOURS.worse, 'worse'],
    ]);
    body += `<line x1="${left + 220}" y1="${y + 1}" x2="${left + 220}" y2="${y + 15}" stroke="#000" stroke-width="2"/><text x="${left + 226}" y="${y + 12}">two thirds of those that differ</text>\n`;
    y += 30;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${y}" font-family="sans-serif" font-size="12">\n${body}</svg>\n`;
}

/** Plays one pairing's games, seeds 1..games. */
function play(p: Pairing): Row {
  const t0 = performance.now();
  const r: Row = {
    p,
    games: 0,
    unfinished: 0,
    germanyWins: 0,
    clear: { germany: 0, na: 0 },
    marginal: { germany: 0, na: 0 },
    elimination: 0,
    decisions: 0,
    decideMs: 0,
    maxMs: 0,
    rounds: [],
    actions: [],
    cities: [],
    ms: 0,
    normal: { decisions: 0, totalMs: 0, maxMs: 0 },
    bySeed: [],
  };
  for (let seed = 1; seed <= p.games; seed++) {
    const scenario = scenarioOf(p.game);
    const { G, actions, ended, easy, normal } = playBotGame({
      seed,
      ruleset: scenario ? 'basic' : (p.game as Ruleset),
      ...(scenario ? { scenario } : {}),
      seats: p.seats,
      dice: 'keyed',
    });
    r.normal.decisions += normal.decisions;
    r.normal.totalMs += normal.totalMs;
    r.normal.maxMs = Math.max(r.normal.maxMs, normal.maxMs);
    r.games++;
    r.decisions += easy.decisions;
    r.decideMs += easy.totalMs;
    r.maxMs = Math.max(r.maxMs, easy.maxMs);
    if (!ended) {
      r.unfinished++;
      continue;
    }
    const res = G.result!;
    const g = res.winner === 'germany';
    if (g) r.germanyWins++;
    if (res.level === 'clear') g ? r.clear.germany++ : r.clear.na++;
    else g ? r.marginal.germany++ : r.marginal.na++;
    if (res.reason === 'elimination') r.elimination++;
    r.rounds.push(G.round);
    r.actions.push(actions);
    // A hold-all scenario: the objectives Norway and the Allies lack at the end stand for Germany's cities.
    const cities = res.objectives ? res.objectives.areas.length - res.objectives.held.length : res.germanCities.length;
    r.cities.push(cities);
    r.bySeed[seed - 1] = { germany: g, cities };
  }
  r.ms = performance.now() - t0;
  return r;
}

// The games are independent: pairings run in child processes (this script with BALANCE_PAIRING),
// as many at once as the machine has cores (BALANCE_WORKERS), each sending its row back as JSON.
const child = process.env.BALANCE_PAIRING;
if (child !== undefined) {
  const { p: _p, ...row } = play(pairings[Number(child)]!);
  process.stdout.write(`${ROW_MARK}${JSON.stringify(row)}\n`);
} else {
  const workers = Math.max(1, Number(process.env.BALANCE_WORKERS ?? availableParallelism()));
  const done: (Row | undefined)[] = [];
  let next = 0;
  const runOne = async (): Promise<void> => {
    while (next < pairings.length) {
      const i = next++;
      const p = pairings[i]!;
      const out = await new Promise<string>((resolve, reject) => {
        const c = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
          env: { ...process.env, BALANCE_PAIRING: String(i) },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let text = '';
        c.stdout.on('data', (d: Buffer) => (text += d.toString()));
        c.on('error', reject);
        c.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pairing ${p.name} (${p.game}) exited with ${code}`))));
      });
      const line = out.split('\n').find((l) => l.startsWith(ROW_MARK));
      if (!line) throw new Error(`pairing ${p.name} (${p.game}) sent no result`);
      const r: Row = { ...(JSON.parse(line.slice(ROW_MARK.length)) as Omit<Row, 'p'>), p };
      done[i] = r;
      console.log(`${p.game} ${p.name}: Germany ${r.germanyWins}/${r.games}, ${(r.ms / 1000).toFixed(1)} s`);
      rows.length = 0;
      for (const x of done) if (x) rows.push(x);
      writeReport(rows.length === pairings.length);
    }
  };
  await Promise.all(Array.from({ length: workers }, runOne));
}
