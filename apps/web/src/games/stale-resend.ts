/**
 * A seat's own submission in a simultaneous step (the module's `independentMoves`, e.g. Deres orders)
 * refused as stale only because another seat's submission landed first is sent once more against the
 * new state, while the seat's decision (`decisionOf`) is the same: the person does not submit again.
 * The server judges the second sending as usual. Any other stale move (all of Kampen om Norge's) is
 * not sent again.
 */
import type { GameModule } from '@kon/platform';

/** The seat's last move as sent: its name and arguments, the state it was made against, its decision. */
export interface SentMove {
  name: string;
  args: unknown[];
  stateID: number;
  decision: string | null;
  /** Sent a second time already (a move is sent again at most once). */
  resent: boolean;
}

export function sentMove(module: GameModule, playerID: string | null, name: string, args: unknown[], state: any): SentMove {
  const decision = playerID !== null && state?.G && module.decisionOf ? module.decisionOf(state.G, playerID) : null;
  return { name, args, stateID: state?._stateID ?? -1, decision, resent: false };
}

/** Whether a stale refusal of this move may be answered by sending it again (once the state has moved on). */
export function mayResend(module: GameModule, sent: SentMove | null): sent is SentMove {
  return !!sent && !sent.resent && sent.decision !== null && !!module.independentMoves?.includes(sent.name);
}

/**
 * What to do now with a move refused as stale that may be sent again: 'wait' until the client holds
 * a newer state than the one it was made against, 'send' if the seat's decision is still open, else
 * 'drop' (the step it was made for is over).
 */
export function resendNow(module: GameModule, playerID: string, sent: SentMove, state: any): 'wait' | 'send' | 'drop' {
  if (!state?.G || typeof state._stateID !== 'number' || state._stateID <= sent.stateID) return 'wait';
  if (state.ctx?.gameover !== undefined) return 'drop';
  return module.decisionOf?.(state.G, playerID) === sent.decision ? 'send' : 'drop';
}
