/**
 * Whether the server is about to pass for this browser's acting seat: passing is all the seat can do
 * now (@kon/game onlyPass, read from the seat's own view, as the server reads it from the whole
 * state), or the seat said "not this phase" to the repeated window it faces, and the side's switch is on. The board then presents no decision, only that it passes.
 * A switch not known yet (not fetched, or the server could not be asked) counts as off: the decision
 * is then shown, and a Pass clicked meanwhile is made as any click is, never a board left waiting.
 */
import { onlyPass, PLAYER_OF_FACTION, repeatedWindow, type Faction, type FactionView } from '@kon/game';
import type { AutopassSkip } from '@kon/protocol';

export function autoPassPending(
  G: FactionView | null | undefined,
  faction: Faction | undefined,
  switchOn: boolean | null,
  spectator: boolean,
  skips: readonly AutopassSkip[] = [],
): boolean {
  if (spectator || !G || !faction || switchOn !== true || G.result) return false;
  try {
    return onlyPass(G, faction) !== null || declinedNow(G, faction, skips);
  } catch {
    return false;
  }
}

/** The repeated window the seat faces now is one it said "not this phase" to: the server passes it too. */
export function declinedNow(G: FactionView, faction: Faction, skips: readonly AutopassSkip[]): boolean {
  const r = repeatedWindow(G, faction);
  return !!r && skips.some((s) => s.playerID === PLAYER_OF_FACTION[faction] && s.window === r.window && s.phase === r.phase);
}
