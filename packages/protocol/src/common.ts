/** The words every part of the protocol shares: seats, plans, ids, names, computer strengths, clocks. */
import { z } from 'zod';

/** Kampen om Norge's seats by faction; a game whose seats are alike (all against all) numbers them. */
export const SEAT_KEYS = ['germany', 'norway', 'allies', 'norway+allies', 'player1', 'player2', 'player3', 'player4'] as const;
export const seatKey = z.enum(SEAT_KEYS);
export type SeatKey = z.infer<typeof seatKey>;

/** Seat plans: which a game offers is the game's (GET /api/games); 'four' is for four players. */
export const PLANS = ['three', 'two', 'teams', 'four'] as const;
export const plan = z.enum(PLANS);
export type Plan = z.infer<typeof plan>;

export const FACTION_KEYS = ['germany', 'norway', 'allies'] as const;
export const factionKey = z.enum(FACTION_KEYS);
export type FactionKey = z.infer<typeof factionKey>;

export const RULESETS = ['basic', 'advanced'] as const;
export type Ruleset = (typeof RULESETS)[number];

export const visibility = z.enum(['private', 'public']);
export type Visibility = z.infer<typeof visibility>;

export const matchID = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const playerID = z.enum(['0', '1', '2', '3']);

/** A game the server hosts, by its id (GET /api/games); a request that names none means Kampen om Norge. */
export const gameId = z.string().regex(/^[a-z0-9-]{1,40}$/, 'a game id is 1–40 characters of a–z, 0–9 and -');
export const DEFAULT_GAME = 'kampen-om-norge';
/** A seat link, co-commander link, spectator link or recovery link token, or a member's credentials. */
export const token = z.string().min(8).max(200);

export const displayName = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(32, 'name must be at most 32 characters')
  .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s), 'name must not contain control characters');

/** A browser's own random key: one seat per browser and match. */
export const browserKey = z.string().regex(/^[A-Za-z0-9_-]{16,200}$/, 'browserKey must be 16–200 characters of A–Z, a–z, 0–9, _ and -');

/** The computer players the server offers (which of them it can run is the server's business). */
export const BOT_STRENGTHS = ['easy', 'normal'] as const;
export const botStrength = z.enum(BOT_STRENGTHS);
export type BotStrength = z.infer<typeof botStrength>;

/** Why a computer player holds the seat: chosen at creation, handed over by a player, or by the server (e.g. a clock ran out). */
export const BOT_REASONS = ['created', 'handed', 'timeout', 'server'] as const;
export const botReason = z.enum(BOT_REASONS);
export type BotReason = z.infer<typeof botReason>;

/** Seats computer players hold, as every view shows them (never who handed a seat over). */
export const publicBots = z.partialRecord(seatKey, z.object({ strength: botStrength, reason: botReason, since: z.number() }));

/**
 * What happens when a side's time runs out: 'pass' — the seat passes where passing is allowed (the
 * reaction and card windows) and a computer player takes over its other decisions; 'lose' — the side
 * loses the game on time.
 */
export const atZero = z.enum(['pass', 'lose']);
export type AtZero = z.infer<typeof atZero>;

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** Time controls a match is created with (POST /api/matches, field `clock`). */
export const clockSettingsShape = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('none') }),
  /** Chess-style: one bank of time per faction, running while that faction must decide; `increment` added after each decision. */
  z.strictObject({
    mode: z.literal('live'),
    // Up to the match maker's day-scale paces (Fast, Slow): days in the bank, hours added per decision.
    baseSeconds: z
      .number()
      .int()
      .min(MINUTE, 'at least one minute')
      .max(30 * DAY, 'at most 30 days'),
    incrementSeconds: z.number().int().min(0).max(DAY, 'at most one day'),
    atZero,
  }),
  /** Play over days: each decision has its own deadline. */
  z.strictObject({
    mode: z.literal('correspondence'),
    decisionSeconds: z
      .number()
      .int()
      .min(MINUTE, 'at least one minute')
      .max(30 * DAY, 'at most 30 days'),
    atZero,
  }),
]);
/** As a request sends it: none when not given. */
export const clockSettings = clockSettingsShape.default({ mode: 'none' });
export type ClockSettings = z.output<typeof clockSettingsShape>;

/** A match's clock as every seat and spectator sees it (GET …/clock, socket `kon:clock`). */
export const clockView = z.object({
  mode: z.enum(['live', 'correspondence']),
  atZero,
  baseSeconds: z.number().optional(),
  incrementSeconds: z.number().optional(),
  decisionSeconds: z.number().optional(),
  /** Live: each faction's time left now; correspondence: the running faction's time to its deadline. */
  remainingMs: z.partialRecord(factionKey, z.number()),
  running: factionKey.nullable(),
  /** Absolute time at which the running faction's time runs out (clients count down to it). */
  deadline: z.number().nullable(),
  flagged: z.array(factionKey),
  /**
   * A game whose clocks run per seat (not Kampen om Norge), by playerID: several run at once while
   * several seats must submit orders. The faction fields above are then empty.
   */
  seats: z
    .record(
      z.string(),
      z.object({ remainingMs: z.number().nullable(), running: z.boolean(), deadline: z.number().nullable(), flagged: z.boolean() }),
    )
    .optional(),
  /** The server's time when this was made, so a client with a wrong clock can correct for it. */
  serverNow: z.number(),
});
export type ClockView = z.infer<typeof clockView>;

/** A match's set-up as stored and shown: the rules, or a scenario by its id. */
export const publicSetup = z.object({ ruleset: z.string().optional(), scenario: z.string().optional() }).nullable();

export const bilingual = z.object({ no: z.string(), en: z.string() });
/** A scenario as the lobby lists it. */
export const scenarioInfo = z.object({
  id: z.string(),
  ruleset: z.string(),
  name: bilingual,
  summary: bilingual,
  goal: bilingual,
  sheet: bilingual,
  region: z.union([z.array(z.string()), z.literal('all')]),
});
export type ScenarioInfo = z.infer<typeof scenarioInfo>;
