/**
 * A seat's "not this phase": the repeated reaction windows (the game module's autoPass.repeated, such
 * as Ubåt after each enemy reinforcement) the seat declined for the rest of a phase. While the seat's
 * switch is on, the server passes such a window for it exactly as it passes a window where passing is
 * all a seat can do: at the end of the delay drawn for every window before anything about the seat is
 * looked at, through the same move path. A seat that holds the card and said "not this phase" is
 * therefore seen on the wire and in time exactly as a seat without the card. Kept as a side record of
 * the match (kind `autopass-skip`, key the seat), read and written only for the seat's own members;
 * the seat's own sockets alone hear it changed (`kon:autopass`). A choice names its phase and lapses
 * with it; "ask me each time" clears it.
 */
import type { SeatKey } from '../lobby/lobby';
import type { SqlStorage } from '../storage';

export const SKIP_KIND = 'autopass-skip';

/** One declined window: the deciding player of the seat, the window's kind and the phase it holds for. */
export interface Skip {
  playerID: string;
  window: string;
  phase: string;
}

/** At most this many are kept (a seat has a few kinds of repeated windows in a phase). */
const MAX_SKIPS = 16;

const isSkip = (x: unknown): x is Skip =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as Skip).playerID === 'string' &&
  typeof (x as Skip).window === 'string' &&
  typeof (x as Skip).phase === 'string';

export async function skipsOf(storage: Pick<SqlStorage, 'getSide'>, matchID: string, seat: SeatKey): Promise<Skip[]> {
  const stored = (await storage.getSide(matchID, SKIP_KIND, seat)) as { skips?: unknown } | undefined;
  return Array.isArray(stored?.skips) ? stored.skips.filter(isSkip) : [];
}

export function setSkips(storage: Pick<SqlStorage, 'putSide'>, matchID: string, seat: SeatKey, skips: Skip[]): Promise<void> {
  return storage.putSide(matchID, SKIP_KIND, seat, { skips: skips.slice(-MAX_SKIPS) });
}

/** Whether the seat declined this window for this phase. */
export const skipped = (skips: readonly Skip[], playerID: string, r: { window: string; phase: string }) =>
  skips.some((s) => s.playerID === playerID && s.window === r.window && s.phase === r.phase);
