/** Time controls a match is created with (POST /api/matches, field `clock`). */
import { atZero, clockSettings, type ClockSettings } from '@kon/protocol';

/**
 * What happens when a side's time runs out: 'pass' — the seat passes where passing is allowed (the
 * reaction and card windows) and a computer player takes over its other decisions; 'lose' — the side
 * loses the game on time. The schemas are the protocol's (packages/protocol).
 */
export const atZeroSchema = atZero;
export type { AtZero } from '@kon/protocol';

export const clockSettingsSchema = clockSettings;
export type { ClockSettings };
export type TimedSettings = Exclude<ClockSettings, { mode: 'none' }>;
