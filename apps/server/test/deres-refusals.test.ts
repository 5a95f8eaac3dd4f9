/**
 * A Deres move refused on the socket reaches the player as a code the game's own texts put in words:
 * the server sends `illegal_move` with the rule (the engine's code in snake_case), and the module's
 * refusalText gives it in Norwegian and English, as the match page shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { deresModule } from '@kon/deres/module';
import { connected, createMatch, join, startTestServer, waitFor, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

describe('a refused Deres move on the socket', () => {
  it('names the rule, which the game module words in both languages', async () => {
    const m = await createMatch(t.url, { game: 'deres-uenighet', plan: 'two' });
    const members = [];
    for (const [i, s] of m.links.seats.entries()) members.push(await join(t.url, m.matchID, s.token, `P${i}`));
    const socket: Socket = ioClient(`${t.url}/deres-uenighet`, { forceNew: true, reconnection: false });
    const received: { event: string; args: unknown[] }[] = [];
    socket.onAny((event: string, ...args: unknown[]) => received.push({ event, args }));
    await connected(socket);
    socket.emit('sync', m.matchID, '0', members[0]!.credentials, 2);
    await waitFor(() => received.find((r) => r.event === 'sync'), 'sync');
    // Orders during the set-up: there are none to give yet.
    socket.emit(
      'update',
      {
        type: 'MAKE_MOVE',
        payload: { type: 'submitOrders', args: [{ kind: 'move', moves: [] }], playerID: '0', credentials: members[0]!.credentials },
      },
      0,
      m.matchID,
      '0',
    );
    const refusal = (await waitFor(() => received.find((r) => r.event === 'kon:error'), 'refusal')).args[0] as {
      code: string;
      rule?: string;
    };
    socket.close();
    expect(refusal).toMatchObject({ code: 'illegal_move', rule: 'no_orders_now' });
    const code = refusal.rule!.replace(/_/g, '-');
    expect(deresModule.refusalText?.(code, undefined, 'no')).toBe('Du har ingen ordre å gi nå.');
    expect(deresModule.refusalText?.(code, undefined, 'en')).toBe('You have no orders to give now.');
  });
});
