/**
 * The match maker's and the ratings' routes: tickets and blocks for the signed-in account; open
 * tickets, leaderboards, profiles and a match's forecast for anyone.
 */
import { accountId as accountIdShape, leaderboardQuery, ticketRequest } from '@kon/protocol';
import { bearer, parse, readJson, type ApiRoutes } from '../http/routes';
import { ApiError } from '../http/errors';
import { leaderboard, matchForecast, profile } from '../ratings/queries';
import type { RatingService } from '../ratings/service';
import { KON } from '../ratings/model';
import { requireAccount } from './account';
import type { Matchmaker } from './service';

/** Display names of accounts (the accounts module's); none known: null is shown. */
export type NamesOf = (accountIds: readonly string[]) => Promise<Map<string, string>>;

export function matchmakerRoutes(mm: Matchmaker, ratings: RatingService, namesOf: NamesOf = async () => new Map()): ApiRoutes {
  return (router, deps) => {
    const limit = deps.config.bodyLimitBytes;
    router.post('/tickets', async (ctx) => {
      const me = requireAccount(ctx);
      const body = parse(ticketRequest, await readJson(ctx, limit));
      ctx.status = 201;
      ctx.body = await mm.put(me.id, body);
    });
    router.get('/tickets', async (ctx) => {
      const me = requireAccount(ctx);
      ctx.body = { tickets: await mm.mine(me.id) };
    });
    router.get('/tickets/open', async (ctx) => {
      ctx.body = { open: await mm.openCounts() };
    });
    router.delete('/tickets/:id', async (ctx) => {
      const me = requireAccount(ctx);
      await mm.cancel(me.id, ctx.params.id!);
      ctx.status = 204;
    });
    router.get('/blocks', async (ctx) => {
      const me = requireAccount(ctx);
      ctx.body = { blocked: await mm.blocked(me.id) };
    });
    router.put('/blocks/:account', async (ctx) => {
      const me = requireAccount(ctx);
      await mm.block(me.id, parseAccount(ctx.params.account));
      ctx.status = 204;
    });
    router.delete('/blocks/:account', async (ctx) => {
      const me = requireAccount(ctx);
      await mm.unblock(me.id, parseAccount(ctx.params.account));
      ctx.status = 204;
    });
    router.get('/leaderboards/:game', async (ctx) => {
      const game = deps.lobby.games.get(ctx.params.game!);
      if (!game) throw new ApiError(404, 'not_found', 'No such game.');
      const q = leaderboardQuery.safeParse(ctx.query);
      if (!q.success) throw new ApiError(400, 'invalid_query', 'The query is not valid.');
      const variant = game.id === KON ? (q.data.variant ?? 'basic') : '-';
      const side = game.id === KON ? (q.data.side ?? 'germany') : '-';
      const rows = await leaderboard(ratings.sqlHandle, ratings.rules, game.id, variant, side);
      const names = await namesOf(rows.map((r) => r.accountId));
      ctx.body = {
        game: game.id,
        variant,
        side,
        minGames: ratings.rules.leaderboardMinGames,
        rows: rows.map((r) => ({ ...r, name: names.get(r.accountId) ?? null })),
      };
    });
    router.get('/profiles/:account', async (ctx) => {
      const id = parseAccount(ctx.params.account);
      const p = await profile(ratings, id);
      ctx.body = { ...p, name: (await namesOf([id])).get(id) ?? null };
    });
    router.get('/matches/:id/forecast', async (ctx) => {
      // Who may see the match may see its forecast (lobby.get refuses everyone else as not found).
      await deps.lobby.get(ctx.params.id!, bearer(ctx));
      ctx.body = await matchForecast(ratings, deps.storage, ctx.params.id!);
    });
  };
}

function parseAccount(raw: string | undefined): string {
  const r = accountIdShape.safeParse(raw);
  if (!r.success) throw new ApiError(404, 'not_found', 'No such player.');
  return r.data;
}
