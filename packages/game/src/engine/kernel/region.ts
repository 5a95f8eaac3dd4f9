import type { AreaId } from '../../types.js';
import { neighbours } from '../../board/index.js';
import type { GameState } from '../model/state.js';

/**
 * The region of the board in play. The full game has none (every area is in play); a scenario on part
 * of the board lists its areas, and nothing enters an area outside them (moves, retreats, placements).
 */
export function inPlay(G: Pick<GameState, 'scenario'>, area: AreaId): boolean {
  const region = G.scenario?.region;
  return !region || region.includes(area);
}

/** Neighbours of an area that are in play. */
export function neighboursInPlay(G: Pick<GameState, 'scenario'>, from: AreaId): readonly AreaId[] {
  return G.scenario?.region ? neighbours(from).filter((a) => inPlay(G, a)) : neighbours(from);
}
