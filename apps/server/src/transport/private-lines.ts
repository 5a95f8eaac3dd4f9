import { privateMessageRequest, type PrivateMessage } from '@kon/protocol';
import type { Server as BgioServer } from 'boardgame.io';
import type { Rooms } from './rooms';

/**
 * Private lines (diplomacy): one seat writes to one other seat. A line goes to the sockets bound to
 * those two playerIDs on this process (and over the bus to the others'), never to another seat's
 * socket nor a spectator's. Like the open chat, lines are not stored.
 */
export function deliverPrivate(rooms: Rooms, matchID: string, line: PrivateMessage) {
  for (const sock of rooms.sockets(matchID)) {
    const b = rooms.binding(sock);
    if (b?.playerID != null && (b.playerID === line.from || b.playerID === line.to)) sock.emit('kon:private', line);
  }
}

/** The line a seat may send, or why not: only a seat, to another seat of the match. */
export function privateLine(
  from: string | null,
  raw: unknown,
  metadata: Pick<BgioServer.MatchData, 'players'> | undefined,
  now = Date.now(),
): PrivateMessage | undefined {
  const r = privateMessageRequest.safeParse(raw);
  if (from === null || !r.success || r.data.to === from) return undefined;
  if (!metadata || !Object.hasOwn(metadata.players, r.data.to)) return undefined;
  return { id: r.data.id, from: from as PrivateMessage['from'], to: r.data.to, text: r.data.text, at: now };
}
