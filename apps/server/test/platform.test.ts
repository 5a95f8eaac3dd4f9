/**
 * The server as a platform for several games: a registry of two (Kampen om Norge and a small test
 * game), each match created, served, listed and replayed with its own game; a match stored without a
 * game name still loads as Kampen om Norge; private lines between two seats reach nobody else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { GameRegistry } from '@kon/platform';
import { kampenOmNorgeModule, loadScenarioFiles } from '@kon/game';
import { api, connected, createMatch, join, sleep, startTestServer, waitFor, type TestServer } from './helpers';
import { TOY_SECRET, toyModule } from './fixtures/toy-game';

const KON = 'kampen-om-norge';
const TOY = 'toy-tally';

/** A raw socket on a game's namespace recording every event and every raw engine.io packet it receives. */
function gameSocket(url: string, game: string) {
  const socket: Socket = ioClient(`${url}/${game}`, { forceNew: true, reconnection: false });
  const received: { event: string; args: unknown[] }[] = [];
  const raw: string[] = [];
  socket.onAny((event: string, ...args: unknown[]) => received.push({ event, args }));
  const tap = () =>
    socket.io.engine.on('packet', (p: { data?: unknown }) => raw.push(typeof p.data === 'string' ? p.data : JSON.stringify(p.data ?? '')));
  if (socket.io.engine) tap();
  else socket.io.once('open', tap);
  return { socket, received, raw };
}

async function synced(url: string, game: string, matchID: string, playerID: string | null, credentials?: string) {
  const s = gameSocket(url, game);
  await connected(s.socket);
  s.socket.emit('sync', matchID, playerID, credentials, 4);
  await waitFor(() => s.received.find((r) => r.event === 'sync' || r.event === 'kon:error'), 'sync reply');
  const sync = s.received.find((r) => r.event === 'sync')?.args[1] as { state: { G: any; ctx: any } } | undefined;
  const error = (s.received.find((r) => r.event === 'kon:error')?.args[0] as { code?: string } | undefined)?.code;
  return { ...s, sync, error };
}

