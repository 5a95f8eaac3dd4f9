/**
 * "Your move" by Web Push, against a push service this test runs itself on loopback (allowed only
 * under WEBHOOK_TARGETS=any, as the webhook tests do). The test makes its own subscription keys and
 * decrypts what arrives with its own RFC 8291 code (web-push-decrypt.ts), so the messages are proven
 * readable by any browser, not just by the library that wrote them.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { legalMoves } from '@kon/game';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../src/storage';
import { newVapidKeys, vapidKeys } from '../src/notifications/vapid';
import webpush from 'web-push';
import { api, connected, createMatch, join, rawSocket, serverState, sleep, startTestServer, waitFor, type TestServer } from './helpers';
import { checkVapid, decryptAes128gcm, newSubscriptionKeys } from './web-push-decrypt';
import { httpReceiver, type Received } from './http-receiver';

let service: Awaited<ReturnType<typeof httpReceiver>>;
let received: Received[] = [];
let serviceUrl = '';

beforeAll(async () => {
  // A push service: /gone answers 410 as a real one does for an unsubscribed browser; the rest take the message.
  service = await httpReceiver((path) => (path === '/gone' ? 410 : 201));
  received = service.received;
  serviceUrl = service.url;
});
afterAll(async () => {
  await service.close();
});

let t: TestServer | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
  received.length = 0;
});

const pushOf = (matchID: string, token: string) => api(t!.url, 'GET', `/api/matches/${matchID}/notifications/push`, { token });
const subscribe = (matchID: string, token: string, body: unknown) =>
  api(t!.url, 'POST', `/api/matches/${matchID}/notifications/push`, { token, body });

async function play(matchID: string, playerID: string, credentials: string, pick: (m: { move: string; args: any[] }) => boolean) {
  const { state } = await serverState(t!, matchID);
  const move = legalMoves(state.G, state.ctx, playerID).find(pick);
  if (!move) throw new Error('no such legal move');
  const out = await t!.server.transport.submitMove(matchID, playerID, { type: move.move, args: move.args }, { by: 'player', credentials });
  expect(out.ok).toBe(true);
  return state;
}

describe('web push', () => {
  it('pushes one readable, signed "your move" per decision to an away member; a 410 deletes the subscription', async () => {
    t = await startTestServer({ WEBHOOK_TARGETS: 'any', PUBLIC_URL: 'https://kon.example' }, { notifyRetryBaseMs: 20 });
    const m = await createMatch(t.url, {
      plan: 'three',
      setupData: { ruleset: 'basic' },
      clock: { mode: 'correspondence', decisionSeconds: 86_400, atZero: 'lose' },
    });
    const link = (seat: string) => m.links.seats.find((s) => s.seat === seat)!.token;
    const de = await join(t.url, m.matchID, link('germany'), 'Greta');
    const offer = await pushOf(m.matchID, de.credentials);
    expect(offer.json.endpoints).toEqual([]);
    const publicKey = offer.json.publicKey as string;
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    // Germany turns push on for one device, in English.
    const greta = newSubscriptionKeys();
    const on = await subscribe(m.matchID, de.credentials, {
      endpoint: `${serviceUrl}/greta`,
      keys: greta.keys,
      expirationTime: null,
      lang: 'en',
    });
    expect(on.status).toBe(201);
    expect(on.json).toEqual({ publicKey, endpoints: [`${serviceUrl}/greta`] });
    // Saving the other settings (webhook, e-mail) leaves the devices' push as it is.
    expect(
      (await api(t.url, 'PUT', `/api/matches/${m.matchID}/notifications`, { token: de.credentials, body: { lang: 'en' } })).status,
    ).toBe(200);
    expect((await pushOf(m.matchID, de.credentials)).json.endpoints).toEqual([`${serviceUrl}/greta`]);
    // Norway's browser has since unsubscribed: its push service answers 410.
    const no = await join(t.url, m.matchID, link('norway'), 'Nils');
    expect((await subscribe(m.matchID, no.credentials, { endpoint: `${serviceUrl}/gone`, keys: newSubscriptionKeys().keys })).status).toBe(
      201,
    );
    await join(t.url, m.matchID, link('allies'), 'Alice');

    // The table is full: Germany's first decision, pushed once though Germany moves twice in it.
    await waitFor(() => received.some((r) => r.path === '/greta'), 'the first decision to be pushed');
    await play(m.matchID, '0', de.credentials, (x) => x.move === 'move');
    const { state } = await serverState(t, m.matchID);
    await play(m.matchID, '0', de.credentials, (x) => x.move === 'move' && (state.G.units[x.args[0].to]?.norway ?? 0) > 0);
    // Germany comes back to the table before its next decision.
    const { socket } = rawSocket(t.url);
    await connected(socket);
    socket.emit('sync', m.matchID, '0', de.credentials);
    await waitFor(() => t!.server.transport.presence.members(m.matchID).has(de.memberId), 'Germany to be connected');
    await play(m.matchID, '0', de.credentials, (x) => x.move === 'endPhase');
    // Norway decides: its push service says the subscription is gone, and it is deleted.
    await waitFor(
      async () => (await pushOf(m.matchID, no.credentials)).json.endpoints?.length === 0,
      'the gone subscription to be deleted',
    );
    expect(received.filter((r) => r.path === '/gone')).toHaveLength(1);
    expect(t.logs.some((l) => l.includes('push subscription gone'))).toBe(true);
    await play(m.matchID, '1', no.credentials, (x) => x.move === 'pass');
    // Germany decides again while connected: no push.
    await sleep(200);
    await t.server.notifications.idle();
    socket.disconnect();

    const pushes = received.filter((r) => r.path === '/greta');
    expect(pushes).toHaveLength(1);
    const p = pushes[0]!;
    expect(p.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(p.headers.ttl)).toBeGreaterThan(0);
    expect(checkVapid(p.headers.authorization, publicKey, serviceUrl).sub).toBe('https://kon.example');
    const msg = JSON.parse(decryptAes128gcm(greta, p.body));
    expect(msg.title).toBe('Your move as Germany');
    expect(msg.body).toContain(`match ${m.matchID}`);
    // A day per decision, a moment used: the time left is shown.
    expect(msg.body).toMatch(/(1 d 0 min|23 h \d+ min) left\./);
    expect(msg.url).toBe(`/m/${m.matchID}`);
  });

  it("refuses push endpoints in the server's own network under the default rules, and bad subscriptions", async () => {
    t = await startTestServer({});
    const m = await createMatch(t.url);
    const de = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Greta');
    const keys = newSubscriptionKeys().keys;
    const local = await subscribe(m.matchID, de.credentials, { endpoint: `${serviceUrl}/greta`, keys });
    expect(local.status).toBe(400);
    expect(local.json.error.code).toBe('push_refused');
    for (const body of [
      { endpoint: 'ftp://push.example.com/x', keys },
      { endpoint: 'https://push.example.com/x', keys: { p256dh: 'short', auth: keys.auth } },
      { endpoint: 'https://push.example.com/x', keys, lang: 'de' },
      { endpoint: 'https://push.example.com/x' },
    ])
      expect((await subscribe(m.matchID, de.credentials, body)).status, JSON.stringify(body)).toBe(400);
    // Only the member themself.
    expect((await subscribe(m.matchID, m.links.seats[1]!.token, { endpoint: 'https://push.example.com/x', keys })).status).toBe(403);
    expect((await pushOf(m.matchID, de.credentials)).json.endpoints).toEqual([]);
  });

  it("a member's devices turning push on at once, with the settings form saved meanwhile, all stay subscribed", async () => {
    t = await startTestServer({ WEBHOOK_TARGETS: 'any' });
    const m = await createMatch(t.url);
    const de = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Greta');
    const endpoints = Array.from({ length: 5 }, (_, i) => `${serviceUrl}/device-${i}`);
    const answers = await Promise.all([
      ...endpoints.map((endpoint) => subscribe(m.matchID, de.credentials, { endpoint, keys: newSubscriptionKeys().keys, lang: 'en' })),
      api(t.url, 'PUT', `/api/matches/${m.matchID}/notifications`, { token: de.credentials, body: { lang: 'nb' } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 200]);
    expect(((await pushOf(m.matchID, de.credentials)).json.endpoints as string[]).sort()).toEqual(endpoints);
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}/notifications`, { token: de.credentials })).json.settings.lang).toBe('nb');
  });

  it('makes VAPID key pairs as web-push does: 65- and 32-byte base64url keys it signs with', () => {
    for (let i = 0; i < 50; i++) {
      const k = newVapidKeys();
      expect(Buffer.from(k.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(k.privateKey, 'base64url')).toHaveLength(32);
      expect(() =>
        webpush.getVapidHeaders('https://push.example', 'mailto:a@b.example', k.publicKey, k.privateKey, 'aes128gcm'),
      ).not.toThrow();
    }
  });

  it('keeps the VAPID keys it made in the store, on SQLite and PostgreSQL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-vapid-'));
    const pg_ = {
      dataDir: '',
      databaseUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      databaseSchema: `kon_test_${randomBytes(5).toString('hex')}`,
    };
    for (const cfg of [{ dataDir: dir, databaseUrl: undefined, databaseSchema: 'public' }, pg_]) {
      const first = await openStorage(cfg);
      const made = await vapidKeys(first, undefined);
      await first.close();
      const again = await openStorage(cfg);
      expect(await vapidKeys(again, undefined)).toEqual(made);
      await again.dropAll();
      await again.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: pg_.databaseUrl });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${pg_.databaseSchema}" CASCADE`);
    await c.end();
  });

  it('two processes starting together on one PostgreSQL end up with the same VAPID keys', async () => {
    const cfg = {
      dataDir: '',
      databaseUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      databaseSchema: `kon_test_${randomBytes(5).toString('hex')}`,
    };
    const a = await openStorage(cfg);
    const b = await openStorage(cfg);
    try {
      for (let round = 0; round < 8; round++) {
        await a.putSide('', 'vapid', 'keys', null);
        const [ka, kb] = await Promise.all([vapidKeys(a, undefined), vapidKeys(b, undefined)]);
        // Pushes signed by either process must carry the key the browser subscribed with.
        expect(kb, `round ${round}`).toEqual(ka);
        expect(await a.getSide('', 'vapid', 'keys')).toEqual(ka);
      }
    } finally {
      await a.dropAll();
      await a.close();
      await b.close();
      const c = new pg.Client({ connectionString: cfg.databaseUrl });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${cfg.databaseSchema}" CASCADE`);
      await c.end();
    }
  });
});
