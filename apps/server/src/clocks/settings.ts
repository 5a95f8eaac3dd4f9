/** Time controls a match is created with (POST /api/matches, field `clock`). */
import { z } from 'zod';

/**
 * What happens when a side's time runs out: 'pass' — the seat passes where passing is allowed (the
 * reaction and card windows) and a computer player takes over its other decisions; 'lose' — the side
 * loses the game on time.
 */
export const atZeroSchema = z.enum(['pass', 'lose']);
export type AtZero = z.infer<typeof atZeroSchema>;

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

export const clockSettingsSchema = z
  .discriminatedUnion('mode', [
    z.strictObject({ mode: z.literal('none') }),
    /** Chess-style: one bank of time per faction, running while that faction must decide; `increment` added after each decision. */
    z.strictObject({
      mode: z.literal('live'),
      baseSeconds: z.number().int().min(MINUTE, 'at least one minute').max(DAY, 'at most one day'),
      incrementSeconds: z.number().int().min(0).max(60 * MINUTE, 'at most one hour'),
      atZero: atZeroSchema,
    }),
    /** Play over days: each decision has its own deadline. */
    z.strictObject({
      mode: z.literal('correspondence'),
      decisionSeconds: z.number().int().min(MINUTE, 'at least one minute').max(30 * DAY, 'at most 30 days'),
      atZero: atZeroSchema,
    }),
  ])
  .default({ mode: 'none' });

export type ClockSettings = z.output<typeof clockSettingsSchema>;
export type TimedSettings = Exclude<ClockSettings, { mode: 'none' }>;
