// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Whole random games over real sockets, through boardgame.io's own client (which applies our
 * patches): every update a seat or the spectator receives stays small however long the game runs,
 * the states the clients rebuild from patches are exactly the server's views, and the game's log,
 * sent a move at a time, adds up to the history the server serves.
 */
import zlib from 'node:zlib';
import { FACTION_OF_PLAYER, legalMoves, viewFor } from '@kon/game';
import { afterAll, describe, expect, it } from 'vitest';
import { io as ioClient } from 'socket.io-client';
import WebSocket from 'ws';
import { WIRE_DEFLATE } from '../src/transport';
import { heldDeflate } from '../src/transport/deflate-release';
import {
  api,
  capturing,
  createMatch,
  join,
  serverState,
  startTestServer,
  type Captured,
  type TestServer,
  gameClient,
  type GameClient,
} from './helpers';

type BgClient = GameClient;
const MAX_UPDATE_BYTES = 2048;

/** What a message costs on the wire: as it is, or deflated when the server compresses it. */
function wireBytes(json: string): number {
  const raw = Buffer.byteLength(json);
  return raw < WIRE_DEFLATE.threshold
    ? raw
    : zlib.deflateRawSync(json, { windowBits: WIRE_DEFLATE.serverMaxWindowBits, ...WIRE_DEFLATE.zlibDeflateOptions }).length;
}
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

let t: TestServer | undefined;
// A test plays far faster than people: lift the per-socket message limit.
const FAST = { SOCKET_MESSAGES_PER_10S: '100000' };
afterAll(async () => {
  await t?.stop();
});

/** A small deterministic PRNG for the test's own choices (the server rolls the dice). */
function chooser(seed: number) {
  let s = seed >>> 0;
  return <T>(xs: readonly T[]): T => {
    s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return xs[s % xs.length]!;
  };
}

/** Resolves once every client holds a state at least `stateID` (event-driven, no polling). */
function reached(clients: BgClient[], stateID: number, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const unsubs: (() => void)[] = [];
    const poll = setInterval(() => check(), 50);
    const timer = setTimeout(() => {
      clearInterval(poll);
      unsubs.forEach((u) => u());
      reject(new Error(`clients stuck at ${clients.map((c) => c.getState()?._stateID).join(',')}, wanted ${stateID}`));
    }, timeoutMs);
    const check = () => {
      if (clients.every((c) => (c.getState()?._stateID ?? -1) >= stateID)) {
        clearTimeout(timer);
        clearInterval(poll);
        queueMicrotask(() => unsubs.forEach((u) => u()));
        resolve();
      }
    };
    for (const c of clients) unsubs.push(c.subscribe(check));
    check();
  });
}

