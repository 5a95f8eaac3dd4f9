/**
 * The Normal computer player, from its seat's view only: the heuristic player with its faction's
 * Normal style (normal-style.ts: weights tuned over many games, which stage attacks on the cities
 * and guard its own), and a search over its candidate actions on top.
 * Each round of the search samples one guess at the secrets (determinize.ts), then plays every
 * candidate on that guess with the same dice and lets the styled player go on for every seat until
 * the decision has played out (see horizon: a combat decision until the combat is over, a move
 * until the own turn is over, a placement until the enemy's next attacks are fought); that
 * position is scored. Every candidate meets the same guesses and dice (common random numbers),
 * and the style's own choice stands unless another beats it clearly on the paired differences, so
 * the search's noise rarely makes it play worse than its style; where it sees further (card
 * windows, losses, retreats, reactions, reinforcements, moves) it plays better.
 *
 * In the game's last round (endgame.ts) the style's last-round weights apply, to its own choice, the
 * candidates and the scoring, and battalions count for less: only the cities held at the end matter.
 *
 * Decisions with one legal answer, and those the search does not improve on (see SEARCHED; the
 * 9. April turn; naval moves whose secrets cannot be guessed consistently; bookkeeping stages;
 * the Allies' sailing to cover the coast, navy.ts), are the style's alone.
 */
import { FACTIONS, type Faction } from '../types.js';
import type { FactionView } from '../engine/view.js';
import type { GameState } from '../engine/model/state.js';
import { perform, type Action } from '../engine/actions.js';
import { HAND_SIZE, symbolsOf } from '../cards/index.js';
import { deckOutOf } from '../engine/kernel/hand.js';
import { actor } from '../engine/flow.js';
import { legalActions } from '../engine/legal.js';
import { endsSoon, styleNow } from './endgame.js';
import { paired } from './paired.js';
import type { Style } from './style.js';
import { viewFor } from '../engine/view.js';
import type { Rng } from '../engine/kernel/rng.js';
import { seededRng } from '../testing/rng.js';
import { seatOf, type BotInput, type SearchBudget } from './types.js';
import { heuristicBot, stageOf } from './easy.js';
import { NORMAL_STYLES } from './normal-style.js';
import { determinize, undeterminable } from './determinize.js';
import { attackDice, friendsOf, targetsOf, winChance, worth, type Board } from './position.js';
import { goalOf, type Goal } from './goal.js';
import { sideWins, withinClock } from './clock.js';
import { boardOf, scoreCardMoves, scoreMoves, scorePlacements, type Scored } from './movement.js';

/** The budget when the caller names none: playouts per decision (docs/balance.md and docs/balance-scenarios.md show what it costs). */
export const DEFAULT_BUDGET: Required<Omit<SearchBudget, 'maxMs'>> = {
  iterations: 32,
  candidates: 4,
  steps: 8,
  horizonSteps: 300,
  searchMovement: true,
  moveCandidates: 3,
  moveIterations: 12,
};

/**
 * A scenario's last round (endsSoon): its playouts run to the game's end, a turn or two away on a
 * small board, so they are cheap (a few milliseconds each) and the search can afford many more
 * guesses than in the full game, where twelve playouts of a movement decision (four guesses of
 * three candidates) left its choice to chance. Narvik, Normal Norway against Easy, better/worse
 * with the default budget / this one: tuned on seeds 2001-2600 91/34 / 109/31, 9001-9400 72/28 /
 * 80/23 (36 or 144 move playouts, or 192 of the rest, did no better); untouched seeds 50001-50600
 * 94/42 / 103/44, 60001-60600 100/50 / 107/41, 301-1500 183/88 / 196/76. The Allies' and the
 * team's seats gained too (seeds 40001-40300: 95/17 / 99/14, 111/15 / 130/10).
 */
export const LAST_ROUND_BUDGET: Pick<SearchBudget, 'iterations' | 'moveIterations'> = { iterations: 96, moveIterations: 72 };

/**
 * Stages where the search looks ahead; the rest are the style's alone (forced, bookkeeping or 9. April).
 * Movement too unless the budget turns `searchMovement` off.
 */
const SEARCHED = new Set([
  'reinforcement',
  'attackerCards',
  'defenderCards',
  'counter',
  'losses',
  'retreat',
  'sabotage',
  'engineers',
  'submarine',
  'paratroopers',
  'evacuate',
]);
const ENDINGS: readonly string[] = ['pass', 'endPhase', 'anchor'];

