/**
 * The turn order (EN 2): Germany, Norway, the Allies, and a new round when the first faction's turn
 * comes round again. The sequencer (flow.ts, april9/flow.ts) decides when a turn ends; this says who
 * is next and clears what a turn leaves behind.
 */
import { FACTIONS, type Faction } from '../types.js';
import type { GameState } from './model/state.js';
import { checkElimination } from './kernel/victory.js';
import { log } from './kernel/log.js';

export const TURN_ORDER: readonly Faction[] = FACTIONS;

export function endTurn(G: GameState): void {
  if (checkElimination(G)) return;
  const i = TURN_ORDER.indexOf(G.turn);
  const next = TURN_ORDER[(i + 1) % TURN_ORDER.length]!;
  if (next === (G.scenario?.firstTurn ?? TURN_ORDER[0])) G.round += 1;
  beginTurnOf(G, next);
}

/** A faction's turn begins at its movement phase, with nothing of the last turn left over. */
export function beginTurnOf(G: GameState, f: Faction): void {
  G.turn = f;
  G.phase = 'movement';
  G.moved = {};
  G.attacks = [];
  G.attackedFrom = [];
  G.lastCombat = null;
  G.invasion = false;
  G.reinforcements = { symbols: 0, free: 0, placed: 0, airSlots: 0, areas: [] };
  if (G.naval) G.naval = null;
  log(G, f, 'turnStarts', { round: G.round });
}
