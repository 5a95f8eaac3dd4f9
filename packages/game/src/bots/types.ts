/**
 * What a computer player may look at. A bot gets its own seat's FactionView (viewFor(G, faction)),
 * never the GameState: FactionView has no draw piles, no other hands and no hidden ships, and the
 * two types are not assignable to each other (`decks` differ), so passing G does not compile.
 */
import type { Faction } from '../types.js';
import type { FactionView } from '../engine/view.js';
import type { Action } from '../engine/actions.js';
import type { Rng } from '../engine/kernel/rng.js';

export interface BotInput {
  /** The seat's own view; `view.viewer` is the faction the bot plays. */
  readonly view: FactionView;
  /** The legal actions, as legalActions(view, faction) lists them (legality reads only the seat's view). */
  readonly legal: readonly Action[];
  /** For tie-breaks only: the same view, legal list and seed give the same decision. */
  readonly rng: Rng;
  /** How hard a search player may think (the Easy player ignores it). */
  readonly budget?: SearchBudget;
}

/** A search player's budget per decision. Without `maxMs` the same input always gives the same decision. */
export interface SearchBudget {
  /** Playouts per decision (candidates × sampled guesses). */
  readonly iterations?: number;
  /** At most this many candidate actions are compared. */
  readonly candidates?: number;
  /** Actions per playout at most where the playout ends with the combat or phase. */
  readonly steps?: number;
  /** Actions per playout at most where it runs through a turn (moves, placements; see normal.ts horizon). */
  readonly horizonSteps?: number;
  /** Search single movement decisions too (on by default; the dearest decisions to search). */
  readonly searchMovement?: boolean;
  /** In the movement phase (a turn has many such decisions): at most this many candidates and playouts. */
  readonly moveCandidates?: number;
  readonly moveIterations?: number;
  /** Wall-clock cap for a server: stop sampling after this many milliseconds (normal.ts says how it cuts). */
  readonly maxMs?: number;
}

export type Bot = (input: BotInput) => Action;

/** The faction a view belongs to; refuses a spectator's view and anything that is not a view. */
export function seatOf(view: FactionView): Faction {
  if (!view || typeof view !== 'object' || !('handSizes' in view) || !('viewer' in view))
    throw new Error('a bot decides from a FactionView only');
  if (!view.viewer) throw new Error('a bot needs a seat: the spectator view has no hand');
  for (const d of Object.values(view.decks)) if ('draw' in d) throw new Error('a bot must not see a draw pile');
  return view.viewer;
}