describe('a server hosting two games', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({}, { games: { registry: new GameRegistry([kampenOmNorgeModule, toyModule]), loadScenarioFiles } });
  });
  afterAll(async () => t?.stop());

  it('lists both games, the default first, with their seat plans and player counts', async () => {
    const r = await api(t.url, 'GET', '/api/games');
    expect(r.status).toBe(200);
    expect(r.json.games.map((g: { id: string }) => g.id)).toEqual([KON, TOY]);
    const toy = r.json.games[1];
    expect(toy.players).toEqual({ min: 2, max: 4 });
    expect(toy.plans[0]).toEqual({ plan: 'four', seats: ['player1', 'player2', 'player3', 'player4'] });
    expect(r.json.games[0].plans.map((p: { plan: string }) => p.plan)).toEqual(['three', 'two', 'teams']);
  });

  it('creates a match of each game over HTTP; a request naming no game gets Kampen om Norge', async () => {
    const old = await createMatch(t.url, { plan: 'three', visibility: 'public', setupData: { ruleset: 'basic' } });
    expect((old as any).game).toBe(KON);
    const toy = await createMatch(t.url, { game: TOY, plan: 'three', visibility: 'public' });
    expect((toy as any).game).toBe(TOY);
    expect(toy.links.seats.map((s) => [s.seat, s.playerIDs])).toEqual([
      ['player1', ['0']],
      ['player2', ['1']],
      ['player3', ['2']],
    ]);
    const four = await createMatch(t.url, { game: TOY });
    expect(four.links.seats).toHaveLength(4);
    const info = await api(t.url, 'GET', `/api/matches/${toy.matchID}`, { token: toy.links.spectator });
    expect(info.json.game).toBe(TOY);
    const list = await api(t.url, 'GET', '/api/matches');
    const games = Object.fromEntries(list.json.matches.map((m: { matchID: string; game: string }) => [m.matchID, m.game]));
    expect(games[old.matchID]).toBe(KON);
    expect(games[toy.matchID]).toBe(TOY);
  });

  it('refuses an unknown game, a plan the game has not, a set-up its schema refuses, and computer players it has not', async () => {
    const bad = async (body: unknown) => (await api(t.url, 'POST', '/api/matches', { body })).json.error.code;
    expect(await bad({ game: 'chess' })).toBe('no_such_game');
    expect(await bad({ game: TOY, plan: 'teams' })).toBe('no_such_plan');
    expect(await bad({ game: KON, plan: 'four' })).toBe('no_such_plan');
    expect(await bad({ game: TOY, setupData: { ruleset: 'basic' } })).toBe('invalid_body');
    expect(await bad({ game: TOY, plan: 'two', bots: { player2: 'easy' } })).toBe('bot_unavailable');
    expect(await bad({ game: KON, setupData: { ruleset: 'chess' } })).toBe('invalid_body');
  });

  it('serves each match with its own game: its namespace only, its rules, its view', async () => {
    const toy = await createMatch(t.url, { game: TOY, plan: 'two' });
    const p1 = await join(t.url, toy.matchID, toy.links.seats[0]!.token, 'Ada');
    const p2 = await join(t.url, toy.matchID, toy.links.seats[1]!.token, 'Bo');
    // Through the other game's namespace the match does not exist (its view would not hide its secrets).
    expect((await synced(t.url, KON, toy.matchID, '0', p1.credentials)).error).toBe('match_not_found');
    const kon = await createMatch(t.url);
    expect((await synced(t.url, TOY, kon.matchID, null, kon.links.spectator)).error).toBe('match_not_found');

    const a = await synced(t.url, TOY, toy.matchID, '0', p1.credentials);
    const b = await synced(t.url, TOY, toy.matchID, '1', p2.credentials);
    const spectator = await synced(t.url, TOY, toy.matchID, null, toy.links.spectator);
    expect(a.sync!.state.G.secret).toEqual({ '0': TOY_SECRET('0') });
    expect(b.sync!.state.G.secret).toEqual({ '1': TOY_SECRET('1') });
    expect(spectator.sync!.state.G.secret).toEqual({});
    // The toy game's own check refuses what Kampen om Norge's would take, and runs its own move.
    a.socket.emit(
      'update',
      { type: 'MAKE_MOVE', payload: { type: 'pass', args: [{}], playerID: '0', credentials: p1.credentials } },
      0,
      toy.matchID,
      '0',
    );
    const refusal = await waitFor(() => a.received.find((r) => r.event === 'kon:error'), 'refusal');
    expect(refusal.args[0]).toMatchObject({ code: 'unknown_move' });
    a.socket.emit(
      'update',
      { type: 'MAKE_MOVE', payload: { type: 'add', args: [{ n: 3 }], playerID: '0', credentials: p1.credentials } },
      0,
      toy.matchID,
      '0',
    );
    await waitFor(() => b.received.some((r) => r.event === 'update' || r.event === 'patch'), 'the move reaches the other seat');
    const stored = await t.server.storage.fetch(toy.matchID, { state: true, metadata: true });
    expect(stored.state!.G.total).toBe(3);
    expect(stored.metadata!.gameName).toBe(TOY);
    // Nothing of another seat's secret reached anyone on the wire.
    expect(a.raw.join('\n')).not.toContain(String(TOY_SECRET('1')));
    expect(b.raw.join('\n')).not.toContain(String(TOY_SECRET('0')));
    for (const pid of ['0', '1']) expect(spectator.raw.join('\n')).not.toContain(String(TOY_SECRET(pid)));
    for (const s of [a, b, spectator]) s.socket.close();
  });

  it('plays a toy match to its end and starts its rematch of the same game and plan', async () => {
    const toy = await createMatch(t.url, { game: TOY, plan: 'two' });
    const p = [
      await join(t.url, toy.matchID, toy.links.seats[0]!.token, 'Ada'),
      await join(t.url, toy.matchID, toy.links.seats[1]!.token, 'Bo'),
    ];
    for (let i = 0; i < 4; i++) {
      const pid = String(i % 2);
      const out = await t.server.transport.submitMove(toy.matchID, pid, { type: 'add', args: [{ n: 3 }] }, { by: 'server' });
      expect(out.ok).toBe(true);
    }
    const over = await api(t.url, 'GET', `/api/matches/${toy.matchID}`, { token: p[0]!.credentials });
    expect(over.json.gameover).toEqual({ done: true });
    const board = await api(t.url, 'GET', `/api/matches/${toy.matchID}/board?entry=1`, { token: p[0]!.credentials });
    expect(board.status).toBe(200);
    expect(board.json.G.total).toBe(6);
    expect(board.json.G.secret).toEqual({});
    const re = await api(t.url, 'POST', `/api/matches/${toy.matchID}/rematch`, { token: p[0]!.credentials });
    expect(re.status).toBe(201);
    const next = await api(t.url, 'GET', `/api/matches/${re.json.matchID}`, { token: p[0]!.credentials });
    expect(next.json.game).toBe(TOY);
    expect(next.json.plan).toBe('two');
  });

  it('loads a match stored before there were several games (no game name) as Kampen om Norge', async () => {
    const m = await createMatch(t.url);
    const g = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Gerda');
    const row = await t.server.storage.fetchLobby(m.matchID);
    const { gameName: _gone, ...metadata } = row!.metadata;
    await t.server.storage.setLobby(m.matchID, row!.lobby, metadata as never);
    await t.restart();
    expect((await t.server.storage.fetchLobby(m.matchID))!.metadata.gameName).toBeUndefined();
    const info = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: g.credentials });
    expect(info.json.game).toBe(KON);
    const s = await synced(t.url, KON, m.matchID, '0', g.credentials);
    expect(s.error).toBeUndefined();
    expect(s.sync!.state.G.turn).toBe('germany');
    s.socket.close();
  });
});

