import type { Game, Server as BgioServer, State } from 'boardgame.io';
import type { ErrorCode } from '@kon/protocol';
import { authenticateCredentials } from '../lobby/metadata';
import type { Lobby } from '../lobby/lobby';
import type { KeyedMutex } from '../core/lock';
import type { Logger } from '../core/log';
import type { SqlStorage } from '../storage';
import type { MatchBus } from '../cluster/bus';
import type { RedisPresenceBook } from '../cluster/shared-presence';
import type { ServerMetrics } from '../core/metrics';
import type { RateLimits } from '../http/rate-limits';

/** The records the transport's parts share; the public ones are exported again by transport.ts. */

export type Payload = { type: string; args: unknown[] };
export type FilterFn = (playerID: string | null, payload: Payload) => Payload;

/**
 * The game a match is played with: the one its stored metadata names (`gameName`); a match stored
 * before the server hosted several games names Kampen om Norge, and one without a name is the first.
 */
export function gameFor(games: readonly Game[], gameName: string | undefined): Game | undefined {
  return (gameName !== undefined && games.find((g) => g.name === gameName)) || games[0];
}

/** Whom a socket authenticated as at its `sync`. */
export interface Binding {
  matchID: string;
  playerID: string | null;
  memberId?: string;
}

/** What one seat (or the spectators) was last sent, so the next update can be a small patch. */
export interface SentView {
  stateID: number;
  view: State;
}

/**
 * A match being played: its state kept in memory between moves (the store is written once per
 * move and read only when a match wakes up), and the views last sent to each seat.
 */
export interface LiveMatch {
  state: State;
  /** Dropped when the lobby changes the roster; read again at the next move. */
  metadata: BgioServer.MatchData | undefined;
  views: Map<string, SentView>;
}

/** The key of the spectators' view in LiveMatch.views (seats use their playerID). */
export const SPECTATORS = 'spectators';

export interface TransportOptions {
  storage: SqlStorage;
  lobby: Lobby;
  lock: KeyedMutex;
  log: Logger;
  origins: string[];
  maxMessageBytes: number;
  /** The server's request limits; the transport uses the per-socket one. */
  limits: RateLimits;
  /**
   * The game's own judgement of a move before the master runs it (own move name, exact arguments,
   * legal now): a refused move then reaches neither the game nor storage, and its sender hears why.
   */
  checkMove?: MoveCheck;
  /** The check of each game by its name, when the server hosts several (before `checkMove`). */
  checkMoveOf?: (gameName: string) => MoveCheck | undefined;
  /** The other server processes (REDIS_URL); without it this process is the only one. */
  bus?: MatchBus;
  /** Counts moves, their time and refusals for GET /metrics. */
  metrics?: ServerMetrics;
  /** The security headers of socket.io's own HTTP answers, for the request's host (the server's for every answer). */
  securityHeaders?: (host: string | undefined) => Record<string, string>;
  /** Believe the proxy's X-Forwarded-For / -Host for a socket's address and host (TRUST_PROXY, as for HTTP). */
  trustProxy?: boolean;
  /** Open sockets per client address in this process; unset: no cap. */
  socketsPerAddress?: number;
  /** Who is connected through every process (REDIS_URL), for decisions about someone's absence. */
  sharedPresence?: Pick<RedisPresenceBook, 'report' | 'read'>;
}

/** What every part of the transport reads: its options, and what the server and shutdown set later. */
export interface TransportContext {
  readonly opts: TransportOptions;
  readonly log: Logger;
  /** The hosted games, as boardgame.io completes them (HardenedTransport.init). */
  games: Game[];
  /** Set at shutdown: no action is taken any more. */
  closing: boolean;
  /** The members a chat line from this member is withheld from (HardenedTransport.withholdChat). */
  chatWithheld?: ChatWithheld;
}

/** The members of a match who must not get a chat line from `sender` (a member id; undefined: unknown). */
export type ChatWithheld = (matchID: string, sender: string | undefined) => Promise<ReadonlySet<string>>;

export type MoveOutcome =
  | { ok: true; stateID: number }
  | { ok: false; code: ErrorCode; message?: string; fields?: Record<string, unknown> /** illegal_move: the rule broken */; rule?: string };

/** A move that was stored and sent: what listeners (bots, clocks, notifications) react to. */
export interface MoveCommitted {
  matchID: string;
  /** The match's game (boardgame.io's game name). */
  gameName: string;
  playerID: string;
  by: 'player' | 'server';
  move: { type: string; args: unknown[] };
  /** The match's whole state after the move (server-side only: never send it as is). */
  state: State;
}
export type MoveListener = (event: MoveCommitted) => void;

/** `origin` 'server' lets through the game's server-only moves (a clock's loss on time); a socket's moves are always 'player'. */
export type MoveCheck = (
  G: any,
  playerID: string,
  type: unknown,
  args: unknown,
  origin: 'player' | 'server',
) => { code: string; message: string } | null;

/** Refuses a player's move for a seat that is not theirs to play now (see HardenedTransport.playerMoveGuard). */
export type PlayerMoveGuard = (matchID: string, playerID: string) => Promise<{ code: ErrorCode; message: string } | null>;

/** Holds a seat's move from its socket back before it is judged (see HardenedTransport.passHold). */
export type PassHold = (matchID: string, playerID: string, stateID: number, move: { type: string; args: unknown[] }) => Promise<void>;

/** Whether the credentials are those of the seat (its stored credential hashes, lobby-metadata.ts). */
export function authentic(playerID: string, credentials: string | undefined, metadata: BgioServer.MatchData): boolean {
  const players = metadata.players as Record<string, BgioServer.PlayerMetadata> | undefined;
  const seat = players && Object.hasOwn(players, playerID) ? players[playerID] : undefined;
  return authenticateCredentials(credentials, seat);
}
