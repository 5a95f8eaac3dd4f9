// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * The OpenAPI document (GET /api/openapi.json) against the real server: every route of the
 * protocol's table is called for real, and every answer is checked twice, by the zod schema the
 * document was generated from and by the document's own JSON schema for that route and status.
 * The socket's own messages (kon:*) are checked against the protocol's schemas too.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import { actor } from '@kon/game';
import { gameRefusal, ROUTES, responseSchema, routeOf, SERVER_EVENTS, type Route, type ServerEvent } from '@kon/protocol';
import { api, createMatch, join, startTestServer, syncedSocket, waitFor, type TestServer } from './helpers';
import { playOut } from './play-out';
import { smtpReceiver } from './account-client';
import { SoftAuthenticator } from './soft-authenticator';
import './fixtures/test-accounts';

let t: TestServer;
let doc: any;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
/** Routes answered with a success status, as `method path`. */
const succeeded = new Set<string>();
/** The session cookie the last answer set, if it set one. */
let setCookie: string | undefined;
let smtp: Awaited<ReturnType<typeof smtpReceiver>>;

beforeAll(async () => {
  smtp = await smtpReceiver();
  t = await startTestServer({ BOT_MOVE_DELAY_MS: '0', HAND_OVER_AFTER_S: '0', AUTOPASS: 'on', WEBHOOK_TARGETS: 'any', SMTP_URL: smtp.url });
  const r = await api(t.url, 'GET', '/api/openapi.json');
  expect(r.status).toBe(200);
  doc = r.json;
});
afterAll(async () => {
  await t?.stop();
  await smtp?.close();
});