/**
 * What one battalion is worth next to a victory city (10, see worth), and a card in hand per
 * reinforcement symbol. Cards are worth little kept: hands are refilled to their size every round,
 * so a card held back is mostly a card not drawn (valued at a symbol's full price, three for a
 * battalion, the search hoarded dice cards and lost fights Easy wins).
 */
const BATTALION = 2;
/**
 * In the last round (endgame.ts) battalions count only for holding the cities until the end: at a
 * quarter of their price the search let Norway make the attacks its last-round style asks for
 * (better than Easy in 36 of 48 differing games on seeds 9001-9060; 36 of 50 at the full price).
 */
const BATTALION_LAST = 0.5;
const SYMBOL = 0.15;
const WIN = 500;
/**
 * The least mean gain over the style's choice that counts, and by how many standard errors of the
 * paired differences it must stand clear. Stricter (0.5 and two) kept the heuristic's choice in 97 %
 * of decisions: the search changed next to nothing.
 */
const MARGIN = 0.3;
const CLEAR = 1;

/** How good `S` is for `f`'s side: the board by `worth` (targets fixed at the root), material, cards, result. */
export function score(S: GameState, f: Faction, targets: readonly string[], style: Style, battalion: number): number {
  if (S.result) {
    // A playout that reached the game's end: the win, and then the cities Germany ends with (in a
    // hold-all scenario the objectives Norway and the Allies end with), which say how clear it is.
    const won = (S.result.winner === 'germany') === (f === 'germany');
    const alliedMargin = S.result.objectives ? S.result.objectives.held.length : -S.result.germanCities.length;
    return (won ? WIN : -WIN) + (f === 'germany' ? -1 : 1) * style.city * alliedMargin;
  }
  const goal = goalOf(S.scenario);
  const b: Board = { units: S.units, attacks: S.attacks, goal };
  const mine = new Set(friendsOf(f));
  let v = worth(b, f, targets, style);
  // worth reads only the side's own attacks; a playout may stop with the enemy's still at the
  // border (a sabotage window, mid-movement): the ground they are expected to take counts against.
  const foes = new Set(FACTIONS.filter((g) => !mine.has(g)));
  const attacked = new Set(S.attacks.filter((a) => foes.has(a.faction)).map((a) => a.target));
  for (const t of attacked) {
    const on = S.attacks.filter((a) => a.target === t && foes.has(a.faction));
    const defenders = Math.min(
      5,
      [...mine].reduce((k, g) => k + (S.units[t]?.[g] ?? 0), 0),
    );
    v -= (goal.isObjective(t) ? 10 : 2) * winChance(attackDice(on), defenders);
  }
  for (const forces of Object.values(S.units))
    for (const [g, k] of Object.entries(forces)) v += (mine.has(g as Faction) ? battalion : -battalion) * (k ?? 0);
  for (const a of S.attacks) v += (mine.has(a.faction) ? battalion : -battalion) * a.count;
  v += clockTime(S, f, goal, style);
  // A scenario without reinforcements never trades the cards' soldier symbols for battalions.
  if (S.scenario?.reinforcements !== false)
    for (const g of FACTIONS) for (const c of S.hands[g]) v += (mine.has(g) ? SYMBOL : -SYMBOL) * symbolsOf(c);
  return v;
}

/**
 * Time on a scenario's clock (clock.ts): the cards the faction whose deck ends the game still has
 * to draw once its hand is refilled, each a card it may spend before the end. Worth `style.clock`
 * each to the side that would lose if the game ended now (it needs the time), against the side
 * that would win. Only on part of the board; the full game's clock is left as it was tuned.
 */
function clockTime(S: GameState, f: Faction, goal: Goal, style: Style): number {
  const weight = style.clock ?? 0;
  if (!weight || !S.scenario?.region || goal.kind !== 'holdAll') return 0;
  const g = FACTIONS.find((x) => deckOutOf(S, x) === 'endsGame');
  if (!g) return 0;
  const left = Math.max(0, S.decks[g].draw.length + S.hands[g].length - HAND_SIZE[g]);
  const b: Board = { units: S.units, attacks: [], goal };
  return (sideWins(b, f) ? -weight : weight) * left;
}

/** A seeded generator drawn from the caller's: same input rng state, same search. */
function fork(rng: Rng): number {
  let s = 0;
  for (let i = 0; i < 12; i++) s = s * 6 + (rng.d6() - 1);
  return s;
}

