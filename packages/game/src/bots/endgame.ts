/**
 * The last round. One deck's end ends the game at once (the scenario's deckOut says whose: Germany's
 * in the full game and in Gudbrandsdalen, the Allies' in Narvik), so from its size (public) every
 * seat can tell when that faction's next new cards are likely the last: battalions lost after that
 * no longer count, only what the goal counts when it ends (goal.ts).
 */
import { FACTIONS } from '../types.js';
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

/** The style a seat plays by in this position: its last-round weights over the rest once the game ends soon. */
export function styleNow(style: Style, view: FactionView): Style {
  return style.endgame && endsSoon(view) ? { ...style, ...style.endgame } : style;
}
