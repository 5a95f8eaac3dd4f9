/** What the computer seats' driver (driver.ts) is given, what it holds per seat, and what it tells the sockets. */
import type { ChangeCount } from '../core/per-match-copy';
import type { Lesson } from '@kon/platform/lessons';
import type { Logger } from '../core/log';
import type { SeatKey, Lobby } from '../lobby/lobby';
import type { SqlStorage } from '../storage';
import type { HardenedTransport } from '../transport';
import type { BotPool } from './pool';
import type { BotStrength } from './strengths';

/** A seat's bot as the driver holds it; a new object at every hand-over, so a decision made for an earlier one is dropped. */
export interface Holder {
  seat: SeatKey;
  strength: BotStrength;
  untilBack?: true; // handed over for missed deadlines: the seat's player's own move takes it back
  /** A lesson's match: the seat plays the script's moves while it lasts (docs/lessons.md). */
  lesson?: Lesson;
}
export interface Run {
  busy: boolean;
  again: boolean;
}

/** The socket event a match's sockets hear while a computer seat decides (and once it is done). */
export const THINKING_EVENT = 'kon:thinking';
export interface ThinkingEvent {
  seat: SeatKey;
  playerID: string;
  strength: BotStrength;
  thinking: boolean;
}

export interface BotSeatsOptions {
  transport: HardenedTransport;
  lobby: Lobby;
  storage: SqlStorage;
  pool: BotPool;
  log: Logger;
  /** The least time from a bot starting to think to its move, so people can follow (0 in tests). */
  moveDelayMs: number;
  /**
   * The same least time for the seat's next move in the same phase (its second placement, its third
   * march): the board marks what the computer did (web game/computerTurn.ts), so a phase need not
   * take one long pause per piece. Never more than moveDelayMs (tests set that to 0 and mean it).
   */
  nextMoveDelayMs?: number;
  /**
   * People first: while nobody is connected to a match (a computer-only match no one watches, or a
   * person's match they left), each bot move waits at least this long after its decision is made, and
   * its decisions queue behind those of watched matches (BotPool's background jobs). Such a match
   * then thinks a decision every couple of seconds at most instead of every 0.15 s, and the cores and
   * the event loop are left to the matches people are playing. 0 turns it off.
   */
  unwatchedMoveDelayMs?: number;
  /** How long all of a seat's members must have been away from a running game before the others may hand it over. */
  handOverAfterMs: number;
  /**
   * Other server processes change the same lobby records (REDIS_URL): a seat handed over or taken back
   * elsewhere would leave a kept copy wrong (a bot here moving for a person, or a person here moving
   * for a bot). Who holds the seats is then kept only with the match's change count it was read at
   * (`changes`, the match lock's: cluster/lease.ts) and read again when the count has moved; without
   * `changes`, read from the store each time.
   */
  shared?: boolean;
  changes?: ChangeCount;
  /**
   * Several processes (REDIS_URL): each decision is thought by the one process that takes its claim
   * (match and state); `ttlMs` is how long a claim lasts if its process dies before moving.
   */
  claim?: { ttlMs: number; take(matchID: string, stateID: number): Promise<boolean> };
}
