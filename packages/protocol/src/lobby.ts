/**
 * The lobby's API (apps/server/src/http/routes.ts): creating, listing, joining and leaving matches, seats and
 * co-commanders, "my matches". Requests are what the server parses; responses what it answers.
 */
import { z } from 'zod';
import {
  atZero,
  botStrength,
  browserKey,
  clockSettings,
  clockSettingsShape,
  clockView,
  bilingual,
  displayName,
  gameId,
  matchID,
  plan,
  publicBots,
  publicSetup,
  RULESETS,
  scenarioInfo,
  seatKey,
  token,
  visibility,
} from './common';

// ------------------------------------------------------------------ requests

/** `bots` of POST /api/matches: seat key → strength (for example `{ "norway": "easy", "allies": "easy" }`). */
export const creationBots = z.partialRecord(seatKey, botStrength).optional();

/**
 * The set-up a client asks for: the basic or advanced rules, or a scenario by its id (the server
 * creates the match with the scenario's own rules and checks the whole set-up with the game's schema).
 */
export const setupRequest = z.strictObject({ ruleset: z.enum(RULESETS).optional(), scenario: z.string().max(64).optional() });

/**
 * POST /api/matches. `game` names the game (GET /api/games; none: Kampen om Norge, as old clients
 * send); `plan` one of that game's seat plans (none: its first); `setupData` the game's set-up,
 * which the server checks with the game's own schema (Kampen om Norge: `setupRequest`; none: basic).
 */
export const createMatchRequest = z.strictObject({
  game: gameId.optional(),
  plan: plan.optional(),
  visibility: visibility.default('private'),
  setupData: z.union([setupRequest, z.record(z.string(), z.unknown())]).optional(),
  bots: creationBots,
  clock: clockSettings,
  /**
   * A lesson's id ("Learn to play", docs/lessons.md): the match is the lesson's own (its game, plan,
   * set-up and seed), Easy computer players on every seat but the learner's; never rated.
   */
  lesson: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional(),
});

/** POST /api/matches/:id/join: by a seat link or co-commander link (`token`), or a free seat of a public match (`seat`). */
export const joinRequest = z.strictObject({
  token: token.optional(),
  seat: seatKey.optional(),
  name: displayName,
  browserKey: browserKey.optional(),
});
/** POST /api/matches/:id/recover: a one-time recovery link. */
export const recoverRequest = z.strictObject({ token, browserKey: browserKey.optional() });
/** PATCH /api/matches/:id/members/me */
export const renameRequest = z.strictObject({ name: displayName });

export const MAX_STATUS_MATCHES = 50;
/** POST /api/my-matches: several matches, each with that member's own credentials. */
export const myMatchesRequest = z.strictObject({
  matches: z
    .array(z.strictObject({ matchID, credentials: z.string().regex(/^[A-Za-z0-9_-]{8,200}$/) }))
    .min(1)
    .max(MAX_STATUS_MATCHES),
});

/** GET /api/matches/:id/log?from= */
export const logQuery = z.object({ from: z.coerce.number().int().min(0).max(1_000_000).default(0) });

// ------------------------------------------------------------------ responses

const seatLinks = z.object({
  /** A seat a computer player holds has no link: nobody joins it. */
  seats: z.array(z.object({ seat: seatKey, playerIDs: z.array(z.string()), token: z.string() })),
  spectator: z.string(),
});

/** 201 of POST /api/matches: the invite links, shown once. */
export const createdMatch = z.object({
  matchID: z.string(),
  game: gameId,
  plan,
  visibility,
  setupData: publicSetup,
  clock: clockSettingsShape,
  links: seatLinks,
});
export type CreatedMatch = z.infer<typeof createdMatch>;

/** 201 of join and recover: this person's credentials (send as `credentials` on the socket, Bearer on the API). */
export const joined = z.object({
  matchID: z.string(),
  /** The match's game (absent from servers that host one game: Kampen om Norge). */
  game: gameId.optional(),
  memberId: z.string(),
  name: z.string(),
  seat: seatKey,
  playerIDs: z.array(z.string()),
  /** holder: claimed the seat with its link; co: came by the holder's co-commander link. */
  role: z.enum(['holder', 'co']),
  /** This browser already held the seat: fresh credentials for the same member. */
  returning: z.boolean(),
  credentials: z.string(),
});
export type Joined = z.infer<typeof joined>;

