/**
 * The match maker's tickets, blocks, leaderboards and player profiles (apps/server/src/matchmaker,
 * apps/server/src/ratings). Every route here needs a signed-in account except the public reads
 * (open tickets, leaderboards, profiles, a match's forecast).
 */
import { z } from 'zod';
import { gameId, plan, seatKey } from './common';

/** Live: the match's clocks as a live game has them; Fast and Slow: days in the bank and time added per decision. */
export const PACES = ['live', 'fast', 'slow'] as const;
export const pace = z.enum(PACES);
export type Pace = z.infer<typeof pace>;

/** An account as the server names it (opaque to the client). */
export const accountId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'an account id is 1–64 characters of A–Z, a–z, 0–9, _ and -');

/**
 * POST /api/tickets. `setup`: Kampen om Norge's 'basic' or 'advanced' rules or a scenario's id (none:
 * basic); Deres uenighet has none. `sides`: the seats one would take (none: any). `ratingWindow`: the
 * most an opponent's rating may differ from one's own (none: any). `minReliability`: the least share of
 * finished games an opponent must have (none: any).
 */
export const ticketRequest = z.strictObject({
  game: gameId,
  setup: z.string().max(64).optional(),
  plan: plan.optional(),
  sides: z.array(seatKey).max(4).default([]),
  pace,
  rated: z.boolean().default(true),
  ratingWindow: z.number().min(0).max(1000).nullable().default(null),
  minReliability: z.number().min(0).max(1).nullable().default(null),
});

/** GET /api/matches/{id}/forecast: whether the match counts for the ratings, and each seat's chance of winning. */
export const matchForecast = z.object({
  rated: z.boolean(),
  seats: z.array(
    z.object({
      seat: z.string(),
      playerIDs: z.array(z.string()),
      accountId: z.string().nullable(),
      rating: z.number(),
      chance: z.number(),
    }),
  ),
});

export const ticketStatus = z.enum(['open', 'matched', 'cancelled', 'expired']);
export const ticket = z.object({
  id: z.string(),
  game: z.string(),
  setup: z.string(),
  plan: z.string(),
  sides: z.array(z.string()),
  pace,
  rated: z.boolean(),
  ratingWindow: z.number().nullable(),
  minReliability: z.number().nullable(),
  status: ticketStatus,
  createdAt: z.number(),
  expiresAt: z.number(),
  /** Once matched: the match and the seat this ticket was given (null while the match is being made). */
  matchID: z.string().nullable(),
  seat: z.string().nullable(),
  /** Once its match is made: rated or not, and each seat's chance of winning (your tickets only). */
  forecast: matchForecast.optional(),
});
export const ticketList = z.object({ tickets: z.array(ticket) });

/** GET /api/tickets/open: how many are looking, by game, set-up, plan and pace (the home page's line). */
export const openTickets = z.object({
  open: z.array(z.object({ game: z.string(), setup: z.string(), plan: z.string(), pace, rated: z.boolean(), count: z.number().int() })),
});

export const blockList = z.object({ blocked: z.array(z.object({ accountId: z.string(), since: z.number() })) });

export const leaderboardQuery = z.strictObject({
  variant: z.string().max(64).optional(),
  side: z.string().max(64).optional(),
});
export const leaderboard = z.object({
  game: z.string(),
  variant: z.string(),
  side: z.string(),
  minGames: z.number().int(),
  rows: z.array(
    z.object({
      accountId: z.string(),
      name: z.string().nullable(),
      rating: z.number(),
      games: z.number().int(),
      wins: z.number().int(),
      losses: z.number().int(),
      draws: z.number().int(),
    }),
  ),
});

const tally = { games: z.number().int(), wins: z.number().int(), losses: z.number().int(), draws: z.number().int() };
export const playerProfile = z.object({
  accountId: z.string(),
  name: z.string().nullable(),
  ratings: z.array(z.object({ game: z.string(), variant: z.string(), side: z.string(), rating: z.number(), ...tally })),
  played: z.array(z.object({ game: z.string(), side: z.string(), ...tally })),
  /** Of the games judged: finished, lost on time, left; `share` the part finished (1 with none). */
  reliability: z.object({ finished: z.number().int(), timeout: z.number().int(), left: z.number().int(), share: z.number() }),
  recent: z.array(
    z.object({
      matchID: z.string(),
      game: z.string(),
      variant: z.string(),
      side: z.string(),
      outcome: z.enum(['win', 'loss', 'draw']),
      ending: z.enum(['finished', 'timeout', 'left']),
      rated: z.boolean(),
      finishedAt: z.number(),
      ratingAfter: z.number().nullable(),
    }),
  ),
});
