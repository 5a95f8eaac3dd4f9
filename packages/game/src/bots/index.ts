import { easyBot } from './easy.js';
import { normalBot } from './normal.js';
import type { Bot } from './types.js';

export { easyBot, easyDecision, legalFromView } from './easy.js';
export { normalBot, DEFAULT_BUDGET } from './normal.js';
export { determinize, undeterminable } from './determinize.js';
export { seatOf, type Bot, type BotInput, type SearchBudget } from './types.js';
export { worth } from './position.js';
/** The bots' seeded dice for tie-breaks and playouts (mulberry32; never the game's own dice). */
export { seededRng, seedOf } from '../testing/rng.js';

/** The computer players by strength, as a match names them. */
export const BOT_STRENGTHS = ['easy', 'normal'] as const;
export type BotStrength = (typeof BOT_STRENGTHS)[number];
export const BOTS: Readonly<Record<BotStrength, Bot>> = { easy: easyBot, normal: normalBot };
export const botFor = (strength: BotStrength): Bot => BOTS[strength];
