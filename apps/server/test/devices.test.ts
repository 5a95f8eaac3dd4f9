/**
 * Linked devices: a link code made on one device, redeemed once on another, makes both devices one
 * player with one (encrypted, opaque to the server) list; codes are single use and expire; a device
 * that is not linked reads nothing; two devices writing at once cannot lose each other's change.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PlayerLists, LINK_TTL_MS } from '../src/devices/player-list';
import { api, startTestServer, type TestServer } from './helpers';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

describe('linked devices', () => {
  it('links a second device with a one-time code; both read and write the same list', async () => {
    t = await startTestServer();
    const made = await api(t.url, 'POST', '/api/devices/link');
    expect(made.status).toBe(201);
    const a = made.json.deviceToken as string;
    expect(a).toMatch(/^d_/);
    const code = made.json.code as string;
    // Device A writes its (encrypted) list.
    expect((await api(t.url, 'PUT', '/api/devices/list', { token: a, body: { blob: 'A'.repeat(40), version: 0 } })).json).toEqual({
      version: 1,
    });
    // Device B redeems the code once.
    const b = (await api(t.url, 'POST', '/api/devices/redeem', { body: { code } })).json.deviceToken as string;
    expect(b).toMatch(/^d_/);
    expect(b).not.toBe(a);
    expect((await api(t.url, 'POST', '/api/devices/redeem', { body: { code } })).json.error.code).toBe('link_invalid');
    expect((await api(t.url, 'GET', '/api/devices/list', { token: b })).json).toEqual({ blob: 'A'.repeat(40), version: 1 });
    // B writes over version 1; A, still at version 1, must read again first.
    expect((await api(t.url, 'PUT', '/api/devices/list', { token: b, body: { blob: 'B'.repeat(40), version: 1 } })).status).toBe(200);
    const stale = await api(t.url, 'PUT', '/api/devices/list', { token: a, body: { blob: 'C'.repeat(40), version: 1 } });
    expect(stale.status).toBe(409);
    expect((await api(t.url, 'GET', '/api/devices/list', { token: a })).json).toEqual({ blob: 'B'.repeat(40), version: 2 });
    // A second link from A belongs to the same player, and A keeps its token.
    const again = await api(t.url, 'POST', '/api/devices/link', { token: a });
    expect(again.json.deviceToken).toBeUndefined();
    const c = (await api(t.url, 'POST', '/api/devices/redeem', { body: { code: again.json.code } })).json.deviceToken;
    expect((await api(t.url, 'GET', '/api/devices/list', { token: c })).json.blob).toBe('B'.repeat(40));
    // Unlinked devices and bad input: refused, nothing changed.
    expect((await api(t.url, 'GET', '/api/devices/list', { token: `d_${'x'.repeat(32)}` })).status).toBe(401);
    expect((await api(t.url, 'GET', '/api/devices/list')).status).toBe(401);
    expect((await api(t.url, 'POST', '/api/devices/redeem', { body: { code: 'nope' } })).status).toBe(400);
    expect((await api(t.url, 'PUT', '/api/devices/list', { token: a, body: { blob: 'not base64!', version: 2 } })).status).toBe(400);
    // Only hashes are stored: no token appears in the store.
    const stored = JSON.stringify([
      ...(await t.server.storage.listSide('player-device', '')),
      ...(await t.server.storage.listSide('player', '')),
    ]);
    for (const tok of [a, b, c, code]) expect(stored).not.toContain(tok);
  });

  it('refuses a link code once it has expired', async () => {
    t = await startTestServer();
    let now = 1_000_000;
    const lists = new PlayerLists(t.server.storage, () => now);
    const { code } = await lists.makeLink(undefined);
    now += LINK_TTL_MS + 1;
    expect(await lists.redeem(code)).toBeUndefined();
    // Expired codes are used up too.
    now -= LINK_TTL_MS;
    expect(await lists.redeem(code)).toBeUndefined();
  });
});
