// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Undo, history and replay, rematch through the real server: the log history forgets undone entries,
 * the board at a log entry is the spectators' view of that moment, a finished game's record replays
 * to the same end, and a rematch takes the same members into the same seats.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KampenOmNorge, hiddenFrom, viewFor, type GameState } from '@kon/game';
import { api, createMatch, join, serverState, startTestServer, type TestServer } from './helpers';
import { playOut } from './play-out';

const require = createRequire(import.meta.url);
const { InitializeGame, CreateGameReducer, ProcessGameConfig } = require('boardgame.io/internal') as typeof import('boardgame.io/internal');

/** The true state after `n` moves of a record, replayed as the browser's viewer does. */
function replayTo(rec: any, n: number): GameState {
  const game = { ...KampenOmNorge, seed: rec.seed };
  let s = InitializeGame({ game, numPlayers: 3, setupData: rec.setupData });
  const reducer = CreateGameReducer({ game: ProcessGameConfig(game) });
  for (const mv of rec.moves.slice(0, n))
    s = reducer(s, { type: 'MAKE_MOVE', payload: { type: mv.move, args: mv.args, playerID: mv.playerID } });
  return s.G as GameState;
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

async function seatedMatch(setupData: unknown = { scenario: 'narvik' }, plan = 'three') {
  const m = await createMatch(t.url, { plan, setupData });
  const members = [];
  for (const [i, s] of m.links.seats.entries()) members.push(await join(t.url, m.matchID, s.token, `P${i}`));
  return { ...m, members };
}

describe('undo through the server', () => {
  it('an undone move vanishes from the stored history, and another seat cannot undo it', async () => {
    const m = await seatedMatch({ ruleset: 'basic' });
    const tr = t.server.transport;
    const G0 = (await tr.currentState(m.matchID))!.G as GameState;
    const total0 = G0.logBase + G0.log.length;
    const before = (await api(t.url, 'GET', `/api/matches/${m.matchID}/log?from=0`, { token: m.links.spectator })).json.entries;
    expect(before).toHaveLength(total0);
    // Germany moves a battalion: the log gains an entry.
    const state0 = (await tr.currentState(m.matchID))!;
    const from = Object.keys(G0.units).find((a) => (G0.units[a]?.germany ?? 0) > 0 && a === 'oslo') ?? 'oslo';
    const { legalActions } = await import('@kon/game');
    const mv = legalActions(G0, 'germany').find((a) => a.type === 'move' && a.args.from === from)!;
    expect((await tr.submitMove(m.matchID, '0', { type: 'move', args: [mv.args] }, { by: 'server' })).ok).toBe(true);
    const G1 = (await tr.currentState(m.matchID))!.G as GameState;
    expect(G1.logBase + G1.log.length).toBeGreaterThan(total0);
    // Norway may not take Germany's move back; Germany may, and the state is the one before.
    const refused = await tr.submitMove(m.matchID, '1', { type: 'undo', args: [{}] }, { by: 'server' });
    expect(refused).toMatchObject({ ok: false, code: 'not_yours' });
    expect((await tr.submitMove(m.matchID, '0', { type: 'undo', args: [{}] }, { by: 'server' })).ok).toBe(true);
    const G2 = (await tr.currentState(m.matchID))!.G as GameState;
    expect(G2).toStrictEqual(state0.G);
    const after = (await api(t.url, 'GET', `/api/matches/${m.matchID}/log?from=0`, { token: m.links.spectator })).json.entries;
    expect(after).toEqual(before);
    // Nothing more to undo.
    expect(await tr.submitMove(m.matchID, '0', { type: 'undo', args: [{}] }, { by: 'server' })).toMatchObject({
      ok: false,
      code: 'nothing_to_undo',
    });
    // The undo trail (a whole earlier state) never reaches a socket view; checked on the stored state's views.
    const stored = await serverState(t, m.matchID);
    for (const pid of [null, '0', '1', '2']) {
      const view = KampenOmNorge.playerView!({ G: stored.state.G, ctx: stored.state.ctx, playerID: pid } as never) as object;
      expect(view).not.toHaveProperty('undo');
    }
  });
});

describe('the board at a log entry while the game goes on', () => {
  it('stays right as moves (and undos) are made after a first look', async () => {
    const m = await seatedMatch();
    const tr = t.server.transport;
    const tok = m.links.spectator;
    const boardAtEnd = async () => {
      const G = (await tr.currentState(m.matchID))!.G as GameState;
      const r = await api(t.url, 'GET', `/api/matches/${m.matchID}/board?entry=${G.logBase + G.log.length - 1}`, { token: tok });
      expect(r.status).toBe(200);
      return { got: r.json.G, want: JSON.parse(JSON.stringify(viewFor(G, null))) };
    };
    // Play until the last move logged something (only such a state is a board to look at: a move that
    // logs nothing, such as one that only opens a window, shows its board at the entry before).
    await playOut(tr, m.matchID, { seed: 11, until: (G, n) => n >= 6 && G.log.length > 0 });
    let b = await boardAtEnd(); // the replay is now kept, and follows the moves
    expect(b.got).toStrictEqual(b.want);
    for (let round = 0; round < 4; round++) {
      await playOut(tr, m.matchID, { seed: 20 + round, until: (_G, n) => n >= 3 });
      const G = (await tr.currentState(m.matchID))!.G as GameState;
      if (G.result) break;
      if (G.undo)
        expect(
          (
            await tr.submitMove(
              m.matchID,
              String(['germany', 'norway', 'allies'].indexOf(G.undo.faction)),
              { type: 'undo', args: [{}] },
              { by: 'server' },
            )
          ).ok,
        ).toBe(true);
      b = await boardAtEnd();
      // Only a state that logged something is a board to look at; its view must be the live one.
      const last = (await tr.currentState(m.matchID))!.G as GameState;
      if (last.log.length > 0) expect(b.got).toStrictEqual(b.want);
    }
  });
});

describe('history and replay', () => {
  let m: Awaited<ReturnType<typeof seatedMatch>>;
  let final: GameState;
  beforeAll(async () => {
    m = await seatedMatch();
    final = await playOut(t.server.transport, m.matchID, { seed: 7 });
  });

  it('shows the board at a log entry as the spectators saw it, never a secret', async () => {
    const total = final.logBase + final.log.length;
    const r0 = await api(t.url, 'GET', `/api/matches/${m.matchID}/board?entry=0`, { token: m.members[1]!.credentials });
    expect(r0.status).toBe(200);
    expect(r0.json.total).toBe(total);
    const G0 = r0.json.G;
    expect(G0.viewer).toBeNull();
    expect(G0.result).toBeNull();
    for (const f of ['germany', 'norway', 'allies']) expect(G0.hands[f]).toEqual([]);
    // Exactly the spectators' view of the state after that move, with nothing hidden in it.
    const at = replayTo((await api(t.url, 'GET', `/api/matches/${m.matchID}/record`, { token: m.links.spectator })).json, r0.json.move);
    expect(G0).toStrictEqual(JSON.parse(JSON.stringify(viewFor(at, null))));
    expect(at.logBase).toBeLessThanOrEqual(0);
    for (const id of hiddenFrom(at, null)) expect(r0.text).not.toContain(`"${id}"`);
    const last = await api(t.url, 'GET', `/api/matches/${m.matchID}/board?entry=${total - 1}`, { token: m.links.spectator });
    expect(last.json.G.result).toEqual(final.result);
    // A middle entry lies between the two, in moves.
    const mid = await api(t.url, 'GET', `/api/matches/${m.matchID}/board?entry=${Math.floor(total / 2)}`, { token: m.links.spectator });
    expect(mid.json.move).toBeGreaterThan(0);
    expect(mid.json.move).toBeLessThanOrEqual(last.json.move);
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}/board?entry=${total}`, { token: m.links.spectator })).status).toBe(404);
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}/board?entry=-1`, { token: m.links.spectator })).status).toBe(400);
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}/board?entry=1`)).status).toBe(404); // private: no token, no board
  });

  it("a finished game's record replays to the same end", async () => {
    const r = await api(t.url, 'GET', `/api/matches/${m.matchID}/record`, { token: m.links.spectator });
    expect(r.status).toBe(200);
    const rec = r.json;
    expect(rec).toMatchObject({ format: 'kampen-om-norge/record', version: 1, matchID: m.matchID, plan: 'three' });
    expect(rec.setupData.scenario.id).toBe('narvik');
    expect(rec.moves.length).toBeGreaterThan(10);
    expect(rec.result).toEqual(final.result);
    expect(replayTo(rec, rec.moves.length)).toStrictEqual(final);
  });

  it('a record is refused while the game goes on', async () => {
    const live = await seatedMatch();
    const r = await api(t.url, 'GET', `/api/matches/${live.matchID}/record`, { token: live.links.spectator });
    expect(r.status).toBe(409);
    const rm = await api(t.url, 'POST', `/api/matches/${live.matchID}/rematch`, { token: live.members[0]!.credentials });
    expect(rm.status).toBe(409);
  });

  it('a rematch has the same plan, set-up and members in the same seats, with the credentials they hold', async () => {
    expect((await api(t.url, 'POST', `/api/matches/${m.matchID}/rematch`, { token: m.links.spectator })).status).toBe(403);
    const r = await api(t.url, 'POST', `/api/matches/${m.matchID}/rematch`, { token: m.members[2]!.credentials });
    expect(r.status).toBe(201);
    const next = r.json.matchID as string;
    expect(next).not.toBe(m.matchID);
    // A second click (anyone's) finds the same rematch.
    const again = await api(t.url, 'POST', `/api/matches/${m.matchID}/rematch`, { token: m.members[0]!.credentials });
    expect(again.json.matchID).toBe(next);
    const old = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: m.members[1]!.credentials });
    expect(old.json.rematch).toBe(next);
    for (const member of m.members) {
      const v = await api(t.url, 'GET', `/api/matches/${next}`, { token: member.credentials });
      expect(v.status).toBe(200);
      expect(v.json).toMatchObject({ plan: 'three', setupData: { scenario: 'narvik' }, gameover: null });
      // Each holds the seat they held (claimed again: its old invite link seats nobody), with no recovery link carried over.
      expect(v.json.you).toMatchObject({
        role: 'member',
        memberId: member.memberId,
        seat: member.seat,
        playerIDs: member.playerIDs,
        holder: true,
        recoveryOut: false,
      });
      expect(v.json.seats.every((s: any) => s.claimed)).toBe(true);
      expect(v.json.seats.map((s: any) => s.members.map((x: any) => x.name))).toEqual([['P0'], ['P1'], ['P2']]);
    }
    // The new match plays: its seats authenticate with the same credentials.
    const { metadata } = await serverState(t, next);
    expect(metadata.players['0'].name).toBe('P0');
    expect(((await t.server.transport.currentState(next))!.G as GameState).scenario?.id).toBe('narvik');
  });
});

describe('rematch of a match with a clock', () => {
  it('keeps the time controls, and the new clock runs from the start (the roster is full)', async () => {
    const clock = { mode: 'correspondence', decisionSeconds: 86_400, atZero: 'lose' };
    const m = await createMatch(t.url, { plan: 'three', setupData: { scenario: 'narvik' }, clock });
    const members = [];
    for (const [i, s] of m.links.seats.entries()) members.push(await join(t.url, m.matchID, s.token, `P${i}`));
    await playOut(t.server.transport, m.matchID, { seed: 7 });
    const r = await api(t.url, 'POST', `/api/matches/${m.matchID}/rematch`, { token: members[0]!.credentials });
    expect(r.status).toBe(201);
    const next = r.json.matchID as string;
    const v = await api(t.url, 'GET', `/api/matches/${next}`, { token: members[1]!.credentials });
    expect(v.json.clock).toEqual(clock);
    const c = await api(t.url, 'GET', `/api/matches/${next}/clock`, { token: members[1]!.credentials });
    expect(c.status).toBe(200);
    expect(c.json.clock).not.toBeNull();
    // "My matches" shows that running clock too (remaining time per side, who is on the move).
    const mine = await api(t.url, 'POST', '/api/my-matches', {
      body: { matches: [{ matchID: next, credentials: members[1]!.credentials }] },
    });
    expect(mine.status).toBe(200);
    expect(mine.json.matches[0].clock).toMatchObject({
      mode: 'correspondence',
      running: expect.any(String),
      remainingMs: expect.any(Object),
    });
  });
});