export const memberInfo = z.object({
  id: z.string(),
  name: z.string(),
  joinedAt: z.number(),
  role: z.enum(['holder', 'co']),
  connected: z.boolean(),
  /** When an absent member was last connected (null: not since the server started). */
  awaySince: z.number().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const seatInfo = z.object({
  seat: seatKey,
  playerIDs: z.array(z.string()),
  /** The seat link has been used: it opens only the spectator view now. */
  claimed: z.boolean(),
  connected: z.boolean(),
  members: z.array(memberInfo),
  /**
   * From when (server time, ms) the other players may hand this seat to the computer; null: not
   * while things stay as they are (the game waits for players, someone of the seat is here, or the
   * computer holds it already).
   */
  handOverAt: z.number().nullable(),
});

/** Who the caller is on this match. */
export const viewer = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('member'),
    memberId: z.string(),
    seat: seatKey,
    playerIDs: z.array(z.string()),
    holder: z.boolean(),
    /** This member has an unused recovery link out. */
    recoveryOut: z.boolean(),
    /** The holder's co-commander link, while it is live (holders only). */
    coLink: z.object({ createdAt: z.number() }).nullable().optional(),
  }),
  z.object({ role: z.literal('seat-link'), seat: seatKey, playerIDs: z.array(z.string()), claimed: z.boolean() }),
  z.object({ role: z.literal('co-link'), seat: seatKey, playerIDs: z.array(z.string()) }),
  z.object({ role: z.literal('spectator') }),
  z.object({ role: z.literal('public') }),
]);
export type Viewer = z.infer<typeof viewer>;

/** A match as this caller may see it (GET /api/matches/:id, and pushed as `kon:lobby`): no token hashes, no credentials. */
export const matchInfo = z.object({
  matchID: z.string(),
  /** The game of this match (absent from servers that host one game: Kampen om Norge). */
  game: gameId.optional(),
  plan,
  visibility,
  setupData: publicSetup,
  createdAt: z.number(),
  updatedAt: z.number(),
  gameover: z.unknown(),
  clock: clockSettingsShape,
  seats: z.array(seatInfo),
  spectatorsConnected: z.number(),
  /** The rematch started from this match, once there is one. */
  rematch: z.string().nullable(),
  /** Seats computer players hold, and why. */
  bots: publicBots,
  you: viewer,
});
export type MatchInfo = z.infer<typeof matchInfo>;

/** GET /api/matches: public matches not yet over, newest first. */
export const publicMatches = z.object({
  matches: z.array(
    z.object({
      matchID: z.string(),
      game: gameId,
      plan,
      setupData: publicSetup,
      createdAt: z.number(),
      /** Seats the computer plays: taken, not free. */
      bots: publicBots,
      seats: z.array(z.object({ seat: seatKey, playerIDs: z.array(z.string()), members: z.array(z.string()) })),
    }),
  ),
});
export type PublicMatch = z.infer<typeof publicMatches>['matches'][number];

export const scenarioList = z.object({ scenarios: z.array(scenarioInfo) });

/** A game the server hosts, as the home page offers it. */
export const gameInfo = z.object({
  id: gameId,
  name: bilingual,
  summary: bilingual,
  /** How many people may play it, fewest and most. */
  players: z.object({ min: z.number().int(), max: z.number().int() }),
  /** The computer players it offers for any seat, weakest first (none: people only). */
  bots: z.array(botStrength),
  /** What its clocks may do at zero ('lose' only for a game that can be lost on time). */
  atZero: z.array(atZero),
  /** Its seat plans, the default first, with the seats each hands out. */
  plans: z.array(z.object({ plan, seats: z.array(seatKey) })),
  /** Its lessons ("Learn to play", docs/lessons.md): POST /api/matches with `lesson` starts one. */
  lessons: z.array(z.object({ id: z.string(), title: bilingual, summary: bilingual })).optional(),
});
export type GameInfo = z.infer<typeof gameInfo>;
/** GET /api/games: the default game first. */
export const gameList = z.object({ games: z.array(gameInfo) });

/** GET /api/matches/:id/log: the game's public log from entry `from` on. */
export const logEntries = z.object({ from: z.number(), entries: z.array(z.unknown()) });

/** A one-time recovery link or the holder's co-commander link (shown once). */
export const tokenResponse = z.object({ token: z.string() });

/** One line of "my matches" (POST /api/my-matches): unknown matches and credentials look the same. */
export const matchStatus = z.discriminatedUnion('found', [
  z.object({
    matchID: z.string(),
    found: z.literal(true),
    seat: seatKey,
    playerIDs: z.array(z.string()),
    plan,
    setupData: publicSetup,
    updatedAt: z.number(),
    /** The playerIDs that must act now (the turn's player, or whoever has a reaction window open). */
    toMove: z.array(z.string()),
    yourMove: z.boolean(),
    round: z.number().nullable(),
    finished: z.boolean(),
    winner: z.string().nullable(),
    /** The match's clock as the clock service shows it when it runs, else its settings. */
    clock: z.union([clockView, clockSettingsShape]).optional(),
  }),
  z.object({ matchID: z.string(), found: z.literal(false) }),
]);
export type MatchStatus = z.infer<typeof matchStatus>;
export const myMatches = z.object({ matches: z.array(matchStatus) });
