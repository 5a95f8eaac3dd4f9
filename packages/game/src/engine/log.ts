import type { Faction } from '../types.js';
import type { GameState, LogEntry } from './state.js';

export function log(G: GameState, faction: Faction | null, event: string, data?: LogEntry['data']): void {
  G.log.push(data ? { round: G.round, faction, event, data } : { round: G.round, faction, event });
}