describe('private lines between two seats', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({}, { games: { registry: new GameRegistry([kampenOmNorgeModule, toyModule]), loadScenarioFiles } });
  });
  afterAll(async () => t?.stop());

  it('reach the two seats only: no other seat and no spectator receives a byte of them', async () => {
    const m = await createMatch(t.url, { game: TOY, plan: 'three' });
    const members = await Promise.all(m.links.seats.map((s, i) => join(t.url, m.matchID, s.token, `P${i}`)));
    const seat = await Promise.all(members.map((x, i) => synced(t.url, TOY, m.matchID, String(i), x.credentials)));
    const spectator = await synced(t.url, TOY, m.matchID, null, m.links.spectator);
    const all = [...seat, spectator];
    const SECRET = 'Ally with me against player three, code word kvitrefjell';
    seat[0]!.socket.emit('kon:private', m.matchID, { id: 'l1', to: '1', text: SECRET });
    const got = await waitFor(() => seat[1]!.received.find((r) => r.event === 'kon:private'), 'the line');
    expect(got.args[0]).toMatchObject({ id: 'l1', from: '0', to: '1', text: SECRET });
    await waitFor(() => seat[0]!.received.find((r) => r.event === 'kon:private'), 'the sender sees own line');
    // Refused: to oneself, to a seat the match has not, from a spectator, another match's id, no text.
    seat[0]!.socket.emit('kon:private', m.matchID, { id: 'l2', to: '0', text: SECRET });
    seat[0]!.socket.emit('kon:private', m.matchID, { id: 'l3', to: '3', text: SECRET });
    spectator.socket.emit('kon:private', m.matchID, { id: 'l4', to: '1', text: SECRET });
    seat[2]!.socket.emit('kon:private', 'other', { id: 'l5', to: '0', text: SECRET });
    seat[2]!.socket.emit('kon:private', m.matchID, { id: 'l6', to: '0', text: '   ' });
    await waitFor(() => seat[0]!.received.filter((r) => r.event === 'kon:error').length >= 2, 'two refusals');
    await waitFor(() => spectator.received.some((r) => r.event === 'kon:error'), 'spectator refused');
    await waitFor(() => seat[2]!.received.filter((r) => r.event === 'kon:error').length >= 2, 'two refusals');
    // The open chat still reaches everyone, so the sockets were listening.
    seat[2]!.socket.emit('chat', m.matchID, { id: 'c1', sender: '2', payload: 'open line' }, members[2]!.credentials);
    await waitFor(() => all.every((s) => s.received.some((r) => r.event === 'chat')), 'open chat everywhere');
    await sleep(100);
    for (const s of [seat[2]!, spectator]) {
      expect(s.raw.join('\n')).not.toContain('kvitrefjell');
      expect(s.received.some((r) => r.event === 'kon:private')).toBe(false);
    }
    expect(seat[1]!.received.filter((r) => r.event === 'kon:private')).toHaveLength(1);
    expect(seat[0]!.received.filter((r) => r.event === 'kon:private')).toHaveLength(1);
    expect(seat[0]!.received.find((r) => r.event === 'kon:error')?.args[0]).toMatchObject({ code: 'bad_private_message' });
    for (const s of all) s.socket.close();
  });
});

describe('the games this server hosts', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t?.stop());

  it('hosts Kampen om Norge and Deres uenighet; creates Deres matches of 2, 3 and 4 players over HTTP', async () => {
    const r = await api(t.url, 'GET', '/api/games');
    expect(r.json.games.map((g: { id: string }) => g.id)).toEqual([KON, 'deres-uenighet']);
    const deres = r.json.games[1];
    expect(deres.players).toEqual({ min: 2, max: 4 });
    expect(deres.plans.map((p: { plan: string; seats: string[] }) => [p.plan, p.seats.length])).toEqual([
      ['three', 3],
      ['two', 2],
      ['four', 4],
    ]);
    for (const [plan, n] of [
      ['two', 2],
      ['three', 3],
      ['four', 4],
    ] as const) {
      const m = await createMatch(t.url, { game: 'deres-uenighet', plan });
      expect(m.links.seats).toHaveLength(n);
      const p = await join(t.url, m.matchID, m.links.seats[n - 1]!.token, 'Last');
      expect((p as any).game).toBe('deres-uenighet');
      const s = await synced(t.url, 'deres-uenighet', m.matchID, String(n - 1), p.credentials);
      expect(s.error).toBeUndefined();
      expect(s.sync!.state.G.seats).toHaveLength(n);
      // The seat sees its own view (the box's order of terrain pieces is no seat's).
      expect(s.sync!.state.G.pile).toBeUndefined();
      expect(s.sync!.state.G.viewer).toBe(String(n - 1));
      s.socket.close();
    }
    // An old client's request still makes a Kampen om Norge match.
    const old = await createMatch(t.url);
    expect((old as any).game).toBe(KON);
  });

  it("judges a Deres move by Deres's own check before it runs", async () => {
    const m = await createMatch(t.url, { game: 'deres-uenighet', plan: 'two' });
    const out = await t.server.transport.submitMove(m.matchID, '0', { type: 'pass', args: [{}] }, { by: 'server' });
    expect(out).toMatchObject({ ok: false, code: 'unknown_move' });
    const state = await t.server.storage.fetch(m.matchID, { state: true });
    expect(state.state!._stateID).toBe(0);
  });
});
