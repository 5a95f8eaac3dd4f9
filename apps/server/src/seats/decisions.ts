/**
 * Who must decide now in a match, as the services that follow decisions (clocks, "your move"
 * messages) name them: each seat that must act under its clock key (the game's name for the seat,
 * else its playerID), with the game's name for its decision where the game names them.
 */
import type { State } from 'boardgame.io';
import type { GameModule } from '@kon/platform';

/** A key that must act now, and the game's name for its decision (if the game names them). */
export interface Actor {
  key: string;
  decision?: string | undefined;
}

/** The clock key of a seat: the module's name for it, else its playerID. */
export function seatKey(module: GameModule, playerID: string): string {
  return module.clockNames?.[playerID] ?? playerID;
}

/** The playerID behind a clock key. */
export function playerOfKey(module: GameModule, key: string): string {
  const names = module.clockNames;
  return names ? (Object.keys(names).find((pid) => names[pid] === key) ?? key) : key;
}

/** The keys that must act in `state`, with their decisions' names (none once the game is over). */
export function actorsNow(module: GameModule, state: State): Actor[] {
  if (state.ctx.gameover !== undefined) return [];
  return module.toMove(state.G, state.ctx).map((pid) => ({ key: seatKey(module, pid), decision: module.decisionOf?.(state.G, pid) }));
}
