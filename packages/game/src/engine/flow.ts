import type { Faction } from '../types.js';
import { PLAYER_OF_FACTION } from '../types.js';
import type { GameState } from './model/state.js';
import type { Actor, Stage } from './model/stage.js';
import type { Rng } from './kernel/rng.js';
import { count, totalOnBoard } from './kernel/forces.js';
import { pendingLossDecision, retreatChooser, startNextCombat } from './combat.js';
import { refillHand } from './kernel/hand.js';
import { scoreDeckEnd } from './kernel/victory.js';
import { log } from './kernel/log.js';
import { april9Actor, landCombatOver, resumeApril9 } from './april9/flow.js';
import { endTurn } from './turn.js';
import { navalActor } from './naval/flow.js';
import { startNavalCombats } from './naval/combat.js';
import { pushShipWithdrawal } from './naval/withdrawal.js';

export type { Actor, Stage };

/** Withdrawal when the Allied deck runs out (EN 2.4). */
export const ALLIED_WITHDRAWAL = 4;

/** Exactly one faction decides at any moment; this says which and about what. */
export function actor(G: GameState): Actor | null {
  if (G.result) return null;
  const top = G.prompts[G.prompts.length - 1];
  if (top) return { faction: top.faction, stage: top.kind };
  const naval = navalActor(G);
  if (naval) return naval;
  const c = G.combat;
  if (c) {
    switch (c.step) {
      case 'attackerCards':
      case 'counter':
        return { faction: c.attacker, stage: c.step };
      case 'defenderCards':
        return { faction: c.defenderQueue[0]!, stage: 'defenderCards' };
      case 'losses': {
        const d = pendingLossDecision(G);
        if (!d) return null;
        return { faction: d.faction, stage: d.kind === 'answer' ? 'answerLosses' : 'losses' };
      }
      case 'evacuate':
        return { faction: 'allies', stage: 'evacuate' };
      case 'retreat':
        return { faction: retreatChooser(c), stage: 'retreat' };
    }
  }
  if (G.april9) return april9Actor(G);
  return { faction: G.turn, stage: G.phase === 'newCards' ? 'reinforcement' : G.phase };
}

/** The boardgame.io seats that may act now, with their stage. */
export function activePlayers(G: GameState): Record<string, string> {
  const a = actor(G);
  return a ? { [PLAYER_OF_FACTION[a.faction]]: a.stage } : {};
}

// ---------------------------------------------------------------- moving on

/**
 * Carry the game forward after an action until someone must decide. The procedures an action runs
 * (combat, naval combat, the 9. April steps) only leave their state behind, with `G.done` when a
 * step is over; this is the one place that decides what follows. perform calls it once per action.
 */
export function advance(G: GameState, rng: Rng): void {
  for (;;) {
    if (G.done === 'combat') {
      delete G.done;
      // A combat (or the last naval combat) is over: the next land combat, or the phase after them.
      if (!G.result) nextCombat(G);
      continue;
    }
    // The 9. April turn moves on by itself once the windows an action opened are answered.
    if (G.april9) resumeApril9(G, rng);
    if (!G.done) return;
  }
}

// ---------------------------------------------------------------- phases of a turn

export function endMovement(G: GameState): void {
  G.invasion = false;
  const sabotageTargets = G.turn === 'germany' && G.attacks.some((a) => count(G, a.target, 'norway') > 0);
  if (sabotageTargets) {
    G.prompts.push({ kind: 'sabotage', faction: 'norway' });
    return;
  }
  startCombatPhase(G);
}

export function startCombatPhase(G: GameState): void {
  G.phase = 'combat';
  log(G, G.turn, 'phase', { phase: 'combat' });
  // Naval combat comes before land combat (EN 8).
  if (startNavalCombats(G)) return;
  nextCombat(G);
}

/** After a combat (or at the start of the phase): the next one, or on to reinforcements. */
function nextCombat(G: GameState): void {
  if (startNextCombat(G)) return;
  if (G.april9) landCombatOver(G);
  else startReinforcement(G);
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

export function endReinforcement(G: GameState, rng: Rng): void {
  G.phase = 'newCards';
  if (mustDiscard(G, G.turn)) {
    G.prompts.push({ kind: 'discard', faction: G.turn });
    return;
  }
  drawNewCards(G, rng);
}

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
    if (G.prompts.length > 0) return;
  }
  endTurn(G);
}
