/**
 * The clock of a hold-all scenario (goal.ts): the game ends the moment the faction whose deck ends
 * it (the scenario's deckOut 'endsGame': the Allies in Narvik, Germany in Gudbrandsdalen) draws its
 * last card, and it draws at its new cards as many as it has spent since. So that faction holds
 * the clock: each card it plays may bring the end a round closer. While its side would lose if the
 * game ended, it plays no card that makes its next draw the last (the rules still make it use or
 * discard one a round: that one is not held back); once its side would win, nothing holds it back.
 *
 * The full game's clock (Germany's long deck, endgame.ts) is left as it was tuned.
 */
import type { Faction } from '../types.js';
import { HAND_SIZE } from '../cards/index.js';
import { deckOutOf } from '../engine/kernel/hand.js';
import type { FactionView } from '../engine/view.js';
import type { Action } from '../engine/actions.js';
import { holds, type Goal } from './goal.js';
import { add, copyBoard, friendsOf, goalOfBoard, type Board } from './position.js';
import { afterCardMove, boardOf } from './movement.js';
import { enemiesOf } from '../types.js';

/** True when one more card spent by `f` makes its next draw the last of a deck that ends the game. */
export function oneMoreEnds(view: FactionView, f: Faction): boolean {
  if (deckOutOf(view, f) !== 'endsGame') return false;
  const left = view.decks[f].drawCount;
  return left > 0 && HAND_SIZE[f] - view.hands[f].length + 1 >= left;
}

/** Whether `f`'s side meets the goal on board `b` (hold-all: Norway and the Allies hold every objective, else Germany wins). */
export function sideWins(b: Board, f: Faction): boolean {
  const goal: Goal = goalOfBoard(b);
  const alliedAll = goal.objectives.every((c) => holds(goal, b.units[c], 'norway'));
  return f === 'germany' ? !alliedAll : alliedAll;
}

/** The board if `f`'s side wins the combat under way: the area becomes (or stays) its side's. */
function combatWon(view: FactionView, f: Faction, b: Board): Board {
  const c = view.combat;
  if (!c) return b;
  const next = copyBoard(b);
  for (const e of enemiesOf(f)) add(next, c.area, e, -(next.units[c.area]?.[e] ?? 0));
  if (!friendsOf(f).some((g) => (next.units[c.area]?.[g] ?? 0) > 0)) add(next, c.area, f, 1);
  return next;
}

/**
 * The legal actions less the card plays that would bring the end while `f`'s side would lose then
 * (a combat card judged as if it wins its combat, a movement card by where it moves). Unchanged
 * outside hold-all scenarios, for a faction without the clock, or when nothing else is left.
 */
export function withinClock(view: FactionView, f: Faction, legal: readonly Action[]): readonly Action[] {
  const b = boardOf(view);
  if (goalOfBoard(b).kind !== 'holdAll' || !oneMoreEnds(view, f)) return legal;
  const kept = legal.filter((a) => {
    if (a.type !== 'playCard') return true;
    const after = afterCardMove(b, f, a) ?? (view.combat ? combatWon(view, f, b) : b);
    return sideWins(after, f);
  });
  return kept.length ? kept : legal;
}
