/**
 * A seat's switch for automatic passing, set from inside the match (Bearer: a member of the seat):
 *   GET /api/matches/:id/autopass   { on, available, skips }
 *   PUT /api/matches/:id/autopass   body { "on": false } or { "notThisPhase": true } — answers { on, available, skips }
 * On a server with automatic passing off (AUTOPASS=off) it is never on, and cannot be set.
 * `notThisPhase` is the seat's choice for the repeated window it faces now (autopass/skips.ts).
 * After a change the seat's own sockets on this process hear `kon:autopass` { on, skips } (its other
 * members' browsers follow); no other socket hears anything, and the open window is looked at again.
 */
import { ApiError } from '../http/errors';
import { bearer, parse, readJson, type ApiRoutes, type HttpDeps } from '../http/routes';
import type { SeatKey } from '../lobby/lobby';
import { autopassBody, autopassOn, setAutopass } from './settings';
import { skipsOf, type Skip } from './skips';

export const AUTOPASS_EVENT = 'kon:autopass';

async function seatOf(deps: HttpDeps, matchID: string, token: string | undefined): Promise<{ seat: SeatKey; playerIDs: string[] }> {
  const view = await deps.lobby.get(matchID, token);
  if (view.you.role !== 'member') throw new ApiError(403, 'not_a_member', 'Only a joined member may do this, with their own credentials.');
  return { seat: view.you.seat, playerIDs: view.you.playerIDs };
}

export function autopassRoutes(hooks: {
  available: boolean;
  changed: (matchID: string, playerIDs: string[], info: { on: boolean; skips: Skip[] }) => void;
  /** "Not this phase" (true) for the seat's open repeated window, or "ask me each time" (false). */
  decline: (matchID: string, seat: SeatKey, playerIDs: string[], decline: boolean) => Promise<Skip[]>;
}): ApiRoutes {
  return (router, deps) => {
    router.get('/matches/:id/autopass', async (ctx) => {
      const matchID = ctx.params.id!;
      const { seat } = await seatOf(deps, matchID, bearer(ctx));
      const [on, skips] = await Promise.all([autopassOn(deps.storage, matchID, seat), skipsOf(deps.storage, matchID, seat)]);
      ctx.body = { on: hooks.available && on, available: hooks.available, skips: hooks.available ? skips : [] };
    });

    router.put('/matches/:id/autopass', async (ctx) => {
      const matchID = ctx.params.id!;
      const { seat, playerIDs } = await seatOf(deps, matchID, bearer(ctx));
      const body = parse(autopassBody, await readJson(ctx, deps.config.bodyLimitBytes));
      if (!hooks.available) throw new ApiError(409, 'autopass_off', 'This server does not pass for anyone.');
      if (body.on !== undefined) await setAutopass(deps.storage, matchID, seat, body.on);
      const skips =
        body.notThisPhase === undefined
          ? await skipsOf(deps.storage, matchID, seat)
          : await hooks.decline(matchID, seat, playerIDs, body.notThisPhase);
      const info = { on: body.on ?? (await autopassOn(deps.storage, matchID, seat)), skips };
      hooks.changed(matchID, playerIDs, info);
      ctx.body = { ...info, available: true };
    });
  };
}
