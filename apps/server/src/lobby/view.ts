import type { Server as BgioServer } from 'boardgame.io';
import type { SeatKey } from '@kon/protocol';
import { handOverWhen, publicBots, type Whereabouts } from '../bots/seats';
import { seatOf } from './metadata';
import type { LobbyRecord } from './model';

/** Who is looking at a match's lobby, as the token they hold makes them (Lobby.identify). */
export type Viewer =
  | { role: 'member'; memberId: string; seat: SeatKey; playerIDs: string[]; holder: boolean }
  | { role: 'seat-link'; seat: SeatKey; playerIDs: string[]; claimed: boolean }
  | { role: 'co-link'; seat: SeatKey; playerIDs: string[] }
  | { role: 'spectator' }
  | { role: 'public' };

/** What this process knows of who is at the match (Lobby.presence). */
export interface PresenceHere {
  /** connected member ids */
  online: Set<string>;
  /** when each absent member was last connected (since the server started) */
  away: Map<string, number>;
  spectators: number;
}

/** What a viewer may see of a match's lobby: no token hashes, no credentials. */
export function lobbyView(
  matchID: string,
  lobby: LobbyRecord,
  metadata: BgioServer.MatchData,
  viewer: Viewer,
  { online, away, spectators }: PresenceHere,
  handOverAfterMs: number,
) {
  // What this process knows of who is here; the hand-over itself asks every process (Presence.whereabouts).
  const here: Whereabouts = { connected: online, lastSeen: away };
  return {
    matchID,
    plan: lobby.plan,
    visibility: lobby.visibility,
    setupData: metadata.setupData,
    createdAt: metadata.createdAt,
    updatedAt: metadata.updatedAt,
    gameover: metadata.gameover ?? null,
    clock: lobby.clock ?? { mode: 'none' },
    seats: lobby.seats.map((s) => {
      const members = lobby.members
        .filter((m) => m.seat === s.key)
        .map((m) => ({
          id: m.id,
          name: m.name,
          joinedAt: m.joinedAt,
          role: m.role,
          connected: online.has(m.id),
          /** When an absent member was last connected (null: not since the server started). */
          awaySince: online.has(m.id) ? null : (away.get(m.id) ?? null),
        }));
      const when = handOverWhen(lobby, s.key, here, handOverAfterMs);
      return {
        seat: s.key,
        playerIDs: s.playerIDs,
        claimed: s.holder !== undefined,
        connected: members.some((m) => m.connected),
        members,
        /** From when (server time) the other players may hand this seat to the computer; null: not while things stay as they are. */
        handOverAt: when.open ? when.from : null,
      };
    }),
    spectatorsConnected: spectators,
    rematch: lobby.rematch ?? null,
    bots: publicBots(lobby),
    you: you(lobby, viewer),
  };
}

/** The viewer as the API shows them; a member also learns whether they have a recovery link out, a holder their co-commander link. */
function you(lobby: LobbyRecord, viewer: Viewer) {
  if (viewer.role !== 'member') return viewer;
  const m = lobby.members.find((x) => x.id === viewer.memberId);
  const seat = seatOf(lobby, viewer.seat);
  return {
    ...viewer,
    recoveryOut: m?.recoveryHash !== undefined,
    ...(viewer.holder ? { coLink: seat.coLink ? { createdAt: seat.coLink.createdAt } : null } : {}),
  };
}
