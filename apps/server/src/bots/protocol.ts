/** The messages between the server's main thread and a bot worker (structured-cloned, no functions). */
import type { Action, FactionView } from '@kon/game';
import type { BotStrength } from './strengths';

export interface DecideRequest {
  id: number;
  strength: BotStrength;
  /** The seat's own view (viewFor(G, faction)): all the worker ever learns of the match. */
  view: FactionView;
  seed: number;
}

export type DecideReply = { id: number; ok: true; action: Action; legalCount: number } | { id: number; ok: false; error: string };
