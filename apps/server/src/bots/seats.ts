/**
 * Which seats of a match computer players hold: the lobby record's `bots` field. Only this module and
 * the BotSeats driver write it; lobby.ts calls the small hooks below at creation and on joining.
 */
import type { z } from 'zod';
import type { GameModule } from '@kon/platform';
import { creationBots, handOverRequest, type BotReason } from '@kon/protocol';
import { ApiError } from '../http/errors';
import { everySeatTaken, type BotSeatRecord, type LobbyRecord, type Plan, type SeatBots, type SeatKey } from '../lobby/model';
import { botAvailable, botLevels } from './registry';
import type { BotStrength } from './strengths';

/** Why a computer player holds the seat: chosen when the match was made, handed over by a player, or by the server (e.g. a clock ran out). */
export type { BotReason };

export type { BotSeatRecord, SeatBots } from '../lobby/model';

/** `bots` of POST /api/matches (the protocol's schema). */
export { creationBots };

/** `body` of PUT /api/matches/:id/seats/:seat/bot. */
export const handOverBody = handOverRequest;

/** Throws bot_unavailable unless `module` (the match's game) offers a computer player of this strength. */
export function assertAvailable(strength: BotStrength, module: GameModule) {
  if (botAvailable(strength, module)) return;
  const levels = botLevels(module);
  throw new ApiError(
    400,
    'bot_unavailable',
    levels.length
      ? `${module.texts.name.en} has no ${strength} computer player; choose one of: ${levels.join(', ')}.`
      : `${module.texts.name.en} has no computer players.`,
  );
}

/** The bots a new match starts with, checked against its seat plan; throws ApiError for a seat the plan lacks or a strength its game does not offer. */
export function botsAtCreation(
  module: GameModule,
  plan: Plan,
  seatsOfPlan: readonly SeatKey[],
  bots: z.output<typeof creationBots>,
  now = Date.now(),
): SeatBots | undefined {
  if (!bots) return undefined;
  const out: SeatBots = {};
  for (const [seat, strength] of Object.entries(bots) as [SeatKey, BotStrength][]) {
    if (!seatsOfPlan.includes(seat))
      throw new ApiError(400, 'no_such_seat', `The ${plan} seat plan has no seat "${seat}"; its seats are: ${seatsOfPlan.join(', ')}.`);
    assertAvailable(strength, module);
    out[seat] = { strength, reason: 'created', since: now };
  }
  return Object.keys(out).length ? out : undefined;
}

/** Joining a seat a computer player was given at creation is refused: that seat has no link to join by. */
export function assertJoinable(lobby: LobbyRecord, seat: SeatKey) {
  if (lobby.bots?.[seat]?.reason === 'created') throw new ApiError(409, 'seat_is_computer', 'A computer player holds this seat.');
}

/** What the lobby view shows of the bots: seat → strength and why (never who handed it over). */
export function publicBots(lobby: LobbyRecord): Partial<Record<SeatKey, { strength: BotStrength; reason: BotReason; since: number }>> {
  const out: Partial<Record<SeatKey, { strength: BotStrength; reason: BotReason; since: number }>> = {};
  for (const [seat, b] of Object.entries(lobby.bots ?? {}) as [SeatKey, BotSeatRecord][])
    out[seat] = { strength: b.strength, reason: b.reason, since: b.since };
  return out;
}

/** Who is connected to a match (on any server process) and when each member not connected now was last. */
export interface Whereabouts {
  connected: ReadonlySet<string>;
  lastSeen: ReadonlyMap<string, number>;
}

/**
 * When the other players may hand a seat to the computer: never while the game waits for players
 * (the waiting room: a stranger must not take the creator's seat before it begins) or while anyone of
 * the seat is connected; at once for a seat whose members all left the match; else once every member
 * has been away `afterMs`, counted from when the game began at the earliest (a creator who waited on
 * the invite page was not away from a running game). `from` is a server time (ms since the epoch).
 */
export type HandOverWhen = { open: true; from: number } | { open: false; code: 'seat_is_computer' | 'not_started' | 'seat_present' };

export function handOverWhen(lobby: LobbyRecord, seat: SeatKey, here: Whereabouts, afterMs: number): HandOverWhen {
  if (lobby.bots?.[seat]) return { open: false, code: 'seat_is_computer' };
  // Matches stored before startedAt was kept count as begun while every seat is taken.
  const begun = lobby.startedAt ?? (everySeatTaken(lobby) ? 0 : undefined);
  if (begun === undefined) return { open: false, code: 'not_started' };
  const members = lobby.members.filter((m) => m.seat === seat);
  if (members.some((m) => here.connected.has(m.id))) return { open: false, code: 'seat_present' };
  let from = 0;
  // Never seen since joining (or since the records were lost): away since they joined.
  for (const m of members) from = Math.max(from, Math.max(here.lastSeen.get(m.id) ?? m.joinedAt, begun) + afterMs);
  return { open: true, from };
}

/** Throws the ApiError that refuses a hand-over now, if it is refused; changes nothing. */
export function assertHandOverOpen(when: HandOverWhen, now = Date.now()) {
  if (!when.open) {
    if (when.code === 'seat_is_computer') throw new ApiError(409, 'seat_is_computer', 'A computer player holds this seat already.');
    if (when.code === 'not_started')
      throw new ApiError(409, 'not_started', 'The game has not begun: while it waits for players, no seat is handed to the computer.');
    throw new ApiError(
      409,
      'seat_present',
      'Someone on this seat is here: only a seat whose players are all away can be handed to the computer.',
    );
  }
  if (when.from > now) {
    const s = Math.ceil((when.from - now) / 1000);
    throw new ApiError(
      409,
      'seat_away_briefly',
      `This seat's players left only just now; it can be handed to the computer in ${s} s if they stay away.`,
    );
  }
}