/** The actions worth comparing: the style's own choice first, then the best of the rest by the style's scoring. */
export function candidatesOf(
  view: FactionView,
  f: Faction,
  stage: string,
  legal: readonly Action[],
  own: Action,
  k: number,
  style: Style,
): Action[] {
  let ranked: Action[];
  const byGain = (xs: Scored[]) => [...xs].sort((a, b) => b.gain - a.gain).map((s) => s.action);
  if (stage === 'movement')
    ranked = [
      ...byGain([...scoreMoves(view, f, legal, style), ...scoreCardMoves(view, f, legal, style)]),
      ...legal.filter((a) => ENDINGS.includes(a.type)),
    ];
  else if (stage === 'reinforcement' && legal.some((a) => a.type === 'place')) ranked = byGain(scorePlacements(view, f, legal, style));
  else ranked = [...legal];
  const out: Action[] = [own];
  // Ending the phase is always one of the movement candidates: doing nothing more is a real option.
  // So is passing in a card window of a scenario on part of the board, where a card kept is time
  // on the clock (clockTime); the listing puts the card plays first, and with four or more of them
  // passing was never weighed. (The full game keeps the candidates it was measured with.)
  if (stage === 'movement' || view.scenario?.region) {
    const end = legal.find((a) => ENDINGS.includes(a.type));
    if (end && end !== own) out.push(end);
  }
  for (const a of ranked) {
    if (out.length >= k) break;
    if (!out.includes(a) && legal.includes(a)) out.push(a);
  }
  return out;
}

/**
 * Where a playout stops. A combat decision is judged when that combat is over (its dice rolled);
 * a move when the own turn is over (its attacks fought, the losses replaced); a placement when
 * the enemy's next attacks are fought, since new battalions matter by what they hold against them.
 * Any other decision when its phase or turn is over.
 */
function horizon(S: GameState, f: Faction, stage: string): (T: GameState) => boolean {
  const { round, turn, phase } = S;
  const area = S.combat?.area;
  const turnOver = (T: GameState) => !!T.result || T.round !== round || T.turn !== turn;
  if (area !== undefined) return (T) => turnOver(T) || T.combat?.area !== area;
  // A scenario on part of the board is won by holding its objectives through the enemy's answer: a move is judged after it.
  if (stage === 'movement') return S.scenario?.region ? enemyFought(S, f) : turnOver;
  if (stage === 'reinforcement') return enemyFought(S, f);
  return (T) => turnOver(T) || T.phase !== phase;
}

/** True once an enemy's turn after this one is past its combat phase (or the game is over). */
function enemyFought(S: GameState, f: Faction): (T: GameState) => boolean {
  const mine = new Set(friendsOf(f));
  const { round, turn } = S;
  return (T) =>
    !!T.result || ((T.round !== round || T.turn !== turn) && !mine.has(T.turn) && (T.phase === 'reinforcement' || T.phase === 'newCards'));
}

/** The heuristic player with every faction's Normal style: Normal's own choice, and everyone's in a playout. */
export const styled = heuristicBot((f) => NORMAL_STYLES[f]);

/** Everyone plays the styled player from the sampled state until `done` (or `steps` actions). */
/** Play on with the style's choices; false when the deadline came first (the playout is then worth nothing). */
function playout(S: GameState, done: (T: GameState) => boolean, dice: Rng, policy: Rng, steps: number, deadline = Infinity): boolean {
  for (let i = 0; i < steps && !done(S); i++) {
    if (deadline !== Infinity && performance.now() >= deadline) return false;
    const who = actor(S);
    if (!who) return true;
    const legal = legalActions(S, who.faction);
    if (!legal.length) return true;
    perform(S, who.faction, styled({ view: viewFor(S, who.faction), legal, rng: policy }), dice);
  }
  return true;
}

/**
 * The Normal bot. Deterministic for a given view, legal list and rng state unless `budget.maxMs` cuts
 * it short: a playout stops at the deadline (one action over at most), its round is dropped, and the
 * search decides on its whole rounds, or plays the style's choice if not one round is whole.
 */
