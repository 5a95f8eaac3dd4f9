/**
 * Looking back at a Deres uenighet match through the server: Deres keeps its whole log in its state,
 * so every earlier entry is in every later state's log; the board at an entry must still be the
 * spectators' view right after the move that wrote it (not the latest board), and never hold an
 * order not yet revealed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewFor, type DeresState } from '@kon/deres';
import { BOTS } from '@kon/deres/bots';
import { api, createMatch, join, startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

describe('the board at a log entry of a Deres match', () => {
  it('is the spectators’ view right after the move that wrote the entry', async () => {
    const m = await createMatch(t.url, { game: 'deres-uenighet', plan: 'three' });
    for (const [i, s] of m.links.seats.entries()) await join(t.url, m.matchID, s.token, `P${i}`);
    const tr = t.server.transport;
    const G = async () => (await tr.currentState(m.matchID))!.G as DeresState;
    // Computer moves through set-up and round 1's buying and a first move order (kept secret).
    const views: { length: number; view: unknown }[] = [];
    let u = 1;
    const rand = () => (u = (u * 16807) % 2147483647) / 2147483647;
    for (let k = 0; k < 200; k++) {
      const g = await G();
      if (g.round === 1 && g.phase === 'move' && Object.values(g.submitted).filter(Boolean).length === 1) break;
      const seat = g.setupTurn ?? g.mustSubmit.find((s) => !g.submitted[s])!;
      const mv = BOTS.random(viewFor(g, seat), seat, rand)!;
      expect((await tr.submitMove(m.matchID, seat, { type: mv.move, args: mv.args }, { by: 'server' })).ok).toBe(true);
      const after = await G();
      if (after.log.length > g.log.length) views.push({ length: after.log.length, view: viewFor(after, null) });
    }
    const now = await G();
    expect(now.phase).toBe('move');
    expect(Object.values(now.orders).filter(Boolean)).toHaveLength(1);
    for (const v of views) {
      const r = await api(t.url, 'GET', `/api/matches/${m.matchID}/board?entry=${v.length - 1}`, { token: m.links.spectator });
      expect(r.status).toBe(200);
      expect(r.json.G).toEqual(JSON.parse(JSON.stringify(v.view)));
      expect(r.json.G.myOrders).toBeNull();
    }
  });
});
