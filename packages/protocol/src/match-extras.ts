/**
 * The API around a match besides the lobby: its clock, a member's notification settings, computer
 * seats, the board at a log entry, the record of a finished game, the rematch; and /healthz.
 */
import { z } from 'zod';
import { botStrength, clockView, seatKey } from './common';
import { createdMatch } from './lobby';

/** GET /api/matches/:id/clock (null: no time controls). */
export const clockResponse = z.object({ clock: clockView.nullable() });

export const WEBHOOK_FORMATS = ['discord', 'slack'] as const;
export const webhookFormat = z.enum(WEBHOOK_FORMATS);
export type WebhookFormat = z.infer<typeof webhookFormat>;

/** PUT /api/matches/:id/notifications: replaces this member's settings. */
export const notificationRequest = z.strictObject({
  webhookUrl: z
    .url({ protocol: /^https?$/, message: 'the webhook must be an http:// or https:// address' })
    .max(2000)
    .nullable()
    .default(null),
  /** Discord and Slack want the text in different fields; guessed from the address when not given. */
  webhookFormat: webhookFormat.optional(),
  email: z.email({ message: 'not an e-mail address' }).max(254).nullable().default(null),
  /** The language the messages are written in. */
  lang: z.enum(['nb', 'en']).default('nb'),
});

/** GET and PUT /api/matches/:id/notifications: this member's own settings, and what the server offers. */
export const notificationInfo = z.object({
  settings: z.object({
    webhookUrl: z.string().nullable(),
    webhookFormat: webhookFormat.nullable(),
    email: z.string().nullable(),
    lang: z.enum(['nb', 'en']),
  }),
  available: z.object({ email: z.boolean(), webhook: z.boolean() }),
});
export type NotificationInfo = z.infer<typeof notificationInfo>;

/** The `:seat` of /api/matches/:id/seats/:seat/bot. */
export const seatParam = seatKey;
/** PUT /api/matches/:id/seats/:seat/bot (a member of another seat asks). */
export const handOverRequest = z.strictObject({ strength: botStrength.default('easy') });

/**
 * PUT /api/matches/:id/autopass: whether the server passes for your side when passing is all it can
 * do (`on`), and "not this phase" (`notThisPhase: true`: the repeated window your side faces now is
 * passed for it for the rest of the phase) or "ask me each time" (false). At least one of the two.
 */
export const autopassRequest = z
  .strictObject({ on: z.boolean().optional(), notThisPhase: z.boolean().optional() })
  .refine((b) => b.on !== undefined || b.notThisPhase !== undefined, { message: 'give on or notThisPhase' });
/** A repeated window your side declined for a phase (the game names the window and the phase). */
export const autopassSkip = z.object({ playerID: z.string(), window: z.string(), phase: z.string() });
export type AutopassSkip = z.infer<typeof autopassSkip>;
/** Your side's switch, whether this server passes for anyone at all (AUTOPASS), and your "not this phase" choices. */
export const autopassInfo = z.object({ on: z.boolean(), available: z.boolean(), skips: z.array(autopassSkip) });

/** GET /api/matches/:id/board?entry= */
export const boardQuery = z.object({ entry: z.coerce.number().int().min(0).max(1_000_000) });
/** The spectators' view of the board right after log entry `entry` (`G` is the game's FactionView). */
export const boardAt = z.object({ entry: z.number(), total: z.number(), move: z.number(), G: z.unknown() });

/** GET /api/matches/:id/record: a finished game, replayable anywhere (record.ts). */
export { gameRecord, type GameRecord } from './record';

/** 201 of POST /api/matches/:id/rematch: the new match; its links only for the player who started it. */
export const rematchResponse = z.object({ matchID: z.string(), links: createdMatch.shape.links.optional() });

/** GET /healthz */
export const health = z.union([
  z.object({ status: z.literal('ok'), storage: z.string() }),
  z.object({ status: z.enum(['shutting_down', 'storage_unavailable', 'redis_unavailable']) }),
]);
