import type { Faction } from '../../types.js';
import type { GameState, LogEntry } from '../model/state.js';

export function log(G: GameState, faction: Faction | null, event: string, data?: LogEntry['data']): void {
  G.log.push(data ? { round: G.round, faction, event, data } : { round: G.round, faction, event });
}

/**
 * Hand out the entries gathered so far and start a new batch: the whole game's log is the
 * concatenation of the batches, each starting at `logBase`.
 */
export function startLogBatch(G: GameState): void {
  G.logBase += G.log.length;
  G.log = [];
}
