/** GET /api/matches/:id/clock: the match's clock, for anyone who may watch the match (null: no time controls). */
import { bearer, type ApiRoutes } from '../http/routes';
import type { ClockService } from './service';

export function clockRoutes(clocks: ClockService): ApiRoutes {
  return (router, deps) => {
    router.get('/matches/:id/clock', async (ctx) => {
      // Who may see the match may see its clock (lobby.get refuses everyone else as not found).
      await deps.lobby.get(ctx.params.id!, bearer(ctx));
      ctx.body = { clock: (await clocks.view(ctx.params.id!)) ?? null };
    });
  };
}
