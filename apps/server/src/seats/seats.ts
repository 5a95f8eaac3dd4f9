/**
 * Who holds a seat, and how more people get to it. A seat link is claimed by the first person who joins
 * with it; after that it opens only the spectator view. Co-commanders join through a link the holder
 * makes from inside the match (and may revoke), and the holder may remove them. A member restores their
 * seat on another device through a one-time recovery link, never by joining again. One browser (a
 * random key it keeps) holds at most one seat per match.
 *
 * Pure functions over the stored lobby record: the Lobby loads, locks and saves around them.
 */
import { ApiError } from '../http/errors';
import type { LobbyRecord, MemberRecord, SeatKey, SeatRecord } from '../lobby/model';
import { hashToken, newMemberID, newToken, tokenMatches } from '../core/secrets';

/** Credentials kept per member: one per device it was restored on. The oldest go first beyond this. */
export const MAX_DEVICES = 16;

/** A browser's own random key (localStorage), sent on join and recovery: one seat per browser per match. */
export { browserKey } from '@kon/protocol';

/** Lobby records as stored before seats were claimed (v: 1): one credential hash, no roles. */
interface MemberV1 {
  id: string;
  seat: SeatKey;
  name: string;
  credHash: string;
  joinedAt: number;
}

/**
 * Bring a stored record up to the current shape. v1 matches keep working: per seat the member who
 * joined first becomes its holder (the seat link is then claimed), the others its co-commanders.
 */
export function migrateLobby(raw: unknown): LobbyRecord {
  const rec = raw as { v: number } & Record<string, unknown>;
  if (rec.v !== 1) return raw as LobbyRecord;
  const old = rec as unknown as Omit<LobbyRecord, 'v' | 'members'> & { members: MemberV1[] };
  const members: MemberRecord[] = [];
  const seats: SeatRecord[] = old.seats.map((s) => {
    const on = old.members.filter((m) => m.seat === s.key).sort((a, b) => a.joinedAt - b.joinedAt);
    const seat: SeatRecord = { key: s.key, playerIDs: s.playerIDs, linkHash: s.linkHash };
    if (on[0]) seat.holder = on[0].id;
    return seat;
  });
  for (const m of old.members) {
    const holder = seats.find((s) => s.key === m.seat)?.holder === m.id;
    members.push({
      id: m.id,
      seat: m.seat,
      name: m.name,
      credHashes: [m.credHash],
      browserHashes: [],
      joinedAt: m.joinedAt,
      role: holder ? 'holder' : 'co',
    });
  }
  return { ...old, v: 2, seats, members };
}

export function memberByCredentials(lobby: LobbyRecord, tok: unknown): MemberRecord | undefined {
  return lobby.members.find((m) => tokenMatches(tok, m.credHashes));
}

export function seatByCoLink(lobby: LobbyRecord, tok: unknown): SeatRecord | undefined {
  return lobby.seats.find((s) => s.coLink && tokenMatches(tok, [s.coLink.hash]));
}

/** Did this member join or recover from the browser with this key? */
export function isBrowserOf(member: MemberRecord, key: string): boolean {
  return tokenMatches(key, member.browserHashes);
}

function memberOfBrowser(lobby: LobbyRecord, key: string | undefined): MemberRecord | undefined {
  if (key === undefined) return undefined;
  return lobby.members.find((m) => tokenMatches(key, m.browserHashes));
}

function withDevice(list: readonly string[], hash: string): string[] {
  return [...list.filter((h) => h !== hash), hash].slice(-MAX_DEVICES);
}

/** What a join answers: the member and fresh credentials (shown only here). */
export interface Seated {
  member: MemberRecord;
  credentials: string;
  /** true when this browser already held the seat and got fresh credentials instead of a second member */
  returning: boolean;
}

/** Fresh credentials for a member already there (a returning browser, or a recovery). */
export function reissue(member: MemberRecord, key: string | undefined): Seated {
  const credentials = newToken('member');
  member.credHashes = withDevice(member.credHashes, hashToken(credentials));
  if (key !== undefined) member.browserHashes = withDevice(member.browserHashes, hashToken(key));
  return { member, credentials, returning: true };
}

/**
 * Seat a person: through the seat link (`via: 'seat'`, claims the seat) or the holder's co-commander
 * link (`via: 'co'`). Refuses a claimed seat link, and a second seat for a browser that holds one; the
 * browser that already holds this very seat gets fresh credentials for its member instead.
 */
