/** The API of computer seats: hand an absent seat to the computer, take your own seat back. */
import type Router from '@koa/router';
import { seatParam } from '@kon/protocol';
import type { Config } from '../core/config';
import { ApiError } from '../http/errors';
import { bearer, parse, readJson } from '../http/routes';
import { SEAT_KEYS, type SeatKey } from '../lobby/lobby';
import type { BotSeats } from './driver';
import { handOverBody } from './seats';

function seatOf(raw: string | undefined): SeatKey {
  const s = seatParam.safeParse(raw);
  if (!s.success)
    throw new ApiError(400, 'no_such_seat', `There is no seat "${String(raw).slice(0, 32)}"; seats are: ${SEAT_KEYS.join(', ')}.`);
  return s.data;
}

export function botRoutes(router: Router, bots: BotSeats, config: Config) {
  /** Body `{ "strength": "easy" }`; Bearer: a member of another seat. */
  router.put('/matches/:id/seats/:seat/bot', async (ctx) => {
    const seat = seatOf(ctx.params.seat);
    const body = parse(handOverBody, await readJson(ctx, config.bodyLimitBytes));
    ctx.body = await bots.handOver(ctx.params.id!, seat, bearer(ctx), body.strength);
  });

  /** Bearer: a member of this seat. */
  router.delete('/matches/:id/seats/:seat/bot', async (ctx) => {
    ctx.body = await bots.takeBack(ctx.params.id!, seatOf(ctx.params.seat), bearer(ctx));
  });
}
