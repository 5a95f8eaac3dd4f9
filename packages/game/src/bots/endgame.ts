/**
 * The last round. One deck's end ends the game at once (the scenario's deckOut says whose: Germany's
 * in the full game and in Gudbrandsdalen, the Allies' in Narvik), so from its size (public) every
 * seat can tell when that faction's next new cards are likely the last: battalions lost after that
 * no longer count, only what the goal counts when it ends (goal.ts).
 */
import { enemiesOf, FACTIONS, type Faction } from '../types.js';
import { HAND_SIZE } from '../cards/index.js';
import type { FactionView } from '../engine/view.js';
import { deckOutOf } from '../engine/kernel/hand.js';
import type { Style } from './style.js';

/** Germany draws up to a full hand in the full game: with this many cards or fewer left, its next new cards likely end the game. */
export const FINAL_DRAWS = HAND_SIZE.germany;

/**
 * How few cards left in the clock's draw pile make the next draw likely the last. In the full game
 * a hand's worth (the deck is long and hands are spent whole). A scenario on part of the board
 * plays small decks a card or two a round (each side that must use a card uses at least one), so
 * only the last card surely ends the game with the next draw; a hand's worth there would be most
 * of the game (Narvik's Allies start with three in the pile and a hand of three).
 */
function finalDraws(view: Pick<FactionView, 'scenario'>, f: (typeof FACTIONS)[number]): number {
  return view.scenario?.region ? 1 : HAND_SIZE[f];
}

/** True when the game likely ends with the next new cards of the faction whose deck ends it. */
export function endsSoon(view: Pick<FactionView, 'decks' | 'scenario'>): boolean {
  return FACTIONS.some((f) => deckOutOf(view, f) === 'endsGame' && view.decks[f].drawCount <= finalDraws(view, f));
}

/**
 * In a scenario's last round: true when no enemy of `f` has a turn left before the game ends. The
 * game ends with the turn of the faction whose deck is the clock (its new cards are the last), and
 * turns go in FACTIONS order: in Narvik the Allies' deck ends it, so Norway and the Allies have the
 * last word and Germany's last turn is answered by both; in Gudbrandsdalen Germany's deck ends it
 * and Germany's last turn answers theirs.
 */
export function lastWord(view: Pick<FactionView, 'decks' | 'scenario' | 'turn'>, f: Faction): boolean {
  const clock = FACTIONS.findIndex((g) => deckOutOf(view, g) === 'endsGame');
  if (clock < 0) return false;
  const foes = enemiesOf(f);
  for (let i = FACTIONS.indexOf(view.turn); i !== clock; ) {
    i = (i + 1) % FACTIONS.length;
    if (foes.includes(FACTIONS[i]!)) return false;
  }
  return true;
}

/**
 * The weights of a turn nobody can answer (lastWord): only the objectives held when the game ends
 * count, so nothing is kept back to guard them or for later, and an attack at long odds costs nothing.
 */
const LAST_WORD: Partial<Style> = {
  garrison: 0,
  groundWin: 0,
  groundLoss: 0,
  foretold: 0,
  cityAttackRisk: 0,
  exposedCity: 0,
  exposed: 0,
  distance: 0,
  reach: 0,
  guard: 0,
};

/**
 * The style a seat plays by in this position: in a scenario on part of the board its scenario
 * weights over the rest (style.ts `scenario`), and its last-round weights over those once the game
 * ends soon. In a scenario on part of the board (a few rounds, any faction's deck the clock) who
 * moves last decides it: with the last word every guard is dropped (LAST_WORD); without it the
 * seat still guards what it holds and keeps its objectives covered, whatever its style says for
 * the full game's last round (where Germany's turn is the last).
 */
export function styleNow(base: Style, view: FactionView): Style {
  const style = base.scenario && view.scenario?.region ? { ...base, ...base.scenario } : base;
  if (!style.endgame || !endsSoon(view)) return style;
  if (!view.scenario?.region || !view.viewer) return { ...style, ...style.endgame };
  if (lastWord(view, view.viewer)) return { ...style, ...style.endgame, ...LAST_WORD };
  return { ...style, ...style.endgame, guard: style.guard, exposedCity: style.exposedCity };
}
