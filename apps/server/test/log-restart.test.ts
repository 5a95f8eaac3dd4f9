// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * A long match survives a restart as its seats saw it: after 600 moves over real sockets (or the
 * game's end, if it comes first) the server restarts on the same store, and the log the history API
 * rebuilds from storage is the log every seat and the spectator pieced together from the states they
 * were sent (each carries only its move's entries, G.log from G.logBase), and every view a socket
 * gets on reconnecting is the view it held before the restart.
 */
import { createRequire } from 'node:module';
import { legalMoves } from '@kon/game';
import { afterAll, describe, expect, it } from 'vitest';
import { api, createMatch, gameClient, join, startTestServer, type GameClient, type TestServer } from './helpers';

const require = createRequire(import.meta.url);
const { SocketIO } = require('boardgame.io/multiplayer') as typeof import('boardgame.io/multiplayer');

const RESTART_AT = 600;

let t: TestServer | undefined;
afterAll(async () => {
  await t?.stop();
});

/** Resolves once every client holds a state at least `stateID`. */
function reached(clients: GameClient[], stateID: number, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const unsubs: (() => void)[] = [];
    // Polled too: boardgame.io's client does not notify its subscribers of every state it takes in.
    const poll = setInterval(() => check(), 50);
    const timer = setTimeout(() => {
      clearInterval(poll);
      unsubs.forEach((u) => u());
      reject(new Error(`clients stuck at ${clients.map((c) => c.getState()?._stateID).join(',')}, wanted ${stateID}`));
    }, timeoutMs);
    const check = () => {
      if (!clients.every((c) => (c.getState()?._stateID ?? -1) >= stateID)) return;
      clearTimeout(timer);
      clearInterval(poll);
      queueMicrotask(() => unsubs.forEach((u) => u()));
      resolve();
    };
    for (const c of clients) unsubs.push(c.subscribe(check));
    check();
  });
}

describe('a match restarted at move 600', () => {
  it('rebuilds from storage the log and the views its seats and spectator saw', { timeout: 600_000 }, async () => {
    t = await startTestServer({ SOCKET_MESSAGES_PER_10S: '100000' });
    const server = t;
    const m = await createMatch(server.url, { plan: 'three', setupData: { ruleset: 'basic' } });
    const seats = await Promise.all(m.links.seats.map((s, i) => join(server.url, m.matchID, s.token, `Spiller ${i + 1}`)));
    const who: [string | null, string][] = [
      ...seats.map((s, i): [string, string] => [String(i), s.credentials]),
      [null, m.links.spectator],
    ];
    const connect = () => who.map(([pid, creds]) => gameClient(m.matchID, pid, creds, SocketIO({ server: server.url })));
    const clients = connect();
    // The log each socket was shown, as the page pieces it together: a state's batch is the log from its logBase on.
    const shown: unknown[][] = clients.map(() => []);
    clients.forEach((c, i) =>
      c.subscribe((st: any) => {
        if (!st?.G) return;
        shown[i]!.length = st.G.logBase;
        shown[i]!.push(...st.G.log);
      }),
    );
    await reached(clients, 0);

    let s = 600;
    const rand = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    let moves = 0;
    for (; moves < RESTART_AT; moves++) {
      const spectator = clients[3]!.getState()!;
      if (spectator.ctx.gameover) break;
      const pid = Object.keys(spectator.ctx.activePlayers ?? { [spectator.ctx.currentPlayer]: true })[0]!;
      const own = clients[Number(pid)]!.getState()!;
      const options = legalMoves(own.G as any, own.ctx, pid);
      expect(options.length, `no legal move for ${pid}`).toBeGreaterThan(0);
      const choice = options[Math.floor(rand() * options.length)]!;
      (clients[Number(pid)]!.moves as any)[choice.move](...choice.args);
      await reached(clients, own._stateID + 1);
    }
    const seen = clients.map((c) => structuredClone(c.getState()!.G));
    const stateID = clients[0]!.getState()!._stateID;
    for (const c of clients) c.stop();
    console.log(`restarting after ${moves} moves (state ${stateID}); the log holds ${shown[3]!.length} entries`);
    // The whole log is never in a state: at most the last move's entries.
    expect(shown[3]!.length).toBeGreaterThan(moves);
    expect((seen[3] as { log: unknown[] }).log.length).toBeLessThan(shown[3]!.length / 10);

    await server.restart();

    const history = await api(server.url, 'GET', `/api/matches/${m.matchID}/log?from=0`, { token: m.links.spectator });
    expect(history.status).toBe(200);
    for (const log of shown) expect(history.json.entries).toEqual(log);
    const again = connect();
    await reached(again, stateID);
    again.forEach((c, i) => expect(c.getState()!.G, `view of ${who[i]![0] ?? 'the spectator'}`).toEqual(seen[i]));
    for (const c of again) c.stop();
  });
});
