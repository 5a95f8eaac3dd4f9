/**
 * Whether the server passes for a seat: on unless one of the seat's members turned it off for the
 * match. It belongs to the seat, not to one member, since a seat's members make its decisions
 * together. Kept as a side record of the match (kind `autopass`, key the seat), not in the lobby
 * record: writing the lobby record pushes a fresh lobby view to every socket of the match, and the
 * other sides would hear the moment a seat flipped its switch. Only the seat's own members read it.
 */
import type { SeatKey } from '../lobby/lobby';
import type { SqlStorage } from '../storage';

export const AUTOPASS_KIND = 'autopass';

/** `body` of PUT /api/matches/:id/autopass (the protocol's). */
export { autopassRequest as autopassBody } from '@kon/protocol';

export async function autopassOn(storage: Pick<SqlStorage, 'getSide'>, matchID: string, seat: SeatKey): Promise<boolean> {
  const stored = (await storage.getSide(matchID, AUTOPASS_KIND, seat)) as { on?: unknown } | undefined;
  return stored?.on !== false;
}

export function setAutopass(storage: Pick<SqlStorage, 'putSide'>, matchID: string, seat: SeatKey, on: boolean): Promise<void> {
  return storage.putSide(matchID, AUTOPASS_KIND, seat, { on });
}
