// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * "Your move" settings changed through one process reach the moves another process makes: the
 * process that moves keeps whether a match has any settings only with the match's change count
 * (cluster/lease.ts), which the change on the other process moved. Skipped when PostgreSQL or Redis
 * is not running here.
 */
import { legalMoves } from '@kon/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createMatch, gameClient, join, waitFor, type GameClient } from './helpers';
import { needs } from './services';
import { twoProcesses } from './two-processes';
import { httpReceiver } from './http-receiver';

const require = (await import('node:module')).createRequire(import.meta.url);
const { SocketIO } = require('boardgame.io/multiplayer') as typeof import('boardgame.io/multiplayer');

const available = await needs('postgres', 'redis');

let hooks: Awaited<ReturnType<typeof httpReceiver>>;
beforeAll(async () => {
  hooks = await httpReceiver();
});
afterAll(() => hooks.close());

describe.skipIf(!available)('notification settings across two processes', () => {
  const pair = twoProcesses('kon_cluster_notify', { env: { WEBHOOK_TARGETS: 'any' } });

  it('a webhook set through one process is used for the next decision the other process stores', async () => {
    const m = await createMatch(pair.urls[0]!);
    const link = (seat: string) => m.links.seats.find((s) => s.seat === seat)!.token;
    const [de, no] = [
      await join(pair.urls[0]!, m.matchID, link('germany'), 'Greta'),
      await join(pair.urls[0]!, m.matchID, link('norway'), 'Nils'),
    ];
    await join(pair.urls[0]!, m.matchID, link('allies'), 'Alice');
    // Germany plays through process 1, which learns that nobody in the match has settings.
    const germany: GameClient = gameClient(m.matchID, '0', de.credentials, SocketIO({ server: pair.urls[1]! }));
    try {
      await waitFor(() => germany.getState()?.G, 'Germany synced', 20_000);
      const play = async (pick: (move: string) => boolean) => {
        const s = germany.getState()!;
        const move = legalMoves(s.G as any, s.ctx, '0').find((x) => pick(x.move));
        if (!move) return false;
        (germany.moves as any)[move.move](...move.args);
        await waitFor(() => (germany.getState()?._stateID ?? 0) > s._stateID, 'the move stored', 20_000);
        return true;
      };
      expect(await play((x) => x === 'move')).toBe(true);
      // Norway, away, asks for a webhook through process 0.
      const set = await api(pair.urls[0]!, 'PUT', `/api/matches/${m.matchID}/notifications`, {
        token: no.credentials,
        body: { webhookUrl: `${hooks.url}/norway` },
      });
      expect(set.status, set.text).toBe(200);
      // Germany ends its phase through process 1: Norway decides, and is told through the webhook.
      expect(await play((x) => x === 'endPhase')).toBe(true);
      await waitFor(() => hooks.received.some((h) => h.path === '/norway'), 'Norway told through its webhook', 20_000);
    } finally {
      germany.stop();
    }
  }, 90_000);
});