export function normalBot({ view, legal: all, rng, budget }: BotInput): Action {
  const f = seatOf(view);
  if (all.length === 0) throw new Error(`no legal action for ${f}`);
  // A scenario's clock: no card that brings the end while the side would lose (clock.ts).
  const legal = withinClock(view, f, all);
  if (legal.length === 1) return legal[0]!;
  // The style's choice with the caller's rng first: the search overrules it only where it sees clearly better.
  const own = styled({ view, legal, rng });
  const seed = fork(rng);
  const stage = stageOf(view) ?? '';
  // In a scenario a style may leave the search out, keep it for the last round only, or play every playout to the end (style.ts scenarioSearch).
  const scenarioSearch = NORMAL_STYLES[f].scenarioSearch ?? true;
  const lastRound = !!view.scenario?.region && endsSoon(view);
  if (view.scenario?.region && (scenarioSearch === false || (scenarioSearch === 'lastRound' && !lastRound))) return own;
  const {
    iterations: maxIterations,
    candidates: k,
    steps: shortSteps,
    horizonSteps,
    searchMovement,
    moveCandidates,
    moveIterations,
  } = { ...DEFAULT_BUDGET, ...(lastRound ? LAST_ROUND_BUDGET : {}), ...budget };
  if (!(SEARCHED.has(stage) || (stage === 'movement' && searchMovement)) || undeterminable(view)) return own;
  // Ships at sea are the style's (navy.ts): the search's score reads the land only and would trade them for a move.
  if (own.type === 'sail' || own.type === 'placeShip') return own;
  // A turn has many movement decisions and the heuristic's moves are its dearest: fewer candidates and
  // guesses there (three and four, twelve playouts of a whole turn each).
  const moving = stage === 'movement';
  const long = moving || stage === 'reinforcement';
  const width = moving ? Math.min(k, moveCandidates) : k;
  // The last round: the style's last-round weights, and battalions worth less (only the cities held at the end count).
  const style = styleNow(NORMAL_STYLES[f], view);
  const battalion = endsSoon(view) ? BATTALION_LAST : BATTALION;
  const candidates = candidatesOf(view, f, stage, legal, own, width, style);
  const iterations = moving ? Math.min(maxIterations, moveIterations) : maxIterations;
  // A scenario's last round is short: every playout runs to the game's end, which the score then reads
  // (in every round for a style whose scenarioSearch is 'toEnd').
  const toEnd = lastRound || (!!view.scenario?.region && scenarioSearch === 'toEnd');
  const steps = long || toEnd ? horizonSteps : shortSteps;
  // Playouts through a turn are dear: fewer candidates do not buy more guesses there.
  const maxGuesses = long ? Math.ceil(iterations / width) : Infinity;
  if (candidates.length === 1) return own;
  const targets = targetsOf(boardOf(view), f);
  // scores[i][r]: candidate i's playout on guess r (every candidate meets the same guesses and dice).
  const scores: number[][] = candidates.map(() => []);
  const deadline = budget?.maxMs !== undefined ? performance.now() + budget.maxMs : Infinity;
  const guesses = seededRng(seed ^ 0x5bd1e995);
  let rounds = 0;
  while (rounds < maxGuesses && rounds * candidates.length < iterations && performance.now() < deadline) {
    const guess = determinize(view, guesses);
    if (!guess) return own;
    const diceSeed = seed * 7919 + rounds;
    // A round is every candidate's playout on one guess; one the deadline cuts short is dropped (the
    // candidates are compared guess by guess).
    let whole = true;
    for (let i = 0; i < candidates.length && whole; i++) {
      const S = structuredClone(guess);
      const done = toEnd ? (T: GameState) => !!T.result : horizon(S, f, stage);
      const dice = seededRng(diceSeed);
      perform(S, f, candidates[i]!, dice);
      whole = playout(S, done, dice, seededRng(diceSeed ^ 0x2545f491), steps, deadline);
      if (whole) scores[i]!.push(score(S, f, targets, style, battalion));
    }
    if (!whole) {
      for (const s of scores) s.length = rounds;
      break;
    }
    rounds++;
  }
  // Not one whole round in the time given (a busy machine): the style's choice, as where nothing is searched.
  if (rounds === 0) return own;
  // The style's choice stands unless another beats it clearly: by a margin, and on the paired differences
  // guess by guess by a standard error.
  let best = 0;
  let bestGain = 0;
  for (let i = 1; i < candidates.length; i++) {
    const { mean, se } = paired(scores[i]!, scores[0]!);
    if (mean > MARGIN && mean > CLEAR * se && mean > bestGain) {
      best = i;
      bestGain = mean;
    }
  }
  return candidates[best]!;
}
