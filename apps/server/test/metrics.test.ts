import { legalMoves } from '@kon/game';
import { afterEach, describe, expect, it } from 'vitest';
import { api, connected, createMatch, join, rawSocket, serverState, startTestServer, waitFor, type TestServer } from './helpers';

/** The value of one series in Prometheus' text format (0 when it is not there yet). */
function series(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',').filter(Boolean);
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  it('counts a move, its time and its write, the live match and the socket; a refusal by its code', async () => {
    t = await startTestServer();
    const m = await createMatch(t.url);
    const de = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Ola');
    const before = await api(t.url, 'GET', '/metrics');
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(series(before.text, 'kon_moves_total', { by: 'player', outcome: 'ok' })).toBe(0);

    const g = rawSocket(t.url);
    await connected(g.socket);
    g.socket.emit('sync', m.matchID, '0', de.credentials, 3);
    await waitFor(() => g.received.find((r) => r.event === 'sync'), 'sync');
    const { state } = await serverState(t, m.matchID);
    const mv = legalMoves(state.G, state.ctx, '0')[0]!;
    const send = (stateID: number) =>
      g.socket.emit(
        'update',
        { type: 'MAKE_MOVE', payload: { type: mv.move, args: mv.args, playerID: '0', credentials: de.credentials } },
        stateID,
        m.matchID,
        '0',
      );
    send(state._stateID);
    await waitFor(() => g.received.find((r) => r.event === 'update' || r.event === 'patch'), 'the move sent');
    // The same move again, against the state it was made for: refused as stale.
    send(state._stateID);
    await waitFor(() => g.received.find((r) => r.event === 'kon:error'), 'refusal');

    const after = (await api(t.url, 'GET', '/metrics')).text;
    expect(series(after, 'kon_moves_total', { by: 'player', outcome: 'ok' })).toBe(1);
    expect(series(after, 'kon_moves_total', { by: 'player', outcome: 'stale_state' })).toBe(1);
    expect(series(after, 'kon_socket_refusals_total', { code: 'stale_state' })).toBe(1);
    expect(series(after, 'kon_move_duration_seconds_count', { by: 'player' })).toBe(2);
    expect(series(after, 'kon_store_write_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(series(after, 'kon_live_matches')).toBe(1);
    expect(series(after, 'kon_sockets')).toBe(1);
    // Labels never name a match or a member.
    expect(after).not.toContain(m.matchID);
    expect(after).not.toContain(de.memberId);
    g.socket.close();
  });

  it('answers only the bearer of METRICS_TOKEN when one is set', async () => {
    const token = 'metrics-token-0123456789';
    t = await startTestServer({ METRICS_TOKEN: token });
    expect((await api(t.url, 'GET', '/metrics')).status).toBe(401);
    expect((await api(t.url, 'GET', '/metrics', { token: 'metrics-token-9876543210' })).status).toBe(401);
    const ok = await api(t.url, 'GET', '/metrics', { token });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('kon_moves_total');
  });
});

describe('request ids', () => {
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  it('answer every request with an id and put it in every log line written for that request', async () => {
    t = await startTestServer();
    const given = 'proxy-req-0123456789';
    const r = await api(t.url, 'POST', '/api/matches', {
      body: { plan: 'three', setupData: { ruleset: 'basic' } },
      headers: { 'x-request-id': given },
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('x-request-id')).toBe(given);
    const lines = t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.requestId === given);
    // The request's own line and the lobby's line about the match it made.
    expect(lines.some((l) => l.msg === 'http' && l.path === '/api/matches')).toBe(true);
    expect(lines.some((l) => l.msg !== 'http')).toBe(true);
    // A malformed id is not echoed: the server makes its own.
    const bad = await api(t.url, 'GET', '/api/scenarios', { headers: { 'x-request-id': 'bad id with spaces and {braces}' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