/** Call a route, check the answer has `status` and fits both schemas; answers the body. */
async function call(method: string, path: string, status: number, opts: Parameters<typeof api>[3] = {}) {
  const r = await api(t.url, method, path, opts);
  setCookie = r.headers
    .getSetCookie()
    .find((c) => c.startsWith('kon_session='))
    ?.split(';')[0];
  expect(r.status, `${method} ${path}: ${r.text}`).toBe(status);
  const route = routeOf(method, path.split('?')[0]!) as Route;
  expect(route, `${method} ${path} is in the route table`).toBeDefined();
  // The document has this route, and this status of it.
  const response = doc.paths[route.path]?.[route.method]?.responses?.[String(status)];
  expect(response, `the document answers ${status} for ${route.method} ${route.path}`).toBeDefined();
  const schema = responseSchema(route, status);
  expect(schema, `the table has a schema for ${status} of ${route.method} ${route.path}`).toBeDefined();
  if (status === 204) {
    expect(r.text).toBe('');
    expect(response.content).toBeUndefined();
  } else {
    const parsed = schema!.safeParse(r.json);
    expect(parsed.success, `${method} ${path} ${status} fits its zod schema: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`).toBe(
      true,
    );
    const json = response.content['application/json'].schema;
    const validate = ajv.compile({ ...json, components: doc.components });
    expect(validate(r.json), `${method} ${path} ${status} fits the document: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
  }
  if (status < 300) succeeded.add(`${route.method} ${route.path}`);
  return r.json;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every route of the table', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const r of ROUTES) expect(doc.paths[r.path]?.[r.method], `${r.method} ${r.path}`).toBeDefined();
  });

  it('describes every answer of every route, as the server really gives it', async () => {
    await call('GET', '/healthz', 200);
    await call('GET', '/api/openapi.json', 200);
    await call('GET', '/api/scenarios', 200);
    await call('GET', '/api/games', 200);

    // A public match, three seats, each taken by its link.
    const m = await call('POST', '/api/matches', 201, { body: { plan: 'three', visibility: 'public', setupData: { ruleset: 'basic' } } });
    await call('GET', '/api/matches', 200);
    const link = (seat: string) => m.links.seats.find((s: { seat: string }) => s.seat === seat).token;
    const id = m.matchID as string;
    const ger = await call('POST', `/api/matches/${id}/join`, 201, { body: { token: link('germany'), name: 'Gerda' } });
    const nor = await join(t.url, id, link('norway'), 'Nils');
    const all = await join(t.url, id, link('allies'), 'Alf');
    await call('GET', `/api/matches/${id}`, 200, { token: ger.credentials });
    await call('GET', `/api/matches/${id}`, 200, { token: m.links.spectator });
    await call('GET', `/api/matches/${id}/log?from=0`, 200, { token: m.links.spectator });
    await call('PATCH', `/api/matches/${id}/members/me`, 200, { token: ger.credentials, body: { name: 'Gerd' } });
    await call('POST', '/api/my-matches', 200, {
      body: {
        matches: [
          { matchID: id, credentials: ger.credentials },
          { matchID: 'nope', credentials: 'xxxxxxxxxx' },
        ],
      },
    });
    await call('GET', `/api/matches/${id}/clock`, 200, { token: ger.credentials });

    // Another device by a recovery link; a co-commander by the holder's link, then removed.
    const rec = await call('POST', `/api/matches/${id}/members/me/recovery`, 201, { token: nor.credentials });
    await call('POST', `/api/matches/${id}/recover`, 201, { body: { token: rec.token } });
    const co = await call('POST', `/api/matches/${id}/seat/co-link`, 201, { token: all.credentials });
    const helper = await call('POST', `/api/matches/${id}/join`, 201, { body: { token: co.token, name: 'Hilde' } });
    await call('DELETE', `/api/matches/${id}/members/${helper.memberId}`, 204, { token: all.credentials });
    await call('DELETE', `/api/matches/${id}/seat/co-link`, 204, { token: all.credentials });

    // Notification settings of a member.
    await call('GET', `/api/matches/${id}/notifications`, 200, { token: nor.credentials });
    await call('PUT', `/api/matches/${id}/notifications`, 200, {
      token: nor.credentials,
      body: { webhookUrl: null, email: null, lang: 'en' },
    });
    await call('GET', `/api/matches/${id}/autopass`, 200, { token: nor.credentials });
    await call('PUT', `/api/matches/${id}/autopass`, 200, { token: nor.credentials, body: { on: false } });
    // Push on one device (a closed loopback port: this server allows any target), then off again.
    const ecdh = createECDH('prime256v1');
    const keys = { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const endpoint = 'http://127.0.0.1:9/push/openapi';
    await call('GET', `/api/matches/${id}/notifications/push`, 200, { token: nor.credentials });
    await call('POST', `/api/matches/${id}/notifications/push`, 201, { token: nor.credentials, body: { endpoint, keys, lang: 'en' } });
    await call('DELETE', `/api/matches/${id}/notifications/push`, 200, { token: nor.credentials, body: { endpoint } });

    // Two devices of one player: a link code, its redemption, the shared list written and read.
    const linked = await call('POST', '/api/devices/link', 201);
    const other = await call('POST', '/api/devices/redeem', 201, { body: { code: linked.code } });
    await call('GET', '/api/devices/list', 200, { token: other.deviceToken });
    await call('PUT', '/api/devices/list', 200, { token: linked.deviceToken, body: { blob: 'A'.repeat(32), version: 0 } });
    await call('PUT', '/api/devices/list', 409, { token: other.deviceToken, body: { blob: 'B'.repeat(32), version: 0 } });

    // Germany is away (no socket): Norway hands it to the computer, Germany takes it back.
    await call('PUT', `/api/matches/${id}/seats/germany/bot`, 200, { token: nor.credentials, body: { strength: 'easy' } });
    await call('DELETE', `/api/matches/${id}/seats/germany/bot`, 200, { token: ger.credentials });

    // A timed match has a clock to show.
    const timed = await call('POST', '/api/matches', 201, {
      body: { plan: 'two', clock: { mode: 'live', baseSeconds: 600, incrementSeconds: 5, atZero: 'pass' } },
    });
    const tg = await join(t.url, timed.matchID, timed.links.seats[0].token, 'Tor');
    await join(t.url, timed.matchID, timed.links.seats[1].token, 'Una');
    await call('GET', `/api/matches/${timed.matchID}/clock`, 200, { token: tg.credentials });

    // Refusals answer the error body with their code's status.
    await call('GET', `/api/matches/${id}/record`, 409, { token: m.links.spectator });
    await call('GET', '/api/matches/no-such-match', 404);
    await call('GET', `/api/matches/${id}/log?from=-1`, 400, { token: m.links.spectator });
    await call('POST', '/api/matches', 400, { body: { plan: 'four' } });
    await call('PUT', `/api/matches/${id}/seats/nowhere/bot`, 400, { token: nor.credentials, body: {} });

    // The finished game: its board at an entry, its record, the rematch; then a member leaves.
    await playOut(t.server.transport, id, { seed: 7 });
    await call('GET', `/api/matches/${id}/board?entry=0`, 200, { token: m.links.spectator });
    await call('GET', `/api/matches/${id}/record`, 200, { token: m.links.spectator });
    await call('POST', `/api/matches/${id}/rematch`, 201, { token: ger.credentials });
    await call('DELETE', `/api/matches/${id}/members/me`, 204, { token: all.credentials });

    await accountRoutes(id, ger.credentials);
    // The match maker and the ratings (signed in: the test's stand-in for the accounts' session).
    const ann = { headers: { 'x-test-account': 'ann' } };
    const bob = { headers: { 'x-test-account': 'bob' } };
    await call('POST', '/api/tickets', 401, { body: { game: 'kampen-om-norge', pace: 'live' } });
    const tk = await call('POST', '/api/tickets', 201, { ...ann, body: { game: 'kampen-om-norge', plan: 'two', pace: 'slow' } });
    await call('GET', '/api/tickets/open', 200);
    await call('DELETE', `/api/tickets/${tk.id}`, 204, ann);
    await call('DELETE', `/api/tickets/${tk.id}`, 409, ann);
    await call('POST', '/api/tickets', 201, { ...ann, body: { game: 'kampen-om-norge', plan: 'two', pace: 'fast' } });
    const got = await call('POST', '/api/tickets', 201, { ...bob, body: { game: 'kampen-om-norge', plan: 'two', pace: 'fast' } });
    expect(got.status).toBe('matched');
    await call('GET', '/api/tickets', 200, ann);
    await call('PUT', '/api/blocks/bob', 204, ann);
    await call('PUT', '/api/blocks/ann', 400, ann);
    await call('GET', '/api/blocks', 200, ann);
    await call('DELETE', '/api/blocks/bob', 204, ann);
    await call('GET', '/api/leaderboards/kampen-om-norge?variant=basic&side=germany', 200);
    await call('GET', '/api/leaderboards/no-such-game', 404);
    await call('GET', '/api/profiles/ann', 200);
    await call('GET', `/api/matches/${id}/forecast`, 200, { token: m.links.spectator });

    for (const r of ROUTES) expect(succeeded, `${r.method} ${r.path} was called`).toContain(`${r.method} ${r.path}`);
  });

  /** Every account route (players/routes.ts), as a browser of the site calls them. */
  async function accountRoutes(matchID: string, credentials: string) {
    const key = new SoftAuthenticator(t.url);
    let cookie = '';
    const as = (body?: unknown) => ({ headers: { origin: t.url, ...(cookie ? { cookie } : {}) }, ...(body !== undefined ? { body } : {}) });
    await call('GET', '/api/me', 200);
    const ro = await call('POST', '/api/account/passkey/register/options', 200, as({ name: 'Open Api' }));
    await call(
      'POST',
      '/api/account/passkey/register/verify',
      201,
      as({ challengeId: ro.challengeId, response: key.register(ro.options) }),
    );
    cookie = setCookie!;
    const lo = await call('POST', '/api/account/passkey/login/options', 200, as());
    await call('POST', '/api/account/passkey/login/verify', 200, as({ challengeId: lo.challengeId, response: key.signIn(lo.options) }));
    cookie = setCookie!;
    await call('PATCH', '/api/me', 200, as({ name: 'Open Api Two' }));
    await call('POST', '/api/me/claim', 200, as({ seats: [{ matchID, credentials }] }));
    await call('GET', '/api/me/matches', 200, as());
    await call('POST', `/api/me/matches/${matchID}/credentials`, 201, as({}));
    const ao = await call('POST', '/api/me/passkeys/options', 200, as({ label: 'Second' }));
    const added = await call('POST', '/api/me/passkeys', 201, as({ challengeId: ao.challengeId, response: key.register(ao.options) }));
    await call('DELETE', `/api/me/passkeys/${added.account.passkeys[1].id}`, 200, as());
    await call('PUT', '/api/me/email', 202, as({ email: 'open.api@example.org' }));
    await call(
      'POST',
      '/api/account/email-link/redeem',
      200,
      as({ token: await waitFor(() => smtp.tokenFor('open.api@example.org'), 'a mail') }),
    );
    await call('POST', '/api/account/email-link', 202, as({ email: 'open.api@example.org' }));
    await call('POST', '/api/account/signup/email', 202, as({ name: 'Mail Person', email: 'mail.person@example.org' }));
    await call('GET', '/api/me/export', 200, as());
    await call('POST', '/api/me/sign-out', 204, as());
    await call('GET', '/api/me/export', 401, as());
    await call('POST', '/api/me/sign-out', 204, as());
    const tok = await waitFor(() => smtp.tokenFor('mail.person@example.org'), 'the sign-up mail');
    await call('POST', '/api/account/email-link/redeem', 200, as({ token: tok }));
    cookie = setCookie!;
    await call('POST', '/api/account/email-link/redeem', 400, as({ token: tok }));
    await call('PATCH', '/api/me', 403, { ...as({ name: 'Forged' }), headers: { origin: 'https://evil.example', cookie } });
    await call('POST', '/api/me/sign-out-everywhere', 204, as());
    const lo2 = await call('POST', '/api/account/passkey/login/options', 200, as());
    cookie = '';
    await call(
      'POST',
      '/api/account/passkey/login/verify',
      200,
      as({ challengeId: lo2.challengeId, response: key.signIn(lo2.options, key.credentials[0]) }),
    );
    cookie = setCookie!;
    await call('DELETE', '/api/me', 204, as());
  }
});

describe('socket messages', () => {
  it('pushes kon:* messages that fit the protocol, refusals with codes of its table', async () => {
    const m = await createMatch(t.url, {
      plan: 'three',
      bots: { norway: 'easy', allies: 'easy' },
      clock: { mode: 'live', baseSeconds: 600, incrementSeconds: 0, atZero: 'pass' },
    });
    const ger = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Gerda');
    const player = await syncedSocket(t.url, m.matchID, '0', ger.credentials);
    const watcher = await syncedSocket(t.url, m.matchID, null, m.links.spectator);
    try {
      expect(player.error).toBeUndefined();
      // A spectator may not move: refused with a code of the table.
      watcher.socket.emit('update', { type: 'MAKE_MOVE', payload: { type: 'pass', args: [{}], playerID: '0' } }, 0, m.matchID, '0');
      // A move the game does not know: refused by the game's check, in the table's words.
      player.socket.emit(
        'update',
        { type: 'MAKE_MOVE', payload: { type: 'fly', args: [{}], playerID: '0', credentials: ger.credentials } },
        player.sync.state._stateID,
        m.matchID,
        '0',
      );
      await waitFor(() => watcher.received.some((r) => r.event === 'kon:error'), "the spectator's refusal");
      await waitFor(() => player.received.some((r) => r.event === 'kon:error'), "the player's refusal");
      await waitFor(() => player.received.some((r) => r.event === 'kon:lobby'), 'the lobby view');
      // Germany plays until another side must decide: the clock changes hands, and is pushed.
      await playOut(t.server.transport, m.matchID, { seed: 3, until: (G) => actor(G)?.faction !== 'germany' });
      await waitFor(() => player.received.some((r) => r.event === 'kon:clock'), 'the clock');
      const ours = [...player.received, ...watcher.received].filter((r) => r.event.startsWith('kon:'));
      for (const r of ours) {
        const schema = SERVER_EVENTS[r.event as ServerEvent];
        expect(schema, `${r.event} is a message of the protocol`).toBeDefined();
        const parsed = schema.safeParse(r.args[0]);
        expect(parsed.success, `${r.event}: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`).toBe(true);
      }
      expect(watcher.received.find((r) => r.event === 'kon:error')!.args[0]).toMatchObject({ code: 'spectator_cannot_act' });
      expect(player.received.find((r) => r.event === 'kon:error')!.args[0]).toMatchObject({ code: 'unknown_move' });
    } finally {
      player.socket.disconnect();
      watcher.socket.disconnect();
    }
  });

  it("maps the game's refusals into the table: its own code where the table has it, else illegal_move naming the rule", () => {
    for (const code of [
      'not-your-turn',
      'game-over',
      'wrong-time',
      'unknown-move',
      'bad-arguments',
      'not-a-seat',
      'server-only',
      'not-yours',
      'nothing-to-undo',
    ])
      expect(gameRefusal(code)).toEqual({ code: code.replace(/-/g, '_') });
    expect(gameRefusal('not-adjacent')).toEqual({ code: 'illegal_move', rule: 'not_adjacent' });
  });
});
