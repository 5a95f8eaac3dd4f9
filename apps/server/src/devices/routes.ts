/**
 * Linked devices (player-list.ts):
 *   POST /api/devices/link     a link code for this device's player (Bearer device token, or none: a new player)
 *   POST /api/devices/redeem   { code } → this device's token in the linking device's player
 *   GET  /api/devices/list     the player's encrypted list and its version
 *   PUT  /api/devices/list     { blob, version }: write over that version (409 when another device wrote first)
 */
import { deviceListRequest as listBody, redeemRequest as redeemBody } from '@kon/protocol';
import { ApiError } from '../http/errors';
import { bearer, parse, readJson, type ApiRoutes } from '../http/routes';
import type { PlayerLists } from './player-list';

export function deviceRoutes(lists: PlayerLists): ApiRoutes {
  return (router, deps) => {
    const player = async (token: string | undefined) => {
      const id = await lists.playerOf(token);
      if (!id) throw new ApiError(401, 'not_linked', 'This device is not linked (or was unlinked).');
      return id;
    };

    router.post('/devices/link', async (ctx) => {
      ctx.status = 201;
      ctx.body = await lists.makeLink(bearer(ctx));
    });

    router.post('/devices/redeem', async (ctx) => {
      const { code } = parse(redeemBody, await readJson(ctx, deps.config.bodyLimitBytes));
      const deviceToken = await lists.redeem(code);
      if (!deviceToken) throw new ApiError(404, 'link_invalid', 'This link code is used up, expired or unknown.');
      deps.log.info('device linked');
      ctx.status = 201;
      ctx.body = { deviceToken };
    });

    router.get('/devices/list', async (ctx) => {
      ctx.body = await lists.read(await player(bearer(ctx)));
    });

    router.put('/devices/list', async (ctx) => {
      const id = await player(bearer(ctx));
      const body = parse(listBody, await readJson(ctx, Math.max(deps.config.bodyLimitBytes, 70_000)));
      const version = await lists.write(id, body.blob, body.version);
      if (version === undefined) throw new ApiError(409, 'list_changed', 'Another device changed the list first; read it again.');
      ctx.body = { version };
    });
  };
}
