/**
 * strength → decision function, as the worker threads run them. Loaded in the workers (and read for
 * its keys on the main thread): every Bot decides from the seat's FactionView and legal list only.
 */
import { easyBot, normalBot, type Bot } from '@kon/game/bots';
import type { BotStrength } from './strengths';

/**
 * Normal's wall-clock cap per decision on the server: it plays at least one round of its playouts and
 * stops sampling after this, well under BOT_TIMEOUT_MS even on a busy machine; its default budget
 * (packages/game/src/bots/normal.ts) usually finishes sooner.
 */
export const NORMAL_MAX_MS = 2_500;

export const BOT_REGISTRY: Partial<Record<BotStrength, Bot>> = {
  easy: easyBot,
  normal: (input) => normalBot({ ...input, budget: { ...input.budget, maxMs: NORMAL_MAX_MS } }),
};

export function botAvailable(strength: BotStrength): boolean {
  return BOT_REGISTRY[strength] !== undefined;
}
