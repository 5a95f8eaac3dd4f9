/**
 * Which computer players a game offers: its module's `bots.levels` (@kon/platform). The deciding code
 * is the module's too, loaded in the worker threads only (worker.ts).
 */
import type { GameModule } from '@kon/platform';
import type { BotStrength } from './strengths';

/**
 * A searching player's wall-clock cap for its playouts per decision on the server: a playout stops at
 * it, and the decision rests on the whole rounds played by then (the style's choice if none), so that
 * a person waits about 1.5 s at most for one decision with the rest of the decision's work, even on a
 * busy machine (npm run bench:bots -- --solo). Unloaded, the default budget (packages/game/src/bots/
 * normal.ts) usually finishes well before it.
 */
export const NORMAL_MAX_MS = 1_200;

/** Whether `module` offers a computer player of this strength. */
export function botAvailable(strength: BotStrength, module: GameModule): boolean {
  return module.bots?.levels.includes(strength) ?? false;
}

/** The strengths `module` offers, weakest first (none for a game without computer players). */
export function botLevels(module: GameModule): readonly string[] {
  return module.bots?.levels ?? [];
}
