/**
 * An automatic pass says nothing a clicked pass would not: one stored match, copied, goes on in two
 * servers from the same forced window (a seat whose only legal action is to pass, with cards in hand).
 * In one the seat turns passing on and the server passes for it; in the other the seat clicks Pass.
 * Every seat and the spectator receive the same game message, the same log entry is stored, nobody
 * but the seat hears of its switch, and nothing of the seat's hand reaches anyone else.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { actor, onlyPass, legalActions, PLAYER_OF_FACTION, viewFor, type GameState } from '@kon/game';
import { easyBot, seededRng } from '@kon/game/bots';
import { afterEach, describe, expect, it } from 'vitest';
import { api, createMatch, join, serverState, sleep, startTestServer, syncedSocket, waitFor, type TestServer } from './helpers';

const servers: TestServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const ENV = { BOT_MOVE_DELAY_MS: '0', AUTOPASS: 'on', AUTOPASS_DELAY_MS: '0', SOCKET_MESSAGES_PER_10S: '100000' };
const GAME_EVENTS = new Set(['patch', 'update']);
/** Presence and lobby pushes: they follow connections, not moves. */
const PRESENCE = new Set(['matchData', 'kon:lobby']);

describe('automatic passes on the wire', () => {
  it('send every seat and the spectator exactly what a clicked pass sends, and nothing of the hand', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-autopass-'));
    dirs.push(dir);
    const first = await startTestServer(ENV, { dataDir: dir });
    servers.push(first);
    const m = await createMatch(first.url, { plan: 'three', setupData: { ruleset: 'basic' } });
    const members = await Promise.all(m.links.seats.map((s) => join(first.url, m.matchID, s.token, s.seat)));
    const cred = (pid: string) => members.find((x) => x.playerIDs.includes(pid))!.credentials;
    for (const mb of members)
      await api(first.url, 'PUT', `/api/matches/${m.matchID}/autopass`, { token: mb.credentials, body: { on: false } });

    // Play (Easy's choices, as each seat) to a forced pass whose seat holds cards.
    const rng = seededRng(11);
    let forced: { stateID: number; playerID: string; hand: string[] } | undefined;
    for (let i = 0; i < 3000 && !forced; i++) {
      const s = (await first.server.transport.currentState(m.matchID))!;
      const G = s.G as GameState;
      const who = actor(G)!;
      const pid = PLAYER_OF_FACTION[who.faction];
      const pass = onlyPass(G, who.faction);
      if (pass?.type === 'pass' && G.hands[who.faction].length > 0) {
        forced = { stateID: s._stateID, playerID: pid, hand: [...G.hands[who.faction]] };
        break;
      }
      const view = viewFor(G, who.faction);
      const pick = pass ?? easyBot({ view, legal: legalActions(view as never, who.faction), rng });
      const out = await first.server.transport.submitMove(
        m.matchID,
        pid,
        { type: pick.type, args: [pick.args] },
        { by: 'player', stateID: s._stateID, credentials: cred(pid) },
      );
      expect(out.ok).toBe(true);
    }
    expect(forced).toBeDefined();
    const f = forced!;
    await first.stop({ keepData: true });
    servers.splice(0);

    // The same stored match in two servers.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-autopass-'));
    dirs.push(copy);
    fs.cpSync(dir, copy, { recursive: true });
    const auto = await startTestServer(ENV, { dataDir: dir });
    const manual = await startTestServer(ENV, { dataDir: copy });
    servers.push(auto, manual);

    const watch = async (t: TestServer) => {
      const sockets = new Map<string, Awaited<ReturnType<typeof syncedSocket>>>();
      for (const pid of ['0', '1', '2']) sockets.set(pid, await syncedSocket(t.url, m.matchID, pid, cred(pid)));
      sockets.set('spectator', await syncedSocket(t.url, m.matchID, null, m.links.spectator));
      for (const s of sockets.values()) expect(s.error).toBeUndefined();
      // Restarted with the seat's passing off: the window is still open.
      await sleep(200);
      expect((await t.server.transport.currentState(m.matchID))!._stateID).toBe(f.stateID);
      for (const s of sockets.values()) s.received.length = 0;
      return sockets;
    };
    const a = await watch(auto);
    const b = await watch(manual);

    // The server passes for the seat once it turns passing on; in the copy the seat clicks Pass.
    const on = await api(auto.url, 'PUT', `/api/matches/${m.matchID}/autopass`, { token: cred(f.playerID), body: { on: true } });
    expect(on.status).toBe(200);
    b.get(f.playerID)!.socket.emit(
      'update',
      { type: 'MAKE_MOVE', payload: { type: 'pass', args: [{}], playerID: f.playerID, credentials: cred(f.playerID) } },
      f.stateID,
      m.matchID,
      f.playerID,
    );

    const next = f.stateID + 1;
    const gameMessage = (s: { received: { event: string; args: unknown[] }[] }) =>
      s.received.find(
        (r) =>
          GAME_EVENTS.has(r.event) && (r.event === 'patch' ? r.args[2] === next : (r.args[1] as { _stateID: number })._stateID === next),
      );
    for (const sockets of [a, b]) for (const [who, s] of sockets) await waitFor(() => gameMessage(s), `${who} hears the pass`);
    await sleep(100);

    for (const who of ['0', '1', '2', 'spectator']) {
      expect(gameMessage(a.get(who)!), who).toEqual(gameMessage(b.get(who)!));
      if (who === f.playerID) continue;
      // The others hear of the game only, never of the seat's switch or its hand.
      for (const r of a.get(who)!.received) expect(GAME_EVENTS.has(r.event) || PRESENCE.has(r.event), `${who} heard ${r.event}`).toBe(true);
      const heard = JSON.stringify(a.get(who)!.received);
      for (const card of f.hand) expect(heard.includes(`"${card}"`), `${who} heard of ${card}`).toBe(false);
    }
    // Only the seat itself hears that its switch is on.
    expect(
      a
        .get(f.playerID)!
        .received.filter((r) => r.event === 'kon:autopass')
        .map((r) => r.args[0]),
    ).toEqual([{ on: true, skips: [] }]);

    // The stored move and the match's log are the same too.
    const [sa, sb] = await Promise.all([serverState(auto, m.matchID), serverState(manual, m.matchID)]);
    const entry = (x: { log: { _stateID: number; action: unknown }[] }) => x.log.find((l) => l._stateID === f.stateID)?.action;
    expect(entry(sa)).toBeDefined();
    expect(entry(sa)).toEqual(entry(sb));
    for (const s of [...a.values(), ...b.values()]) s.socket.close();
  });
});
