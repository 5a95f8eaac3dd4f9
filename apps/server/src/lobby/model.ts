/**
 * The lobby's stored records, the seat plans and the two questions every module asks of a record
 * (is every seat taken; has the game begun), below everything that works on them
 * (lobby.ts, seats.ts, bots/seats.ts, rematch.ts, notifications), so that none of those needs another
 * to know what a record looks like.
 */
import type { BotReason, ClockSettings, Plan, SeatKey } from '@kon/protocol';
import type { BotStrength } from '../bots/strengths';

export { SEAT_KEYS, PLANS, type SeatKey, type Plan } from '@kon/protocol';

// The seats of each plan are the game's (its module's `plans`, e.g. packages/game/src/module.ts).

export interface SeatRecord {
  key: SeatKey;
  playerIDs: string[];
  linkHash: string;
  /** The member who claimed the seat with its link (seats.ts); the link then opens only the spectator view. */
  holder?: string;
  /** The holder's link for co-commanders, while it is not revoked. */
  coLink?: { hash: string; createdAt: number };
  /** The account that holds this seat (players/account-seats.ts): its member, or the seat kept for it by the match maker. */
  accountId?: string;
}
export interface MemberRecord {
  id: string;
  seat: SeatKey;
  name: string;
  /** One credential hash per device the member uses (a recovery link adds one). */
  credHashes: string[];
  /** Hashes of the browser keys this member joined or recovered from (one seat per browser). */
  browserHashes: string[];
  joinedAt: number;
  role: 'holder' | 'co';
  /** An unused one-time recovery link. */
  recoveryHash?: string;
  /** The signed-in account this member is (players/account-seats.ts); never shown in any view. */
  accountId?: string;
}
/** Stored server-side only (never sent as is): token hashes and members. v1 records are migrated on load (seats.ts). */
export interface LobbyRecord {
  v: 2;
  plan: Plan;
  visibility: 'private' | 'public';
  seats: SeatRecord[];
  spectatorHash: string;
  members: MemberRecord[];
  /** The match started as this one's rematch (rematch.ts). */
  rematch?: string;
  /** Seats computer players hold (bots/seats.ts owns this field). */
  bots?: SeatBots;
  /** Time controls chosen at creation (absent on matches made before clocks: none). */
  clock?: ClockSettings;
  /** The lesson this match plays (docs/lessons.md): its computers follow the script while it lasts. */
  lesson?: string;
  /** When every seat was first taken (ms since the epoch): the game has begun and left the waiting room for good. */
  startedAt?: number;
}

/** A seat a computer player holds: its strength, why, since when, and who handed it over. */
export interface BotSeatRecord {
  strength: BotStrength;
  reason: BotReason;
  /** ms since the epoch */
  since: number;
  /** The member who handed the seat over (reason 'handed'). */
  by?: string;
  /** Handed over for missed deadlines: the seat's player takes it back by making a move (server-side only). */
  untilBack?: true;
}
export type SeatBots = Partial<Record<SeatKey, BotSeatRecord>>;

/**
 * Every seat of the plan is held, by a person or the computer: the game has begun for the clocks and
 * the "your move" messages (a match against the computer has no one else to wait for).
 */
export function everySeatTaken(lobby: Pick<LobbyRecord, 'seats' | 'members' | 'bots'>): boolean {
  return lobby.seats.every((s) => !!lobby.bots?.[s.key] || lobby.members.some((m) => m.seat === s.key));
}

/** The first time every seat is taken, the game has begun: stamp it (a seat emptied later does not undo it). */
export function markBegun(lobby: LobbyRecord, now = Date.now()) {
  if (lobby.startedAt === undefined && everySeatTaken(lobby)) lobby.startedAt = now;
}
