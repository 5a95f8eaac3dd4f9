/**
 * Which computer players a game offers: its module's `bots.levels` (@kon/platform). The deciding code
 * is the module's too, loaded in the worker threads only (worker.ts).
 */
import type { GameModule } from '@kon/platform';
import type { BotStrength } from './strengths';

/**
 * A searching player's wall-clock cap per decision on the server: it plays at least one round of its
 * playouts and stops sampling after this, well under BOT_TIMEOUT_MS even on a busy machine; its
 * default budget (packages/game/src/bots/normal.ts) usually finishes sooner.
 */
export const NORMAL_MAX_MS = 2_500;

/** Whether `module` offers a computer player of this strength. */
export function botAvailable(strength: BotStrength, module: GameModule): boolean {
  return module.bots?.levels.includes(strength) ?? false;
}

/** The strengths `module` offers, weakest first (none for a game without computer players). */
export function botLevels(module: GameModule): readonly string[] {
  return module.bots?.levels ?? [];
}
