import { victoryCities } from '../../board/index.js';
import type { GameState, Result } from '../model/state.js';
import { count, totalOnBoard } from './forces.js';
import type { AreaId, Faction } from '../../types.js';
import { germanCities } from './queries.js';
import { log } from './log.js';

function finish(G: GameState, result: Result): void {
  G.result = result;
  G.prompts = [];
  log(G, null, 'gameOver', { winner: result.winner, level: result.level, reason: result.reason });
}

/** The game ends the moment one side has no battalions left on the board (EN 1.3). */
export function checkElimination(G: GameState): boolean {
  if (G.result) return true;
  // The 9. April turn sets the board up: nobody is eliminated before it ends (docs/rules-decisions.md).
  if (G.april9) return false;
  const german = totalOnBoard(G, 'germany');
  const allied = totalOnBoard(G, 'norway') + totalOnBoard(G, 'allies');
  if (german > 0 && allied > 0) return false;
  const v = G.scenario?.victory;
  finish(G, {
    winner: german === 0 ? 'norway-allies' : 'germany',
    level: 'clear',
    reason: 'elimination',
    germanCities: germanCities(G),
    // A scenario's result screen shows its objectives, however the game ended.
    ...(v?.kind === 'alliedHoldAll' ? { objectives: objectivesHeld(G, v.areas) } : {}),
  });
  return true;
}

/** The deck that ends the game is used up: score by the scenario's condition, or the victory cities (EN 1.3). */
export function scoreDeckEnd(G: GameState): void {
  const v = G.scenario?.victory;
  if (v?.kind === 'alliedHoldAll') {
    finish(G, holdAllResult(G, v.areas));
    return;
  }
  const held = germanCities(G);
  const others = victoryCities().length - held.length;
  const alliedBattalions = totalOnBoard(G, 'norway') + totalOnBoard(G, 'allies');
  const result: Result =
    others === 0
      ? { winner: 'germany', level: alliedBattalions <= 3 ? 'clear' : 'marginal', reason: 'deck', germanCities: held }
      : { winner: 'norway-allies', level: others >= 2 ? 'clear' : 'marginal', reason: 'deck', germanCities: held };
  finish(G, result);
}

/**
 * Scenario 1's condition: Norway and the Allies win only if they hold every objective; an objective
 * nobody holds is not theirs (a land area is controlled by a battalion in it), so Germany wins then too.
 */
function holdAllResult(G: GameState, areas: readonly AreaId[]): Result {
  const objectives = objectivesHeld(G, areas);
  return {
    winner: objectives.held.length === areas.length ? 'norway-allies' : 'germany',
    level: 'clear',
    reason: 'deck',
    germanCities: germanCities(G),
    objectives,
  };
}
function objectivesHeld(G: GameState, areas: readonly AreaId[]) {
  return { areas: [...areas], held: areas.filter((a) => count(G, a, 'norway') + count(G, a, 'allies') > 0) };
}

/**
 * A faction's clock ran out and the match was created so that this loses: its side loses at once, a
 * clear victory for the other (docs/rules-decisions.md). Only the server's clock can ask for this.
 */
export function loseOnTime(G: GameState, faction: Faction): void {
  if (G.result) return;
  const v = G.scenario?.victory;
  log(G, faction, 'outOfTime', {});
  finish(G, {
    winner: faction === 'germany' ? 'norway-allies' : 'germany',
    level: 'clear',
    reason: 'time',
    timedOut: faction,
    germanCities: germanCities(G),
    ...(v?.kind === 'alliedHoldAll' ? { objectives: objectivesHeld(G, v.areas) } : {}),
  });
}
