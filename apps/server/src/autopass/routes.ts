/**
 * A seat's switch for automatic passing, set from inside the match (Bearer: a member of the seat):
 *   GET /api/matches/:id/autopass   { on, available }
 *   PUT /api/matches/:id/autopass   body { "on": false } — answers { on, available }
 * On a server with automatic passing off (AUTOPASS=off) it is never on, and cannot be set.
 * After a change the seat's own sockets on this process hear `kon:autopass` { on } (its other
 * members' browsers follow); no other socket hears anything, and the open window is looked at again.
 */
import { ApiError } from '../http/errors';
import { bearer, parse, readJson, type ApiRoutes, type HttpDeps } from '../http/routes';
import type { SeatKey } from '../lobby/lobby';
import { autopassBody, autopassOn, setAutopass } from './settings';

export const AUTOPASS_EVENT = 'kon:autopass';

async function seatOf(deps: HttpDeps, matchID: string, token: string | undefined): Promise<{ seat: SeatKey; playerIDs: string[] }> {
  const view = await deps.lobby.get(matchID, token);
  if (view.you.role !== 'member') throw new ApiError(403, 'not_a_member', 'Only a joined member may do this, with their own credentials.');
  return { seat: view.you.seat, playerIDs: view.you.playerIDs };
}

export function autopassRoutes(hooks: {
  available: boolean;
  changed: (matchID: string, playerIDs: string[], on: boolean) => void;
}): ApiRoutes {
  return (router, deps) => {
    router.get('/matches/:id/autopass', async (ctx) => {
      const matchID = ctx.params.id!;
      const { seat } = await seatOf(deps, matchID, bearer(ctx));
      ctx.body = { on: hooks.available && (await autopassOn(deps.storage, matchID, seat)), available: hooks.available };
    });

    router.put('/matches/:id/autopass', async (ctx) => {
      const matchID = ctx.params.id!;
      const { seat, playerIDs } = await seatOf(deps, matchID, bearer(ctx));
      const { on } = parse(autopassBody, await readJson(ctx, deps.config.bodyLimitBytes));
      if (!hooks.available) throw new ApiError(409, 'autopass_off', 'This server does not pass for anyone.');
      await setAutopass(deps.storage, matchID, seat, on);
      hooks.changed(matchID, playerIDs, on);
      ctx.body = { on, available: true };
    });
  };
}