export function seatPerson(
  lobby: LobbyRecord,
  seat: SeatRecord,
  via: 'seat' | 'co',
  name: string,
  key: string | undefined,
  maxMembersPerSeat: number,
): Seated {
  const mine = memberOfBrowser(lobby, key);
  if (mine && mine.seat === seat.key) return reissue(mine, key);
  if (mine) throw new ApiError(409, 'already_member', 'This browser already holds a seat in this match.');
  if (via === 'seat' && seat.holder !== undefined)
    throw new ApiError(409, 'seat_taken', 'This seat is taken; the link now opens the spectator view only.');
  if (via === 'co' && seat.holder === undefined)
    throw new ApiError(409, 'no_holder', 'Nobody holds this seat any more; ask for a new link.');
  if (lobby.members.filter((m) => m.seat === seat.key).length >= maxMembersPerSeat)
    throw new ApiError(409, 'seat_full', `At most ${maxMembersPerSeat} people may share a seat.`);
  const credentials = newToken('member');
  const member: MemberRecord = {
    id: newMemberID(),
    seat: seat.key,
    name,
    credHashes: [hashToken(credentials)],
    browserHashes: key === undefined ? [] : [hashToken(key)],
    joinedAt: Date.now(),
    role: via === 'seat' ? 'holder' : 'co',
  };
  if (via === 'seat') seat.holder = member.id;
  lobby.members.push(member);
  return { member, credentials, returning: false };
}

function seatOfMember(lobby: LobbyRecord, member: MemberRecord): SeatRecord {
  const s = lobby.seats.find((x) => x.key === member.seat);
  if (!s) throw new Error(`seat ${member.seat} missing`);
  return s;
}

function requireHolder(lobby: LobbyRecord, member: MemberRecord): SeatRecord {
  const seat = seatOfMember(lobby, member);
  if (seat.holder !== member.id) throw new ApiError(403, 'not_holder', "Only the seat's holder may do this.");
  return seat;
}

/** A new co-commander link for the holder's seat; an earlier one stops working. */
export function makeCoLink(lobby: LobbyRecord, member: MemberRecord): string {
  const seat = requireHolder(lobby, member);
  const token = newToken('co');
  seat.coLink = { hash: hashToken(token), createdAt: Date.now() };
  return token;
}

export function revokeCoLink(lobby: LobbyRecord, member: MemberRecord) {
  delete requireHolder(lobby, member).coLink;
}

/** The holder removes a co-commander of their seat. Answers the removed member's id. */
export function removeCoCommander(lobby: LobbyRecord, holder: MemberRecord, memberId: string): string {
  const seat = requireHolder(lobby, holder);
  const target = lobby.members.find((m) => m.id === memberId && m.seat === seat.key);
  if (!target) throw new ApiError(404, 'no_such_member', 'No such co-commander on your seat.');
  if (target.id === holder.id) throw new ApiError(400, 'cannot_remove_self', 'Use "leave" to leave the match yourself.');
  lobby.members = lobby.members.filter((m) => m.id !== target.id);
  return target.id;
}

/**
 * A member leaves. When the holder goes, the co-commander who joined first holds the seat; when nobody
 * is left, the seat link works again (the seat is open) and the co-commander link goes.
 */
export function removeMember(lobby: LobbyRecord, member: MemberRecord) {
  lobby.members = lobby.members.filter((m) => m.id !== member.id);
  const seat = seatOfMember(lobby, member);
  if (seat.holder !== member.id) return;
  const next = lobby.members.filter((m) => m.seat === seat.key).sort((a, b) => a.joinedAt - b.joinedAt)[0];
  if (next) {
    next.role = 'holder';
    seat.holder = next.id;
  } else {
    delete seat.holder;
    delete seat.coLink;
  }
}

/** A one-time recovery link for this member (an earlier unused one stops working). Shown once. */
export function makeRecovery(member: MemberRecord): string {
  const token = newToken('recovery');
  member.recoveryHash = hashToken(token);
  return token;
}

/** Restore a member on another device with their recovery link; the link is used up. */
export function recover(lobby: LobbyRecord, tok: string, key: string | undefined): Seated | undefined {
  const member = lobby.members.find((m) => m.recoveryHash !== undefined && tokenMatches(tok, [m.recoveryHash]));
  if (!member) return undefined;
  const other = memberOfBrowser(lobby, key);
  if (other && other.id !== member.id) throw new ApiError(409, 'already_member', 'This browser already holds another seat in this match.');
  delete member.recoveryHash;
  return reissue(member, key);
}
