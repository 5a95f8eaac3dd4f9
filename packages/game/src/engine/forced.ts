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
  return legal.length === 1 && isPassLike(legal[0]!) ? legal[0]! : null;
}
