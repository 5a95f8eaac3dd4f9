/**
 * Looking back at a Deres uenighet match through the server: a state carries only its move's log
 * entries (G.log from G.logBase); the board at an entry must be the spectators' view right after the
 * move that wrote it (not the latest board), and never hold an order not yet revealed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewFor, type DeresEvent, type DeresState } from '@kon/deres';
import { BOTS } from '@kon/deres/bots';
import { api, createMatch, join, startTestServer, type TestServer } from './helpers';

/** Where the whole log ends by this state (the state carries the last batch). */
const logEnd = (G: DeresState) => G.logBase + G.log.length;

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
      if (logEnd(after) > logEnd(g)) views.push({ length: logEnd(after), view: viewFor(after, null) });
    }
    const now = await G();
    expect(views.length).toBeGreaterThan(5);
    expect(now.phase).toBe('move');
    expect(Object.values(now.orders).filter(Boolean)).toHaveLength(1);
    for (const v of views) {
      const r = await api(t.url, 'GET', `/api/matches/${m.matchID}/board?entry=${v.length - 1}`, { token: m.links.spectator });
      expect(r.status).toBe(200);
      expect(r.json.G).toEqual(JSON.parse(JSON.stringify(v.view)));
      expect(r.json.G.myOrders).toBeNull();
    }
  });

  it('sends each state with only its move’s log entries, which add up to the history the server serves', async () => {
    const m = await createMatch(t.url, { game: 'deres-uenighet', plan: 'three' });
    for (const [i, s] of m.links.seats.entries()) await join(t.url, m.matchID, s.token, `P${i}`);
    const tr = t.server.transport;
    let u = 3;
    const rand = () => (u = (u * 16807) % 2147483647) / 2147483647;
    // The log as a page pieces it together: each state's batch is the log from its logBase on.
    const pieced: unknown[] = [];
    let g = (await tr.currentState(m.matchID))!.G as DeresState;
    pieced.push(...g.log);
    /** The spectators' board each shooting step's orders were written on, by the log index of its reveal. */
    const shotFrom = new Map<number, Pick<DeresState, 'regiments' | 'forts'>>();
    for (let k = 0; k < 150 && !g.result; k++) {
      const seat = g.setupTurn ?? g.mustSubmit.find((s) => !g.submitted[s])!;
      const mv = BOTS.random(viewFor(g, seat), seat, rand)!;
      const boardBefore = viewFor(g, null);
      expect((await tr.submitMove(m.matchID, seat, { type: mv.move, args: mv.args }, { by: 'server' })).ok).toBe(true);
      const after = (await tr.currentState(m.matchID))!.G as DeresState;
      // The batch starts where the log ended before the move: it holds this move's entries only.
      expect(after.logBase, `move ${k + 1}`).toBe(logEnd(g));
      if (after.log[0]?.t === 'reveal' && after.log.some((e) => e.t === 'roll')) shotFrom.set(after.logBase, boardBefore);
      pieced.length = after.logBase;
      pieced.push(...after.log);
      g = after;
    }
    expect(pieced.length).toBeGreaterThan(30);
    const r = await api(t.url, 'GET', `/api/matches/${m.matchID}/log?from=0`, { token: m.links.spectator });
    expect(r.status).toBe(200);
    expect(r.json.entries).toEqual(JSON.parse(JSON.stringify(pieced)));
    // Looking back at a shooting step, a page draws its shots on the board at the entry before the
    // step: the board the orders were written on, which holds every piece that fires in the step.
    expect(shotFrom.size).toBeGreaterThan(0);
    for (const [reveal, board] of shotFrom) {
      const b = await api(t.url, 'GET', `/api/matches/${m.matchID}/board?entry=${reveal - 1}`, { token: m.links.spectator });
      expect(b.status).toBe(200);
      // (Moves that wrote no entry, orders handed in, may lie between: the pieces are the same.)
      const pieces = (g: Pick<DeresState, 'regiments' | 'forts'>) => JSON.parse(JSON.stringify([...g.regiments, ...g.forts]));
      const at = pieces(b.json.G as DeresState);
      expect(at).toEqual(pieces(board));
      const ids = at.map((p: { id: string }) => p.id);
      for (let e = reveal + 1; e < pieced.length && (pieced[e] as DeresEvent).t !== 'reveal'; e++) {
        const ev = pieced[e] as DeresEvent;
        if (ev.t === 'roll') expect(ids, `entry ${e}`).toContain(ev.shooter);
      }
    }
  });

  it('gives the record, with every order as handed in, only once the match is over', async () => {
    const m = await createMatch(t.url, { game: 'deres-uenighet', plan: 'two', setupData: { maxRounds: 1 } });
    for (const [i, s] of m.links.seats.entries()) await join(t.url, m.matchID, s.token, `P${i}`);
    const tr = t.server.transport;
    let u = 7;
    const rand = () => (u = (u * 16807) % 2147483647) / 2147483647;
    let replaced = false;
    for (let k = 0; k < 400; k++) {
      const g = (await tr.currentState(m.matchID))!.G as DeresState;
      if (g.result) break;
      const seat = g.setupTurn ?? g.mustSubmit.find((s) => !g.submitted[s])!;
      const mv = BOTS.random(viewFor(g, seat), seat, rand)!;
      // The first buy orders are handed in twice: the first set is replaced, never revealed.
      if (!replaced && g.phase === 'buy' && mv.move === 'submitOrders' && g.mustSubmit.length > 1) {
        const first = { ...(mv.args[0] as object), loan: true };
        expect((await tr.submitMove(m.matchID, seat, { type: 'submitOrders', args: [first] }, { by: 'server' })).ok).toBe(true);
        replaced = true;
        const early = await api(t.url, 'GET', `/api/matches/${m.matchID}/record`, { token: m.links.spectator });
        expect(early.status).toBe(409);
        continue;
      }
      expect((await tr.submitMove(m.matchID, seat, { type: mv.move, args: mv.args }, { by: 'server' })).ok).toBe(true);
    }
    expect(replaced).toBe(true);
    const r = await api(t.url, 'GET', `/api/matches/${m.matchID}/record`, { token: m.links.spectator });
    expect(r.status).toBe(200);
    const orders = r.json.moves.filter((x: { move: string }) => x.move === 'submitOrders');
    expect(orders.length).toBeGreaterThan(2);
    expect(orders.some((x: { args: { loan?: boolean }[] }) => x.args[0]?.loan === true)).toBe(true);
  });
});
