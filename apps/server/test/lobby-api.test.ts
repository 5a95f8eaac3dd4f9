// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createMatch, join, serverState, startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ORIGINS: 'http://allowed.example' });
});
afterAll(async () => {
  await t?.stop();
});

const TOKEN_RE = /^[smv]_[A-Za-z0-9_-]{32}$/;

describe('lobby API', () => {
  it('creates a private three-seat match with one link per seat and a spectator link', async () => {
    const m = await createMatch(t.url);
    expect(m.links.seats.map((s) => [s.seat, s.playerIDs])).toEqual([
      ['germany', ['0']],
      ['norway', ['1']],
      ['allies', ['2']],
    ]);
    const tokens = [...m.links.seats.map((s) => s.token), m.links.spectator];
    for (const tok of tokens) expect(tok).toMatch(TOKEN_RE); // 24 random bytes = 192 bits
    expect(new Set(tokens).size).toBe(4);
    // Only hashes are stored: no token appears anywhere in the database row.
    const row = JSON.stringify(await t.server.storage.fetchLobby(m.matchID)) + JSON.stringify(await serverState(t, m.matchID));
    for (const tok of tokens) expect(row).not.toContain(tok);
  });

  it('two-player plan: one link commands Norway and the Allies', async () => {
    const m = await createMatch(t.url, { plan: 'two' });
    expect(m.links.seats.map((s) => [s.seat, s.playerIDs])).toEqual([
      ['germany', ['0']],
      ['norway+allies', ['1', '2']],
    ]);
    const j = await join(t.url, m.matchID, m.links.seats[1]!.token, 'Kari');
    expect(j.playerIDs).toEqual(['1', '2']);
    const { metadata } = await serverState(t, m.matchID);
    expect(metadata.players['1'].name).toBe('Kari');
    expect(metadata.players['2'].name).toBe('Kari');
  });

  it("teams: the seat link's holder brings co-commanders by their own link, each with a name; rename; leave", async () => {
    const m = await createMatch(t.url, { plan: 'teams' });
    const seat = m.links.seats[1]!.token;
    const a = await join(t.url, m.matchID, seat, 'Ola');
    const co = await api(t.url, 'POST', `/api/matches/${m.matchID}/seat/co-link`, { token: a.credentials });
    const b = await join(t.url, m.matchID, co.json.token, 'Kari');
    expect(a.credentials).toMatch(TOKEN_RE);
    expect(a.credentials).not.toBe(b.credentials);
    let v = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: a.credentials });
    expect(v.status).toBe(200);
    expect(v.json.plan).toBe('teams');
    expect(v.json.seats[1].members.map((x: any) => x.name)).toEqual(['Ola', 'Kari']);
    expect(v.json.seats[1].members[0].connected).toBe(false);
    expect(v.json.you).toEqual({
      role: 'member',
      memberId: a.memberId,
      seat: 'norway',
      playerIDs: ['1'],
      holder: true,
      recoveryOut: false,
      coLink: { createdAt: expect.any(Number) },
    });

    const r = await api(t.url, 'PATCH', `/api/matches/${m.matchID}/members/me`, { token: b.credentials, body: { name: '  Kari N. ' } });
    expect(r.status).toBe(200);
    expect(r.json.seats[1].members.map((x: any) => x.name)).toEqual(['Ola', 'Kari N.']);

    const l = await api(t.url, 'DELETE', `/api/matches/${m.matchID}/members/me`, { token: a.credentials });
    expect(l.status).toBe(204);
    // The credentials of someone who left open nothing any more.
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: a.credentials })).status).toBe(404);
    v = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: m.links.spectator });
    expect(v.json.seats[1].members.map((x: any) => x.name)).toEqual(['Kari N.']);
    expect(v.json.you).toEqual({ role: 'spectator' });
    // Views never carry hashes or credentials.
    expect(v.text).not.toMatch(/[0-9a-f]{64}/);
    expect(v.text).not.toContain('credentials');
  });

  it('private matches are never listed and not readable without a valid token', async () => {
    const priv = await createMatch(t.url);
    const pub = await createMatch(t.url, { plan: 'three', visibility: 'public' });
    const list = await api(t.url, 'GET', '/api/matches');
    expect(list.status).toBe(200);
    const ids = list.json.matches.map((x: any) => x.matchID);
    expect(ids).toContain(pub.matchID);
    expect(ids).not.toContain(priv.matchID);
    expect(list.text).not.toContain('token');

    expect((await api(t.url, 'GET', `/api/matches/${priv.matchID}`)).status).toBe(404);
    const forged = await api(t.url, 'GET', `/api/matches/${priv.matchID}`, { token: `s_${'A'.repeat(32)}` });
    expect(forged.status).toBe(404);
    expect(forged.json.error.code).toBe('not_found');
    // A seat link of another match does not open this one.
    expect((await api(t.url, 'GET', `/api/matches/${priv.matchID}`, { token: pub.links.seats[0]!.token })).status).toBe(404);
    expect((await api(t.url, 'GET', `/api/matches/${priv.matchID}`, { token: priv.links.seats[0]!.token })).status).toBe(200);
    // Joining a private match needs its seat link.
    const j = await api(t.url, 'POST', `/api/matches/${priv.matchID}/join`, { body: { seat: 'germany', name: 'X' } });
    expect(j.status).toBe(404);

    // Public matches: readable and joinable by seat.
    expect((await api(t.url, 'GET', `/api/matches/${pub.matchID}`)).json.you).toEqual({ role: 'public' });
    const pj = await api(t.url, 'POST', `/api/matches/${pub.matchID}/join`, { body: { seat: 'allies', name: 'Per' } });
    expect(pj.status).toBe(201);
    expect(pj.json.playerIDs).toEqual(['2']);
  });

  it('creates an advanced match (the 9. April turn) and refuses a ruleset the game does not know', async () => {
    const m = await createMatch(t.url, { plan: 'three', setupData: { ruleset: 'advanced' } });
    const j = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Ola');
    const v = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: j.credentials });
    expect(v.status).toBe(200);
    expect(v.json.setupData).toEqual({ ruleset: 'advanced' });
    const { state } = await serverState(t, m.matchID);
    expect(state.G.ruleset).toBe('advanced');
    expect(state.G.april9.step).toBe('choose');
    // The basic game stays the default when no rules are named.
    const basic = await createMatch(t.url, { plan: 'three' });
    expect((await serverState(t, basic.matchID)).state.G.ruleset).toBe('basic');

    const before = (await t.server.storage.listMatches()).length;
    for (const setupData of [{ ruleset: 'scenarios' }, { ruleset: 'ADVANCED' }, { ruleset: 7 }, { ruleset: 'advanced', extra: true }]) {
      const r = await api(t.url, 'POST', '/api/matches', { body: { plan: 'three', setupData } });
      expect(r.status, JSON.stringify(setupData)).toBe(400);
      expect(r.json.error.code).toBe('invalid_body');
    }
    expect((await t.server.storage.listMatches()).length).toBe(before);
  });

  it('lists the scenarios and creates a Scenario 1 match from its file; an unknown scenario is refused', async () => {
    const list = await api(t.url, 'GET', '/api/scenarios');
    expect(list.status).toBe(200);
    const narvik = list.json.scenarios.find((s: { id: string }) => s.id === 'narvik');
    expect(narvik.name.en).toMatch(/Narvik/);
    expect(narvik.summary.no.length).toBeGreaterThan(10);
    expect(narvik.region).toContain('bjornfjell');

    const m = await createMatch(t.url, { plan: 'two', setupData: { scenario: 'narvik' } });
    // Stored and shown by id: the client never sees or sends the rules themselves.
    expect((m as unknown as { setupData: unknown }).setupData).toEqual({ ruleset: 'basic', scenario: 'narvik' });
    const { state } = await serverState(t, m.matchID);
    expect(state.G.scenario.id).toBe('narvik');
    expect(state.G.units.narvik).toEqual({ germany: 3 });
    expect(state.G.units.oslo).toBeUndefined();
    expect(state.G.decks.allies.draw.length + state.G.hands.allies.length).toBe(6);

    const before = (await t.server.storage.listMatches()).length;
    for (const scenario of ['atlantis', 7, { id: 'narvik' }]) {
      const r = await api(t.url, 'POST', '/api/matches', { body: { plan: 'three', setupData: { scenario } } });
      expect(r.status, JSON.stringify(scenario)).toBe(400);
      expect(JSON.stringify(r.json.error.issues)).toContain('scenario');
    }
    expect((await t.server.storage.listMatches()).length).toBe(before);
  });

  it('refuses a malformed scenario file at start, naming the field, and starts with the others', async () => {
    const dir = fs.mkdtempSync(path.join(t.dataDir, 'scenarios-'));
    const good = fs.readFileSync(path.join(t.config.scenariosDir, 'narvik.json'), 'utf8');
    fs.writeFileSync(path.join(dir, 'narvik.json'), good);
    const bad = JSON.parse(good);
    bad.id = 'broken';
    bad.units.germany.atlantis = 2;
    fs.writeFileSync(path.join(dir, 'broken.json'), JSON.stringify(bad));
    const s = await startTestServer({ SCENARIOS_DIR: dir });
    try {
      const refused = s.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'scenario refused');
      expect(refused.message).toContain('broken.json');
      expect(refused.message).toContain('units.germany.atlantis: unknown area');
      const ids = (await api(s.url, 'GET', '/api/scenarios')).json.scenarios.map((x: { id: string }) => x.id);
      expect(ids).toEqual(['narvik']);
      expect((await api(s.url, 'POST', '/api/matches', { body: { setupData: { scenario: 'broken' } } })).status).toBe(400);
    } finally {
      await s.stop();
    }
  });

  it('validates bodies with clear JSON errors that never echo the input', async () => {
    const secret = `s_${'Z'.repeat(32)}`;
    let r = await api(t.url, 'POST', '/api/matches', { body: { plan: 'four', evil: secret } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('invalid_body');
    expect(Array.isArray(r.json.error.issues)).toBe(true);
    expect(r.text).not.toContain(secret);

    r = await api(t.url, 'POST', '/api/matches', { body: { plan: 'three', setupData: { ruleset: 'nonsense' } } });
    expect(r.status).toBe(400);

    const m = await createMatch(t.url);
    r = await api(t.url, 'POST', `/api/matches/${m.matchID}/join`, { body: { token: m.links.seats[0]!.token, name: '' } });
    expect(r.status).toBe(400);
    expect(r.text).not.toContain(m.links.seats[0]!.token);
    r = await api(t.url, 'POST', `/api/matches/${m.matchID}/join`, { body: { token: secret, name: 'Ola' } });
    expect(r.status).toBe(404);
    expect(r.text).not.toContain(secret);

    r = await api(t.url, 'POST', '/api/matches', { raw: '{not json', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('invalid_json');
    r = await api(t.url, 'POST', '/api/matches', { raw: 'plan=three', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(415);
    r = await api(t.url, 'POST', '/api/matches', {
      raw: JSON.stringify({ plan: 'three', pad: 'x'.repeat(20_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(413);
    expect(r.json.error.code).toBe('body_too_large');
    r = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { headers: { authorization: 'Basic abc' } });
    expect(r.status).toBe(401);
  });

  it('answers our routes (koa-compose pinned, middleware composed after the routes) and 404s unknown ones as JSON', async () => {
    const r = await api(t.url, 'GET', '/api/nope');
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('no_route');
    // The lobby routes of boardgame.io itself are not mounted.
    expect((await api(t.url, 'GET', '/games')).status).toBe(404);
    const require = createRequire(import.meta.url);
    const koaDir = path.dirname(require.resolve('koa/package.json'));
    const compose = createRequire(path.join(koaDir, 'package.json'))('koa-compose/package.json');
    expect(compose.version).toBe('4.1.0');
  });

  it('health endpoint', async () => {
    const r = await api(t.url, 'GET', '/healthz');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: 'ok', storage: 'sqlite' });
    // Written as JSON text (routes.ts healthAnswer), with the type Koa gives an object body.
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('CORS follows ORIGINS for HTTP', async () => {
    const ok = await api(t.url, 'GET', '/api/matches', { headers: { origin: 'http://allowed.example' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://allowed.example');
    const bad = await api(t.url, 'GET', '/api/matches', { headers: { origin: 'http://evil.example' } });
    expect(bad.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await api(t.url, 'OPTIONS', '/api/matches', {
      headers: { origin: 'http://allowed.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('seeds every match from the CSPRNG, not from the clock', async () => {
    const a = await createMatch(t.url);
    const b = await createMatch(t.url);
    const sa = await serverState(t, a.matchID);
    const sb = await serverState(t, b.matchID);
    const seedA = sa.initialState.plugins.random.data.seed;
    const seedB = sb.initialState.plugins.random.data.seed;
    expect(typeof seedA).toBe('string');
    expect(seedA).not.toBe(seedB);
    expect(seedA).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    // boardgame.io's default is Date.now().toString(36), within a few ms of the public createdAt.
    const created = sa.metadata.createdAt as number;
    for (let d = -5000; d <= 5000; d++) expect(seedA).not.toBe((created + d).toString(36).slice(-10));
  });

  it('turns undo off: no undo stack is kept', async () => {
    const m = await createMatch(t.url);
    const s = await serverState(t, m.matchID);
    expect(s.initialState._undo).toEqual([]);
    expect(s.state._undo).toEqual([]);
  });

  it('never writes a token to the logs', async () => {
    const m = await createMatch(t.url);
    const j = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Ola');
    await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: j.credentials });
    const all = t.logs.join('\n');
    for (const tok of [...m.links.seats.map((s) => s.token), m.links.spectator, j.credentials]) expect(all).not.toContain(tok);
    expect(all).toContain('"msg":"member joined"');
    for (const line of t.logs) expect(() => JSON.parse(line)).not.toThrow();
  });
});

describe('limits', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ RATE_LIMIT_PER_MINUTE: '5', CREATE_LIMIT_PER_HOUR: '2' });
  });
  afterAll(async () => {
    await small?.stop();
  });
  it('rate-limits requests and match creation with 429 JSON', async () => {
    expect((await api(small.url, 'POST', '/api/matches', { body: {} })).status).toBe(201);
    expect((await api(small.url, 'POST', '/api/matches', { body: {} })).status).toBe(201);
    const third = await api(small.url, 'POST', '/api/matches', { body: {} });
    expect(third.status).toBe(429);
    expect(third.json.error.code).toBe('rate_limited');
    // The wait goes with the code (the page shows it in minutes), in the body and as Retry-After.
    expect(third.json.error.retryAfter).toBeGreaterThan(3_000);
    expect(third.json.error.retryAfter).toBeLessThanOrEqual(3_600);
    expect(third.headers.get('retry-after')).toBe(String(third.json.error.retryAfter));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api(small.url, 'GET', '/api/matches')).status);
    expect(statuses).toContain(429);
  });
});

describe('static web client', () => {
  let web: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'kon-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>KoN</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    web = await startTestServer({ WEB_DIST: dir });
  });
  afterAll(async () => {
    await web?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it('serves files, falls back to index.html for app routes, and keeps /api JSON', async () => {
    const root = await api(web.url, 'GET', '/');
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toContain('text/html');
    expect((await api(web.url, 'GET', '/match/abc/join')).text).toContain('<title>KoN</title>');
    const js = await api(web.url, 'GET', '/assets/app-1234.js');
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await api(web.url, 'GET', '/assets/missing.js')).status).toBe(404);
    expect((await api(web.url, 'GET', '/%2e%2e/%2e%2e/etc/passwd')).text).not.toContain('root:');
    expect((await api(web.url, 'GET', '/api/nope')).json.error.code).toBe('no_route');
  });
});
