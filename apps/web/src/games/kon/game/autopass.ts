/**
 * Whether the server is about to pass for this browser's acting seat: passing is all the seat can do
 * now (@kon/game onlyPass, read from the seat's own view, as the server reads it from the whole
 * state) and the side's switch is on. The board then presents no decision, only that it passes.
 * A switch not known yet (not fetched, or the server could not be asked) counts as off: the decision
 * is then shown, and a Pass clicked meanwhile is made as any click is, never a board left waiting.
 */
import { onlyPass, type Faction, type FactionView } from '@kon/game';

export function autoPassPending(
  G: FactionView | null | undefined,
  faction: Faction | undefined,
  switchOn: boolean | null,
  spectator: boolean,
): boolean {
  if (spectator || !G || !faction || switchOn !== true || G.result) return false;
  try {
    return onlyPass(G, faction) !== null;
  } catch {
    return false;
  }
}