describe.each(['basic', 'advanced'] as const)('a whole random %s game over sockets', (ruleset) => {
  it('sends every seat and the spectator small, flat updates (under 2 KB on the wire) that rebuild the server views exactly, and the log adds up', async () => {
    t ??= await startTestServer(FAST);
    const server = t;
    const m = await createMatch(server.url, { plan: 'three', setupData: { ruleset } });
    const seats = await Promise.all(m.links.seats.map((s, i) => join(server.url, m.matchID, s.token, `Spiller ${i + 1}`)));
    const messages: Captured[][] = [];
    const clients: BgClient[] = [];
    const add = (playerID: string | null, credentials: string) => {
      const got: Captured[] = [];
      messages.push(got);
      const client = gameClient(m.matchID, playerID, credentials, capturing(server.url, got));
      clients.push(client);
    };
    seats.forEach((s, i) => add(String(i), s.credentials));
    add(null, m.links.spectator);
    // The log pieces the spectator's client held, state by state.
    const pieces: { base: number; log: unknown[] }[] = [];
    clients[3]!.subscribe((st: any) => st?.G && pieces.push({ base: st.G.logBase, log: st.G.log }));
    const first = (await serverState(server, m.matchID)).state._stateID;
    await reached(clients, first);

    const pick = chooser(ruleset === 'basic' ? 7 : 8);
    let moves = 0;
    for (; moves < 2500; moves++) {
      const spectator = clients[3]!.getState()!;
      if (spectator.ctx.gameover) break;
      const active = Object.keys(spectator.ctx.activePlayers ?? { [spectator.ctx.currentPlayer]: true });
      const pid = active[0]!;
      const seat = clients[Number(pid)]!;
      const own = seat.getState()!;
      const options = legalMoves(own.G as any, own.ctx, pid);
      expect(options.length, `no legal move for ${pid}`).toBeGreaterThan(0);
      const choice = pick(options);
      (seat.moves as any)[choice.move](...choice.args);
      await reached(clients, own._stateID + 1);
    }
    const { state } = await serverState(server, m.matchID);
    expect(state.ctx.gameover, `the game ended within ${moves} moves`).toBeDefined();

    // Every update and patch, to every socket, from the first move to the last, in order.
    const updates = messages.map((got) =>
      got.filter((x) => x.event === 'update' || x.event === 'patch').map((x) => ({ event: x.event, json: JSON.stringify(x.args) })),
    );
    const all = updates.flat();
    expect(all.length).toBeGreaterThanOrEqual(4 * moves);
    expect(all.filter((x) => x.event === 'patch').length / all.length).toBeGreaterThan(0.95);
    const raw = all.map((x) => Buffer.byteLength(x.json));
    const wire = all.map((x) => wireBytes(x.json));
    const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
    console.log(
      `${ruleset}: ${moves} moves, ${all.length} updates; JSON mean ${Math.round(mean)} B, p99 ${quantile(raw, 0.99)} B, largest ${Math.max(...raw)} B; on the wire largest ${Math.max(...wire)} B`,
    );
    if (process.env.KON_TRACE)
      for (const x of all.filter((u) => u.json.length > 1800).slice(0, 6)) console.log(x.event, x.json.slice(0, 3000));
    // Small and flat: no update grows with the game (the late game's are no larger than the early game's).
    expect(mean).toBeLessThan(1024);
    expect(Math.max(...wire)).toBeLessThan(MAX_UPDATE_BYTES);
    const seat0 = updates[0]!.map((x) => x.json.length);
    const quarter = Math.floor(seat0.length / 4);
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(avg(seat0.slice(-quarter))).toBeLessThan(2 * avg(seat0.slice(0, quarter)));

    // What the clients rebuilt from patches is exactly what the server would send whole.
    for (const [i, client] of clients.entries()) {
      const faction = i < 3 ? FACTION_OF_PLAYER[String(i)]! : null;
      expect(JSON.parse(JSON.stringify(client.getState()!.G))).toEqual(JSON.parse(JSON.stringify(viewFor(state.G, faction))));
      expect(client.getState()!._stateID).toBe(state._stateID);
    }

    // The log, sent a move at a time, adds up to the history the server serves.
    const history = (await api(server.url, 'GET', `/api/matches/${m.matchID}/log?from=0`, { token: m.links.spectator })).json
      .entries as unknown[];
    expect(history.length).toBe(state.G.logBase + state.G.log.length);
    expect(pieces.length).toBeGreaterThanOrEqual(moves);
    for (const p of pieces) expect(history.slice(p.base, p.base + p.log.length)).toEqual(p.log);
    expect(history.slice(state.G.logBase)).toEqual(state.G.log);
    const tail = (await api(server.url, 'GET', `/api/matches/${m.matchID}/log?from=${history.length - 3}`, { token: m.links.spectator }))
      .json;
    expect(tail).toEqual({ from: history.length - 3, entries: history.slice(-3) });
    for (const c of clients) c.stop();
  }, 240_000);
});

describe('the socket', () => {
  it('agrees on permessage-deflate, so large updates travel compressed', async () => {
    t ??= await startTestServer(FAST);
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    expect(ws.extensions).toContain('permessage-deflate');
    ws.close();
  });

  it("lets a socket's compressor go once its compressed message is out (no context is carried over)", async () => {
    t ??= await startTestServer(FAST);
    const m = await createMatch(t.url, { plan: 'three', setupData: { ruleset: 'basic' } });
    const socket = ioClient(`${t.url}/kampen-om-norge`, { transports: ['websocket'], forceNew: true, reconnection: false });
    const synced = new Promise<string>((resolve) => socket.on('sync', (...args: unknown[]) => resolve(JSON.stringify(args))));
    socket.on('connect', () => socket.emit('sync', m.matchID, null, m.links.spectator, 3));
    // The whole view at the sync is over the threshold: it went compressed.
    expect((await synced).length).toBeGreaterThan(WIRE_DEFLATE.threshold);
    const server = [...t.server.transport.io!.of('/kampen-om-norge').sockets.values()].find((s) => s.id === socket.id);
    const ws = (server!.conn.transport as unknown as { socket: { _extensions: Record<string, unknown> } }).socket;
    expect(Object.keys(ws._extensions)).toContain('permessage-deflate');
    expect(heldDeflate(server!)).toBeNull();
    socket.close();
  });
});

describe('the log history endpoint', () => {
  it('answers only those who may watch the match, and refuses a bad "from"', async () => {
    t ??= await startTestServer(FAST);
    const m = await createMatch(t.url, { plan: 'three', setupData: { ruleset: 'basic' } });
    const ok = await api(t.url, 'GET', `/api/matches/${m.matchID}/log`, { token: m.links.spectator });
    expect(ok.status).toBe(200);
    expect(ok.json.from).toBe(0);
    expect(Array.isArray(ok.json.entries)).toBe(true);
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}/log`)).status).toBe(404);
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}/log`, { token: 'x'.repeat(43) })).status).toBe(404);
    const bad = await api(t.url, 'GET', `/api/matches/${m.matchID}/log?from=-1`, { token: m.links.spectator });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid_query');
  });
});
