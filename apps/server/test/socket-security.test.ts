import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hiddenFrom, legalMoves } from '@kon/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  connected,
  createMatch,
  join,
  rawSocket,
  serverState,
  sleep,
  startTestServer,
  syncedSocket,
  waitFor,
  type TestServer,
} from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ORIGINS: 'http://allowed.example' });
});
afterAll(async () => {
  await t?.stop();
});

async function setup() {
  const m = await createMatch(t.url);
  const de = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Germany');
  const no = await join(t.url, m.matchID, m.links.seats[1]!.token, 'Norway');
  return { m, de, no };
}

const sync = (matchID: string, playerID: string | null, credentials?: string, headers?: Record<string, string>) =>
  syncedSocket(t.url, matchID, playerID, credentials, headers);

function leaks(payload: unknown, hidden: string[]) {
  const text = JSON.stringify(payload);
  return hidden.filter((id) => text.includes(`"${id}"`));
}

describe('socket hardening', () => {
  it('never creates a match on a sync to an unknown matchID', async () => {
    const r = await sync('noSuchMatch123', null);
    expect(r.sync).toBeUndefined();
    expect(r.error).toBe('match_not_found');
    expect(await t.server.storage.fetch('noSuchMatch123', { state: true, metadata: true })).toEqual({});
    expect(await t.server.storage.listMatches()).not.toContain('noSuchMatch123');
    const r2 = await sync('noSuchMatch123', '0', 'whatever');
    expect(r2.sync).toBeUndefined();
    r.socket.close();
    r2.socket.close();
  });

  it('refuses forged or missing credentials, and private spectating without a token', async () => {
    const { m, de } = await setup();
    for (const [pid, cred] of [
      ['0', undefined],
      ['0', `m_${'x'.repeat(32)}`],
      ['1', de.credentials], // Germany's credentials do not open Norway's seat
      ['2', m.links.seats[2]!.token], // a seat link is not a credential; join first
      ['0', m.links.spectator],
    ] as const) {
      const r = await sync(m.matchID, pid, cred);
      expect(r.sync, `${pid}/${cred}`).toBeUndefined();
      expect(r.error).toBe('unauthorized');
      r.socket.close();
    }
    const spy = await sync(m.matchID, null);
    expect(spy.sync).toBeUndefined();
    expect(spy.error).toBe('unauthorized');
    spy.socket.close();
    const spy2 = await sync(m.matchID, null, `v_${'y'.repeat(32)}`);
    expect(spy2.sync).toBeUndefined();
    spy2.socket.close();
    // Refusals never echo what was sent.
    const all = JSON.stringify([...spy.received, ...spy2.received]);
    expect(all).not.toContain('y'.repeat(32));
  });

  it('filters the sync initialState: no hidden cards, deck order, seed or PRNG state for any viewer', async () => {
    const { m, de, no } = await setup();
    const { initialState, state } = await serverState(t, m.matchID);
    const seed = initialState.plugins.random.data.seed as string;
    const viewers = [
      { pid: '0', faction: 'germany', cred: de.credentials },
      { pid: '1', faction: 'norway', cred: no.credentials },
      { pid: null, faction: null, cred: m.links.spectator },
    ] as const;
    for (const v of viewers) {
      const r = await sync(m.matchID, v.pid, v.cred);
      expect(r.sync, String(v.pid)).toBeDefined();
      const hidden = [...new Set([...hiddenFrom(initialState.G, v.faction), ...hiddenFrom(state.G, v.faction)])];
      expect(hidden.length).toBeGreaterThan(0);
      expect(leaks(r.received, hidden)).toEqual([]);
      const text = JSON.stringify(r.received);
      expect(text).not.toContain(seed);
      expect(text).not.toContain('prngstate');
      expect(r.sync.initialState.plugins.random).toEqual({});
      // The player list carries names and connection, never credentials or hashes.
      expect(text).not.toContain('credentials');
      expect(text).not.toMatch(/[0-9a-f]{64}/);
      r.socket.close();
    }
  });

  it('lets only MAKE_MOVE through, for the seat the socket authenticated as; nothing else changes state', async () => {
    const { m, de, no } = await setup();
    const g = await sync(m.matchID, '0', de.credentials);
    const n = await sync(m.matchID, '1', no.credentials);
    const spectator = await sync(m.matchID, null, m.links.spectator);
    const before = (await serverState(t, m.matchID)).state;
    const legal = legalMoves(before.G, before.ctx, '0');
    expect(legal.length).toBeGreaterThan(0);
    const first = legal[0]!;
    const sid = before._stateID;
    const mv = (pid: string, cred: string | undefined, type = first.move, args: unknown[] = first.args) => ({
      type: 'MAKE_MOVE',
      payload: { type, args, playerID: pid, credentials: cred },
    });
    const hostile: [typeof g, unknown, string][] = [
      [g, { type: 'UPDATE', state: { ...before, G: { hacked: true } } }, 'only_moves_allowed'],
      [g, { type: 'RESET', state: { ...before, G: { hacked: true } } }, 'only_moves_allowed'],
      [g, { type: 'PATCH', patch: [{ op: 'replace', path: '/G/turn', value: 'norway' }] }, 'only_moves_allowed'],
      [g, { type: 'UNDO', payload: { type: null, args: null, playerID: '0', credentials: de.credentials } }, 'only_moves_allowed'],
      [g, { type: 'REDO', payload: { type: null, args: null, playerID: '0', credentials: de.credentials } }, 'only_moves_allowed'],
      [g, { type: 'PLUGIN', payload: { type: 'x', args: [], playerID: '0', credentials: de.credentials } }, 'only_moves_allowed'],
      [g, { type: 'GAME_EVENT', payload: { type: 'endTurn', args: [], playerID: '0', credentials: de.credentials } }, 'only_moves_allowed'],
      [
        g,
        { type: 'GAME_EVENT', payload: { type: 'endGame', args: [{ winner: '0' }], playerID: '0', credentials: de.credentials } },
        'only_moves_allowed',
      ],
      // Acting as another playerID inside the payload (boardgame.io would run the move as that player).
      [n, mv('0', no.credentials), 'wrong_seat'],
      [g, mv('0', undefined), 'unauthorized'],
      [g, mv('0', no.credentials), 'unauthorized'],
      [g, mv('0', `m_${'q'.repeat(32)}`), 'unauthorized'],
      // Norway moving out of turn, with its own valid credentials: the rules' refusal, to Norway only.
      [n, mv('1', no.credentials), 'not_your_turn'],
      // The spectator.
      [spectator, mv('0', m.links.spectator), 'spectator_cannot_act'],
      [spectator, { type: 'GAME_EVENT', payload: { type: 'endTurn', args: [], playerID: null } }, 'spectator_cannot_act'],
    ];
    for (const [sock, action, code] of hostile) {
      const pid = sock === n ? '1' : sock === g ? '0' : null;
      const errorsBefore = sock.received.filter((r) => r.event === 'kon:error').length;
      sock.socket.emit('update', action, sid, m.matchID, pid);
      if (code !== 'none')
        await waitFor(() => sock.received.filter((r) => r.event === 'kon:error').length > errorsBefore, `refusal ${code}`);
      else await sleep(150);
      const now = (await serverState(t, m.matchID)).state;
      expect(now._stateID, JSON.stringify(action).slice(0, 80)).toBe(sid);
      expect(now.G).toEqual(before.G);
      const errs = sock.received.filter((r) => r.event === 'kon:error');
      if (code !== 'none') expect((errs[errs.length - 1]!.args[0] as any).code).toBe(code);
    }
    expect(g.received.some((r) => r.event === 'update' || r.event === 'patch')).toBe(false);

    // Positive control: the same legal move, properly sent, goes through and reaches every viewer.
    g.socket.emit('update', mv('0', de.credentials), sid, m.matchID, '0');
    await waitFor(async () => (await serverState(t, m.matchID)).state._stateID === sid + 1, 'legal move applied');
    await waitFor(() => spectator.received.some((r) => r.event === 'update' || r.event === 'patch'), 'spectator update');
    for (const s of [g, n, spectator]) s.socket.close();
  });

  it("admits only the game's own move names and exactly one valid argument; a refused move stores nothing and its sender hears why", async () => {
    const { m, de } = await setup();
    const g = await sync(m.matchID, '0', de.credentials);
    const spectator = await sync(m.matchID, null, m.links.spectator);
    const before = await serverState(t, m.matchID);
    const sid = before.state._stateID;
    const legal = legalMoves(before.state.G, before.state.ctx, '0');
    const first = legal[0]!;
    let deep: unknown = { x: 1 };
    for (let i = 0; i < 100; i++) deep = { a: deep };
    const junk = Array.from({ length: 15 }, () => 'x'.repeat(1000));
    const cases: [string, unknown[], string][] = [
      ['__proto__', [{}], 'unknown_move'],
      ['constructor', [{}], 'unknown_move'],
      ['toString', [{}], 'unknown_move'],
      ['hasOwnProperty', [{}], 'unknown_move'],
      [first.move, [...first.args, ...junk], 'bad_arguments'],
      [first.move, [], 'bad_arguments'],
      [first.move, [deep], 'bad_arguments'],
      ['move', [{ from: 'oslo', to: 'oslo', count: 1, extra: true }], 'bad_arguments'],
      // A well-formed move that the rules refuse now.
      ['withdraw', [{ removals: [{ area: 'oslo', count: 1 }] }], 'wrong_time'],
    ];
    for (const [type, args, code] of cases) {
      const errorsBefore = g.received.filter((r) => r.event === 'kon:error').length;
      g.socket.emit(
        'update',
        { type: 'MAKE_MOVE', payload: { type, args, playerID: '0', credentials: de.credentials } },
        sid,
        m.matchID,
        '0',
      );
      await waitFor(() => g.received.filter((r) => r.event === 'kon:error').length > errorsBefore, `refusal of ${type}`);
      const err = g.received.filter((r) => r.event === 'kon:error').at(-1)!.args[0] as { code: string; message: string };
      expect(err.code, type).toBe(code);
      expect(err.message.length).toBeGreaterThan(5);
      const now = await serverState(t, m.matchID);
      // Nothing changed or was written: the state, the action log, not even the match's updatedAt.
      expect(now.state, type).toEqual(before.state);
      expect(now.log).toHaveLength(before.log.length);
      expect(now.metadata.updatedAt).toBe(before.metadata.updatedAt);
      expect(JSON.stringify(now.state.plugins)).not.toContain('"api"');
    }
    expect(g.received.some((r) => r.event === 'update' || r.event === 'patch')).toBe(false);
    expect(spectator.received.some((r) => r.event === 'update' || r.event === 'patch' || r.event === 'kon:error')).toBe(false);

    // A move against an older state is refused as stale, and the same move against the current one passes.
    g.socket.emit(
      'update',
      { type: 'MAKE_MOVE', payload: { type: first.move, args: first.args, playerID: '0', credentials: de.credentials } },
      sid - 1,
      m.matchID,
      '0',
    );
    await waitFor(() => g.received.some((r) => r.event === 'kon:error' && (r.args[0] as any).code === 'stale_state'), 'stale refusal');
    g.socket.emit(
      'update',
      { type: 'MAKE_MOVE', payload: { type: first.move, args: first.args, playerID: '0', credentials: de.credentials } },
      sid,
      m.matchID,
      '0',
    );
    await waitFor(async () => (await serverState(t, m.matchID)).state._stateID === sid + 1, 'legal move applied');
    for (const s of [g, spectator]) s.socket.close();
  });

  it('applies CORS and the handshake Origin check to the socket', async () => {
    const m = await createMatch(t.url);
    const evil = rawSocket(t.url, { origin: 'http://evil.example' });
    await expect(connected(evil.socket)).rejects.toBeTruthy();
    evil.socket.close();
    const ok = rawSocket(t.url, { origin: 'http://allowed.example' });
    await connected(ok.socket);
    ok.socket.close();
    const poll = await api(t.url, 'GET', '/socket.io/?EIO=4&transport=polling', { headers: { origin: 'http://allowed.example' } });
    expect(poll.status).toBe(200);
    expect(poll.headers.get('access-control-allow-origin')).toBe('http://allowed.example');
    const bad = await api(t.url, 'GET', '/socket.io/?EIO=4&transport=polling', { headers: { origin: 'http://evil.example' } });
    expect(bad.status).not.toBe(200);
    expect(bad.headers.get('access-control-allow-origin')).not.toBe('*');
    void m;
  });

  it('runs the socket server on a ws without CVE-2024-37890 (>= 7.5.10 or >= 8.17.1)', () => {
    // Walk from our transport to the socket.io it imports, to its engine.io, to the ws that engine.io loads.
    const pkgDir = (from: string, name: string) => {
      let dir = path.dirname(createRequire(from).resolve(name));
      while (
        !fs.existsSync(path.join(dir, 'package.json')) ||
        JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name
      )
        dir = path.dirname(dir);
      return dir;
    };
    const sio = pkgDir(path.resolve(__dirname, '../src/transport/index.ts'), 'socket.io');
    const eio = pkgDir(path.join(sio, 'package.json'), 'engine.io');
    const wsDir = pkgDir(path.join(eio, 'package.json'), 'ws');
    const ws = JSON.parse(fs.readFileSync(path.join(wsDir, 'package.json'), 'utf8')).version as string;
    const [maj, min, pat] = ws.split('.').map(Number) as [number, number, number];
    const fixed = maj > 8 || (maj === 8 && (min > 17 || (min === 17 && pat >= 1))) || (maj === 7 && (min > 5 || (min === 5 && pat >= 10)));
    expect(fixed, `ws ${ws}`).toBe(true);
  });

  it('disconnects the sockets of a member who leaves; their credentials stop working', async () => {
    const { m, de } = await setup();
    const g = await sync(m.matchID, '0', de.credentials);
    expect(g.sync).toBeDefined();
    let v = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: m.links.spectator });
    expect(v.json.seats[0].members[0].connected).toBe(true);
    expect((await api(t.url, 'DELETE', `/api/matches/${m.matchID}/members/me`, { token: de.credentials })).status).toBe(204);
    await waitFor(() => !g.socket.connected, 'socket disconnected');
    v = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: m.links.spectator });
    expect(v.json.seats[0].members).toEqual([]);
    const again = await sync(m.matchID, '0', de.credentials);
    expect(again.error).toBe('unauthorized');
    again.socket.close();
  });

  it('relays chat from seats only, as the seat the socket is bound to', async () => {
    const { m, de, no } = await setup();
    const g = await sync(m.matchID, '0', de.credentials);
    const n = await sync(m.matchID, '1', no.credentials);
    const spectator = await sync(m.matchID, null, m.links.spectator);
    g.socket.emit('chat', m.matchID, { id: 'c1', sender: '0', payload: 'Hei' }, de.credentials);
    await waitFor(() => n.received.find((r) => r.event === 'chat'), 'chat relayed');
    await waitFor(() => spectator.received.find((r) => r.event === 'chat'), 'spectator sees chat');
    g.socket.emit('chat', m.matchID, { id: 'c2', sender: '1', payload: 'forged' }, de.credentials);
    spectator.socket.emit('chat', m.matchID, { id: 'c3', sender: '0', payload: 'spy' }, m.links.spectator);
    await waitFor(() => spectator.received.find((r) => r.event === 'kon:error'), 'spectator chat refused');
    await waitFor(() => g.received.find((r) => r.event === 'kon:error'), 'forged sender refused');
    expect(n.received.filter((r) => r.event === 'chat').map((r) => (r.args[1] as any).payload)).toEqual(['Hei']);
    for (const s of [g, n, spectator]) s.socket.close();
  });

  it("refuses a chat line whose credentials are not the seat's, and relays it to nobody", async () => {
    const { m, de, no } = await setup();
    const g = await sync(m.matchID, '0', de.credentials);
    const n = await sync(m.matchID, '1', no.credentials);
    g.socket.emit('chat', m.matchID, { id: 'c1', sender: '0', payload: 'not mine' }, no.credentials);
    await waitFor(() => g.received.find((r) => r.event === 'kon:error'), 'chat with wrong credentials refused');
    expect((g.received.find((r) => r.event === 'kon:error')!.args[0] as any).code).toBe('unauthorized');
    g.socket.emit('chat', m.matchID, { id: 'c2', sender: '0', payload: 'mine' }, de.credentials);
    await waitFor(() => n.received.find((r) => r.event === 'chat'), 'the next line relayed');
    expect(n.received.filter((r) => r.event === 'chat').map((r) => (r.args[1] as any).payload)).toEqual(['mine']);
    for (const s of [g, n]) s.socket.close();
  });

  it('limits socket message size', async () => {
    const { m, de } = await setup();
    const g = await sync(m.matchID, '0', de.credentials);
    const big = 'x'.repeat(t.config.socketMaxMessageBytes + 10);
    g.socket.emit(
      'update',
      { type: 'MAKE_MOVE', payload: { type: 'move', args: [big], playerID: '0', credentials: de.credentials } },
      0,
      m.matchID,
      '0',
    );
    await waitFor(() => !g.socket.connected, 'oversized message closes the socket');
    void http;
  });
});
