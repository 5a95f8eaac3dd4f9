/**
 * Decisions that are no decision: a seat whose only legal action is to pass, to end the phase or to
 * answer "nothing" (no ships, no attempt, no cards voided). The server takes that action for a person's
 * seat after a delay drawn the same way for every window (apps/server/src/autopass), and the seat's own
 * client shows no decision meanwhile; both ask this module, so they agree on what counts.
 */
import type { Faction } from '../types.js';
import type { GameState } from './model/state.js';
import type { FactionView } from './view.js';
import type { Action } from './model/actions.js';
import { legalActions } from './legal.js';
import { reinforcementsAvailable } from './turn.js';
import { symbolsOf } from '../cards/index.js';

/** A move as the wire carries it (type + one argument object) or as the engine lists it. */
export interface MoveLike {
  type: string;
  args: unknown;
}

const isEmpty = (x: unknown) => Array.isArray(x) && x.length === 0;

/**
 * Does this action only decline, whatever the seat holds: pass, end the phase or the naval movement
 * (anchor), or the "nothing" answer of a naval window? These are the actions a seat's delay covers.
 */
export function isPassLike(a: MoveLike): boolean {
  const args = (a.args ?? {}) as Record<string, unknown>;
  switch (a.type) {
    case 'pass':
    case 'endPhase':
    case 'anchor':
      return true;
    case 'intercept':
      return args.attempt === false;
    case 'commitShips':
    case 'withdrawShips':
      return isEmpty(args.ships);
    case 'voidGermanCards':
      return args.count === 0;
    default:
      return false;
  }
}

/**
 * The seat's one legal action when that is a pass-like one (its only way on), else null. Reads what
 * the listing reads: public state and the seat's own hand, so it works on the full state and on the
 * seat's own view alike.
 */
export function onlyPass(G: GameState | FactionView, f: Faction): Action | null {
  const legal = legalActions(G as GameState, f);
  if (legal.length === 1 && isPassLike(legal[0]!)) return legal[0]!;
  return reinforcementsOver(G as GameState, legal);
}

/**
 * The end of a reinforcement step once every battalion bought is placed and no trade could buy
 * another: the cards left would be handed in for nothing (symbols count only in threes), so ending is
 * the one way on that costs nothing. Any other action (a card to play, a trade that buys) keeps the
 * decision the seat's.
 */
function reinforcementsOver(G: GameState, legal: Action[]): Action | null {
  const end = legal.find((a) => a.type === 'endPhase');
  if (!end || reinforcementsAvailable(G) > 0) return null;
  const trades = legal.filter((a) => a.type === 'trade');
  if (trades.length + 1 !== legal.length) return null;
  const cards = new Set(trades.flatMap((a) => (a.args as { cards: string[] }).cards));
  const extra = [...cards].reduce((s, c) => s + symbolsOf(c), 0);
  const have = G.reinforcements.symbols;
  return Math.floor((have + extra) / 3) === Math.floor(have / 3) ? end : null;
}

/** A window a seat may be asked again and again in one phase, named as the seat's "not this phase" stores it. */
export interface RepeatedWindow {
  /** Which kind of window ('submarine', 'engineers', 'paratroopers', or a 9. April window 'a9:<name>'). */
  window: string;
  /** The phase it is asked in (round, turn and phase): a choice made for it lapses when the phase ends. */
  phase: string;
  /** The seat's decline of this window. */
  pass: Action;
}

/** Reaction windows that open once per event (each reinforcement, sabotage card, paratrooper, landing, naval combat). */
const REPEATED_PROMPTS = new Set(['submarine', 'engineers', 'paratroopers']);
const REPEATED_APRIL9 = new Set(['submarine', 'mines', 'fort', 'fighters', 'sailors']);

/** The phase a repeated window belongs to (also the key the seat's choice is stored under). */
export function phaseKey(G: GameState | FactionView): string {
  return `${G.round}:${G.turn}:${G.phase}`;
}

/**
 * The repeated window `f` faces now, when it may answer it with a pass (and the pass is not its only
 * way on: then it is passed for anyway). Reads only the open prompt, public in every view.
 */
export function repeatedWindow(G: GameState | FactionView, f: Faction): RepeatedWindow | null {
  const top = G.prompts[G.prompts.length - 1];
  if (!top || top.faction !== f) return null;
  const window =
    top.kind === 'april9Window'
      ? REPEATED_APRIL9.has(top.window)
        ? `a9:${top.window}`
        : null
      : REPEATED_PROMPTS.has(top.kind)
        ? top.kind
        : null;
  if (!window) return null;
  const legal = legalActions(G as GameState, f);
  const pass = legal.length > 1 ? legal.find(isPassLike) : undefined;
  return pass ? { window, phase: phaseKey(G), pass } : null;
}
