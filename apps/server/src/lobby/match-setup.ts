import type { Game, State } from 'boardgame.io';
import type { GameModule } from '@kon/platform';
import { ApiError } from '../http/errors';
import { InitializeGame } from '../games/bgio-internal';

/**
 * A new match's first state from its game's set-up. The lobby checks the set-up first (the game's
 * schema and validateSetup); should the game's rules still refuse it, that is the request's fault and
 * is answered 400 naming setupData, never 500. Anything else the set-up throws is a bug and goes on.
 */
export function initialState(module: GameModule, game: Game, numPlayers: number, setupData: unknown): State {
  try {
    return InitializeGame({ game, numPlayers, setupData });
  } catch (e) {
    const refusal = module.refusalOf?.(e);
    if (!refusal) throw e;
    throw new ApiError(400, 'invalid_body', 'The request body is not valid.', [{ path: 'setupData', message: refusal.message }]);
  }
}
