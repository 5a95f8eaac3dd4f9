/**
 * What boardgame.io knows of a match's players, derived from the lobby record: names, and the
 * credential hashes that may act for each playerID (the Server's authenticateCredentials reads them).
 */
import type { Server as BgioServer } from 'boardgame.io';
import type { LobbyRecord, SeatKey, SeatRecord } from './model';
import { tokenMatches } from '../core/secrets';

export function seatOf(lobby: LobbyRecord, key: SeatKey): SeatRecord {
  const s = lobby.seats.find((x) => x.key === key);
  if (!s) throw new Error(`seat ${key} missing`);
  return s;
}

/**
 * boardgame.io metadata derived from the lobby record: per playerID the display names and the list of
 * credential hashes that may act for it (read by authenticateCredentials; boardgame.io strips `credentials`
 * before sending metadata, and we send our own filtered copy anyway).
 */
export function deriveMetadata(base: BgioServer.MatchData, lobby: LobbyRecord): BgioServer.MatchData {
  const players: BgioServer.MatchData['players'] = {};
  // As many boardgame.io players as the seats command (Kampen om Norge: 3 in every plan).
  const numPlayers = new Set(lobby.seats.flatMap((s) => s.playerIDs)).size;
  for (let i = 0; i < numPlayers; i++) {
    const pid = String(i);
    const members = lobby.members.filter((m) => seatOf(lobby, m.seat).playerIDs.includes(pid));
    const p: BgioServer.PlayerMetadata = { id: i };
    if (members.length > 0) {
      p.name = members.map((m) => m.name).join(', ');
      p.credentials = members.flatMap((m) => m.credHashes) as unknown as string;
    }
    players[i] = p;
  }
  return { ...base, players };
}

/** Whether a seat's credentials are good: they must hash to one listed for this playerID. */
export function authenticateCredentials(credentials: string | undefined, playerMetadata: BgioServer.PlayerMetadata | undefined) {
  const hashes = playerMetadata?.credentials as unknown;
  if (!Array.isArray(hashes)) return false;
  return tokenMatches(credentials, hashes as string[]);
}
