/** The messages between the server's main thread and a bot worker (structured-cloned, no functions). */
import type { ModuleMove } from '@kon/platform';
import type { BotStrength } from './strengths';

export interface DecideRequest {
  id: number;
  /** The match's game (its module's id); absent: the default game. */
  game?: string;
  strength: BotStrength;
  /** The seat's own view (the module's view(G, playerID)): all the worker ever learns of the match. */
  view: unknown;
  /** The seat that decides; absent: read from the view (the default game's views name their viewer). */
  playerID?: string;
  seed: number;
}

export type DecideReply = { id: number; ok: true; move: ModuleMove; legalCount: number } | { id: number; ok: false; error: string };
