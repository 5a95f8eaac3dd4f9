/**
 * The last round of the full game. Germany's deck running out ends the game at once, so from its
 * size (public) every seat can tell when the next German new cards are the last: battalions lost
 * after that no longer count, only the cities held when it ends.
 */
import { HAND_SIZE } from '../cards/index.js';
import type { FactionView } from '../engine/view.js';
import { deckOutOf } from '../engine/kernel/hand.js';
import type { Style } from './style.js';

/** Germany draws up to a full hand: with this many cards or fewer left, its next new cards likely end the game. */
export const FINAL_DRAWS = HAND_SIZE.germany;

/** True when the game likely ends with Germany's next new cards (at most FINAL_DRAWS cards left to draw). */
export function endsSoon(view: Pick<FactionView, 'decks' | 'scenario'>): boolean {
  return deckOutOf(view, 'germany') === 'endsGame' && view.decks.germany.drawCount <= FINAL_DRAWS;
}

/** The style a seat plays by in this position: its last-round weights over the rest once the game ends soon. */
export function styleNow(style: Style, view: FactionView): Style {
  return style.endgame && endsSoon(view) ? { ...style, ...style.endgame } : style;
}
