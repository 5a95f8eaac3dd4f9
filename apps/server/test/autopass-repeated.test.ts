// @module-tag slow
/**
 * "Not this phase" (autopass/skips.ts): Germany, holding Ubåt, is asked after an Allied reinforcement;
 * after "not this phase" the server passes that window and every later one of the phase for it, as it
 * passes a seat without the card; the next phase asks again; "ask me each time" asks at the very next
 * window. Played through the real server: the other seats and the spectator hear only the game and
 * presence, never the seat's choice, and the server's passes are the same `pass` a click sends.
 */
import { actor, legalActions, onlyPass, PLAYER_OF_FACTION, repeatedWindow, viewFor, type GameState } from '@kon/game';
import { easyBot, seededRng } from '@kon/game/bots';
import { afterEach, describe, expect, it } from 'vitest';
import type { MoveCommitted } from '../src/transport';
import { api, createMatch, join, sleep, startTestServer, syncedSocket, waitFor, type TestServer } from './helpers';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

const ENV = { BOT_MOVE_DELAY_MS: '0', AUTOPASS: 'on', AUTOPASS_DELAY_MS: '0', SOCKET_MESSAGES_PER_10S: '100000' };
const GAME_EVENTS = new Set(['patch', 'update']);
const PRESENCE = new Set(['matchData', 'kon:lobby']);
const GERMANY = PLAYER_OF_FACTION.germany;
/** Long enough for a pass with no delay to have gone, were it armed. */
const SETTLE_MS = 300;

describe('a repeated window declined for the phase', () => {
  it('is asked once a phase after "not this phase", again the next phase, each time after "ask me each time", and nobody else hears of it', async () => {
    const t = await startTestServer(ENV);
    servers.push(t);
    const m = await createMatch(t.url);
    const members = await Promise.all(m.links.seats.map((s) => join(t.url, m.matchID, s.token, s.seat)));
    const cred = (pid: string) => members.find((x) => x.playerIDs.includes(pid))!.credentials;
    // The others click their own passes: the test drives them.
    for (const mb of members)
      if (!mb.playerIDs.includes(GERMANY))
        await api(t.url, 'PUT', `/api/matches/${m.matchID}/autopass`, { token: mb.credentials, body: { on: false } });
    const autopass = (body: unknown) => api(t.url, 'PUT', `/api/matches/${m.matchID}/autopass`, { token: cred(GERMANY), body });

    const germanMoves: { e: MoveCommitted }[] = [];
    t.server.transport.onMoveCommitted((e) => {
      if (e.matchID === m.matchID && e.playerID === GERMANY) germanMoves.push({ e });
    });

    const sockets = new Map<string, Awaited<ReturnType<typeof syncedSocket>>>();
    for (const pid of ['1', '2']) sockets.set(pid, await syncedSocket(t.url, m.matchID, pid, cred(pid)));
    sockets.set('spectator', await syncedSocket(t.url, m.matchID, null, m.links.spectator));
    const germanSocket = await syncedSocket(t.url, m.matchID, GERMANY, cred(GERMANY));
    for (const x of [...sockets.values(), germanSocket]) x.received.length = 0;

    const rng = seededRng(17);
    const state = async () => (await t.server.transport.currentState(m.matchID))!;
    const movedFrom = (id: number) => async () => (await state())._stateID > id;
    /** Germany's repeated windows the server passed with no word from Germany, per phase. */
    const passedFor = new Map<string, number>();
    const declined = new Set<string>();
    let restoredIn: string | null = null;
    const checked = { askedOnce: false, askedAgain: false, restored: false };

    for (let i = 0; i < 6000 && !Object.values(checked).every(Boolean); i++) {
      const s = await state();
      const G = s.G as GameState;
      if (G.result) break;
      const who = actor(G)!;
      const pid = PLAYER_OF_FACTION[who.faction];
      const r = who.faction === 'germany' ? repeatedWindow(G, 'germany') : null;
      if (who.faction === 'germany' && (onlyPass(G, 'germany') || (r && declined.has(r.phase)))) {
        // The server passes for Germany (a window it could not answer, or one it declined this phase).
        await waitFor(movedFrom(s._stateID), 'the automatic pass');
        expect(germanMoves.at(-1)?.e.by).toBe('server');
        if (r && onlyPass(G, 'germany') === null) {
          passedFor.set(r.phase, (passedFor.get(r.phase) ?? 0) + 1);
          checked.askedOnce = true;
        }
        continue;
      }
      if (r) {
        // Germany is asked: the window stays open while it thinks.
        await sleep(SETTLE_MS);
        expect((await state())._stateID).toBe(s._stateID);
        if (restoredIn === r.phase) checked.restored = true;
        else {
          if (declined.size > 0 && !declined.has(r.phase)) checked.askedAgain = true;
          const before = germanMoves.length;
          const res = await autopass({ notThisPhase: true });
          expect(res.status).toBe(200);
          expect(res.json.skips).toEqual([{ playerID: GERMANY, window: r.window, phase: r.phase }]);
          declined.add(r.phase);
          await waitFor(movedFrom(s._stateID), 'the declined window passed');
          // The server's pass; by the time the test looks, the server may have passed a further window
          // Germany cannot answer too (no delay here): every one of them is the server's pass.
          const since = germanMoves.slice(before).map((x) => [x.e.by, x.e.move]);
          expect(since.length).toBeGreaterThan(0);
          expect(since).toEqual(since.map(() => ['server', { type: 'pass', args: [{}] }]));
          if (checked.askedOnce && checked.askedAgain) {
            // Then "ask me each time": the next window of this phase is asked again.
            const res2 = await autopass({ notThisPhase: false });
            expect(res2.json.skips).toEqual([]);
            declined.delete(r.phase);
            restoredIn = r.phase;
          }
          continue;
        }
      }
      const view = viewFor(G, who.faction);
      // Germany keeps its Ubåt cards in hand where it can, and the Allies place one battalion at a
      // time, so that the window comes often.
      const legal = legalActions(view as never, who.faction).filter((a) =>
        who.faction === 'germany'
          ? !JSON.stringify(a.args).includes('de.ubat') || a.type === 'pass'
          : a.type !== 'place' || (a.args as { count: number }).count === 1,
      );
      const pick =
        onlyPass(G, who.faction) ?? easyBot({ view, legal: legal.length > 0 ? legal : legalActions(view as never, who.faction), rng });
      const out = await t.server.transport.submitMove(
        m.matchID,
        pid,
        { type: pick.type, args: [pick.args] },
        { by: 'player', stateID: s._stateID, credentials: cred(pid) },
      );
      expect(out.ok, `${who.faction} ${pick.type}`).toBe(true);
    }
    expect(checked).toEqual({ askedOnce: true, askedAgain: true, restored: true });

    // The other seats and the spectator heard the game and presence only; Germany heard its choices.
    for (const [who, s] of sockets) {
      for (const r of s.received) expect(GAME_EVENTS.has(r.event) || PRESENCE.has(r.event), `${who} heard ${r.event}`).toBe(true);
      expect(JSON.stringify(s.received), who).not.toContain('notThisPhase');
    }
    const mine = germanSocket.received.filter((r) => r.event === 'kon:autopass').map((r) => r.args[0] as { skips: unknown[] });
    expect(mine.some((x) => x.skips.length === 1)).toBe(true);
    for (const s of [...sockets.values(), germanSocket]) s.socket.close();
  });
});
