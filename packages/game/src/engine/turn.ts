/**
 * The steps of an ordinary turn (EN 2) as the sequencer's table (flow.ts `FLOW.ordinary`) enters
 * them: movement, combat, reinforcement, new cards, and the turn's end that hands over to the next
 * faction (Germany, Norway, the Allies; a new round when the first faction's turn comes round again).
 * Which step follows which is the table's; nothing here names the next step. A step that is over at
 * once says so with `G.done = 'step'`.
 */
import { FACTIONS, type Faction } from '../types.js';
import type { GameState } from './model/state.js';
import type { Rng } from './kernel/rng.js';
import { count, totalOnBoard } from './kernel/forces.js';
import { startNextCombat } from './combat.js';
import { refillHand } from './kernel/hand.js';
import { checkElimination, scoreDeckEnd } from './kernel/victory.js';
import { log } from './kernel/log.js';
import { startNavalCombats } from './naval/combat.js';
import { pushShipWithdrawal } from './naval/withdrawal.js';

export const TURN_ORDER: readonly Faction[] = FACTIONS;

/** Withdrawal when the Allied deck runs out (EN 2.4). */
export const ALLIED_WITHDRAWAL = 4;

/** A faction's turn begins at its movement phase, with nothing of the last turn left over. */
export function beginTurn(G: GameState): void {
  const f = G.turn;
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

/** Movement is over: Norway may answer German attacks with sabotage before the combats. */
export function afterMovement(G: GameState): void {
  G.invasion = false;
  const sabotageTargets = G.turn === 'germany' && G.attacks.some((a) => count(G, a.target, 'norway') > 0);
  if (sabotageTargets) G.prompts.push({ kind: 'sabotage', faction: 'norway' });
}

/** The combat phase: naval combat comes before land combat (EN 8); with no combat at all it is over at once. */
export function startCombatPhase(G: GameState): void {
  G.phase = 'combat';
  log(G, G.turn, 'phase', { phase: 'combat' });
  if (startNavalCombats(G)) return;
  if (!startNextCombat(G)) G.done = 'step';
}

export function startReinforcement(G: GameState): void {
  G.phase = 'reinforcement';
  // A scenario without reinforcements keeps the phase (to end it) but gives nothing in it.
  G.reinforcements.free = G.turn === 'germany' && reinforcementsUsed(G) ? 1 : 0;
  log(G, G.turn, 'phase', { phase: 'reinforcement' });
}

/** Whether this game has reinforcements (every game but a scenario that leaves them out). */
export function reinforcementsUsed(G: Pick<GameState, 'scenario'>): boolean {
  return G.scenario?.reinforcements ?? true;
}

/** Battalions the current player may still place this phase. */
export function reinforcementsAvailable(G: GameState): number {
  const r = G.reinforcements;
  const free = G.phase === 'reinforcement' ? r.free : 0;
  return free + Math.floor(r.symbols / 3) - r.placed;
}

export function mustDiscard(G: GameState, f: Faction): boolean {
  if (f === 'norway') return false;
  if (f === 'allies' && G.alliesDeckSpent) return false;
  return G.cardsUsed[f] === 0 && G.hands[f].length > 0;
}

/** The new cards phase: a faction that used no card this turn first discards one (EN 2.4). */
export function startNewCards(G: GameState): void {
  G.phase = 'newCards';
  if (mustDiscard(G, G.turn)) G.prompts.push({ kind: 'discard', faction: G.turn });
  G.done = 'step';
}

/** Refill the hand. The deck that ends the game scores it; the Allies' runs out: they withdraw, then the turn ends. */
export function drawNewCards(G: GameState, rng: Rng): void {
  const f = G.turn;
  const outcome = refillHand(G, f, rng);
  G.cardsUsed[f] = 0;
  if (outcome === 'deckEndsGame') {
    scoreDeckEnd(G);
    return;
  }
  if (outcome === 'alliedDeckOut') {
    const n = Math.min(ALLIED_WITHDRAWAL, totalOnBoard(G, 'allies'));
    if (n > 0) G.prompts.push({ kind: 'withdraw', faction: 'allies', count: n });
    pushShipWithdrawal(G);
  }
  G.done = 'step';
}

/** The turn is over: the next faction's turn follows, unless a side has no battalions left. */
export function endTurn(G: GameState): void {
  if (checkElimination(G)) return;
  const i = TURN_ORDER.indexOf(G.turn);
  const next = TURN_ORDER[(i + 1) % TURN_ORDER.length]!;
  if (next === (G.scenario?.firstTurn ?? TURN_ORDER[0])) G.round += 1;
  G.turn = next;
  G.done = 'step';
}
