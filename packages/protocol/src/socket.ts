/**
 * Our messages on the game's socket.io connection, beside boardgame.io's own (sync, update, patch,
 * matchData, chat): what the server pushes (`kon:*`) and the client's moves and chat it accepts.
 */
import { z } from 'zod';
import { botStrength, clockView, matchID, playerID, seatKey } from './common';
import { ERROR_CODES, type ErrorCode } from './errors';
import { matchInfo } from './lobby';
import { autopassSkip } from './match-extras';

/** A code of the error table (errors.ts). */
export const errorCode = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);

/** Why the server refused what this socket sent (a move, a chat line, a sync). */
export const socketRefusal = z.object({
  code: errorCode,
  message: z.string().optional(),
  /** For `illegal_move`: the rule the move breaks, in the game's words (e.g. not_adjacent). */
  rule: z.string().optional(),
  /** For a code the table marks `wait` (a limit): whole seconds until it lets the next one through. */
  retryAfter: z.number().int().positive().optional(),
});
export type SocketRefusal = z.infer<typeof socketRefusal>;

/** While a computer seat decides, and once it is done. */
export const thinkingEvent = z.object({ seat: seatKey, playerID: z.string(), strength: botStrength, thinking: z.boolean() });
export type ThinkingEvent = z.infer<typeof thinkingEvent>;

/**
 * `kon:private` (matchID, message): a line from one seat to one other seat only (diplomacy). The
 * server delivers it to the sockets of those two seats and to nobody else, spectators included.
 */
export const privateMessageRequest = z.strictObject({
  id: z.string().min(1).max(64),
  to: playerID,
  text: z.string().trim().min(1).max(500),
});
export type PrivateMessageRequest = z.infer<typeof privateMessageRequest>;
/** A private line as its two seats receive it (`kon:private`). */
export const privateMessage = z.object({ id: z.string(), from: playerID, to: playerID, text: z.string(), at: z.number() });
export type PrivateMessage = z.infer<typeof privateMessage>;

/** What the server pushes to every socket of a match, by event name. */
export const SERVER_EVENTS = {
  'kon:error': socketRefusal,
  /** The lobby view as this socket's member (or a spectator) may see it, on every change of seats or presence. */
  'kon:lobby': matchInfo,
  'kon:thinking': thinkingEvent,
  'kon:clock': clockView,
  /** Your side's automatic-pass switch, after a member changed it: sent to that side's own sockets only. */
  'kon:autopass': z.object({ on: z.boolean(), skips: z.array(autopassSkip).optional() }),
  /** A private line between two seats: sent to those two seats' sockets only. */
  'kon:private': privateMessage,
} as const;
export type ServerEvent = keyof typeof SERVER_EVENTS;
export type ServerPayload<E extends ServerEvent> = z.infer<(typeof SERVER_EVENTS)[E]>;

/** `sync` (matchID, playerID | null, credentials): the socket binds to a seat, or watches. */
export const syncArgs = z.tuple([matchID, playerID.nullable().optional(), z.string().min(1).max(200).optional()]);

/** `update` (action, stateID, matchID, playerID): the only action a client may send is a move, by the seat it is bound to. */
export const moveAction = z.strictObject({
  type: z.literal('MAKE_MOVE'),
  payload: z.strictObject({
    type: z.string().min(1).max(64),
    args: z.array(z.unknown()).max(16).optional().nullable(),
    playerID,
    credentials: z.string().min(1).max(200).optional(),
  }),
});

/** `chat` (matchID, message, credentials): a line from a seat. */
export const chatMessage = z.strictObject({
  id: z.string().min(1).max(64),
  sender: playerID,
  payload: z.string().max(500),
});
