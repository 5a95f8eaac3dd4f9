/**
 * The API of a match's past and its sequel: the board at a log entry (spectators' view), the record of
 * a finished game, and the rematch. Each is open to whoever may watch the match (members, seat links,
 * the spectator link; anyone for a public match), the rematch to its players only.
 */
import type Router from '@koa/router';
import { boardQuery } from '@kon/protocol';
import { ApiError } from '../http/errors';
import { bearer } from '../http/routes';
import type { Lobby } from '../lobby/lobby';
import type { MatchReplay } from './replay';
import type { Rematches } from '../lobby/rematch';

export function replayRoutes(deps: { lobby: Lobby; replay: MatchReplay; rematches: Rematches }) {
  const { lobby, replay, rematches } = deps;
  return (router: Router) => {
    router.get('/matches/:id/board', async (ctx) => {
      const q = boardQuery.safeParse(ctx.query);
      if (!q.success) throw new ApiError(400, 'invalid_query', '"entry" must be a whole number of at least 0.');
      await lobby.get(ctx.params.id!, bearer(ctx)); // may this token watch the match? (404 otherwise)
      const at = await replay.boardAt(ctx.params.id!, q.data.entry);
      if (!at) throw new ApiError(404, 'no_such_entry', 'The log has no such entry.');
      ctx.body = at;
    });

    router.get('/matches/:id/record', async (ctx) => {
      const info = await lobby.get(ctx.params.id!, bearer(ctx));
      if (!info.gameover) throw new ApiError(409, 'not_over', 'The record of a game can be had once it is over.');
      const record = await replay.record(ctx.params.id!, info.plan);
      if (!record) throw new ApiError(409, 'not_over', 'The record of a game can be had once it is over.');
      ctx.set('Content-Disposition', `attachment; filename="kampen-om-norge-${info.matchID}.json"`);
      ctx.body = record;
    });

    router.post('/matches/:id/rematch', async (ctx) => {
      ctx.status = 201;
      ctx.body = await rematches.start(ctx.params.id!, bearer(ctx));
    });
  };
}
