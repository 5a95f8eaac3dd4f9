/**
 * Accounts with passkeys, against the real server and a software authenticator that makes real
 * WebAuthn responses: sign-up, sign-in on another browser, challenges used once and expiring,
 * sessions ended one by one and everywhere, requests from other sites refused, names unique
 * ignoring case and look-alikes, sign-in attempts limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './account-client';
import { api, startTestServer, type TestServer } from './helpers';

let t: TestServer;
let offset = 0;

beforeAll(async () => {
  t = await startTestServer({ SIGNIN_LIMIT_PER_HOUR: '1000', RATE_LIMIT_PER_MINUTE: '100000' }, { now: () => Date.now() + offset });
});
afterAll(async () => {
  await t?.stop();
});

describe('passkeys', () => {
  it('signs up with a passkey, and signs in again on another browser with the same passkey', async () => {
    const phone = new TestBrowser(t.url);
    const a = await phone.signUp('Ingrid');
    expect(a.name).toBe('Ingrid');
    expect((await phone.me())?.id).toBe(a.id);

    // A new browser with no cookie is nobody; with the passkey it is Ingrid.
    const laptop = new TestBrowser(t.url);
    laptop.passkey.credentials.push(...phone.passkey.credentials);
    expect(await laptop.me()).toBeNull();
    const r = await laptop.signIn();
    expect(r.status).toBe(200);
    expect(r.json.account.id).toBe(a.id);
    expect((await laptop.me())?.name).toBe('Ingrid');
    expect(r.json.account.sessions).toBe(2);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const b = new TestBrowser(t.url);
    const o = await b.call('POST', '/api/account/passkey/register/options', { body: { name: 'Cookie Test' } });
    const r = await b.call('POST', '/api/account/passkey/register/verify', {
      body: { challengeId: o.json.challengeId, response: b.passkey.register(o.json.options) },
    });
    const set = r.headers.getSetCookie().find((c) => c.startsWith('kon_session='))!;
    expect(set).toMatch(/httponly/i);
    expect(set).toMatch(/samesite=lax/i);
    expect(set).not.toMatch(/secure/i); // plain http here; PUBLIC_URL https makes it Secure
  });

  it('refuses a challenge answered twice, and a challenge past its time', async () => {
    const b = new TestBrowser(t.url);
    await b.signUp('Reuse Tester');
    const o = await b.call('POST', '/api/account/passkey/login/options');
    const answer = b.passkey.signIn(o.json.options);
    const first = await b.call('POST', '/api/account/passkey/login/verify', {
      body: { challengeId: o.json.challengeId, response: answer },
    });
    expect(first.status).toBe(200);
    const again = await new TestBrowser(t.url).call('POST', '/api/account/passkey/login/verify', {
      body: { challengeId: o.json.challengeId, response: answer },
    });
    expect(again.status).toBe(400);
    expect(again.json.error.code).toBe('challenge_invalid');

    // A registration challenge answered twice makes one account only.
    const c = new TestBrowser(t.url);
    const ro = await c.call('POST', '/api/account/passkey/register/options', { body: { name: 'Twice' } });
    const reg = c.passkey.register(ro.json.options);
    expect(
      (await c.call('POST', '/api/account/passkey/register/verify', { body: { challengeId: ro.json.challengeId, response: reg } })).status,
    ).toBe(201);
    const twice = await c.call('POST', '/api/account/passkey/register/verify', {
      body: { challengeId: ro.json.challengeId, response: reg },
    });
    expect(twice.json.error.code).toBe('challenge_invalid');

    // Expired: five minutes and a second later.
    const late = await b.call('POST', '/api/account/passkey/login/options');
    const lateAnswer = b.passkey.signIn(late.json.options);
    offset += 5 * 60_000 + 1000;
    try {
      const r = await b.call('POST', '/api/account/passkey/login/verify', {
        body: { challengeId: late.json.challengeId, response: lateAnswer },
      });
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe('challenge_invalid');
    } finally {
      offset = 0;
    }
  });

  it("refuses a passkey's answer to another challenge, and a passkey the server does not know", async () => {
    const b = new TestBrowser(t.url);
    await b.signUp('Wrong Challenge');
    const o1 = await b.call('POST', '/api/account/passkey/login/options');
    const o2 = await b.call('POST', '/api/account/passkey/login/options');
    const r = await b.call('POST', '/api/account/passkey/login/verify', {
      body: { challengeId: o2.json.challengeId, response: b.passkey.signIn(o1.json.options) },
    });
    expect(r.json.error.code).toBe('passkey_refused');
    const other = new TestBrowser(t.url);
    other.passkey.register({ rp: { id: '127.0.0.1' }, user: { id: 'AAAA' }, challenge: 'AAAA' });
    const r2 = await other.signIn();
    expect(r2.status).toBe(400);
    expect(r2.json.error.code).toBe('passkey_refused');
    expect(await other.me()).toBeNull();
  });

  it('refuses a passkey made for another site', async () => {
    // A page elsewhere made this passkey (its client data names that page): it is not ours.
    const b = new TestBrowser(t.url, t.url, 'https://evil.example');
    const o = await b.call('POST', '/api/account/passkey/register/options', { body: { name: 'Elsewhere' } });
    const r = await b.call('POST', '/api/account/passkey/register/verify', {
      body: { challengeId: o.json.challengeId, response: b.passkey.register(o.json.options) },
    });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('passkey_refused');
    expect(await b.me()).toBeNull();
    // For another relying party (domain) too.
    const c = new TestBrowser(t.url);
    const o2 = await c.call('POST', '/api/account/passkey/register/options', { body: { name: 'Elsewhere' } });
    const r2 = await c.call('POST', '/api/account/passkey/register/verify', {
      body: { challengeId: o2.json.challengeId, response: c.passkey.register({ ...o2.json.options, rp: { id: 'evil.example' } }) },
    });
    expect(r2.json.error.code).toBe('passkey_refused');
  });

  it('adds a second passkey, signs in with either, removes one; the last way to sign in stays', async () => {
    const b = new TestBrowser(t.url);
    await b.signUp('Two Keys');
    const o = await b.call('POST', '/api/me/passkeys/options', { body: { label: 'Laptop' } });
    expect(o.status).toBe(200);
    const added = await b.call('POST', '/api/me/passkeys', {
      body: { challengeId: o.json.challengeId, response: b.passkey.register(o.json.options) },
    });
    expect(added.status).toBe(201);
    expect(added.json.account.passkeys.map((p: { label: string }) => p.label)).toEqual(['Passkey', 'Laptop']);
    const [first, second] = b.passkey.credentials;
    const other = new TestBrowser(t.url);
    other.passkey.credentials.push(first!, second!);
    expect((await other.signIn(first)).status).toBe(200);
    expect((await other.signIn(second)).status).toBe(200);

    const firstId = added.json.account.passkeys[0].id;
    const removed = await b.call('DELETE', `/api/me/passkeys/${firstId}`);
    expect(removed.status).toBe(200);
    expect(removed.json.account.passkeys).toHaveLength(1);
    // The removed passkey no longer signs in.
    expect((await other.signIn(first)).json.error.code).toBe('passkey_refused');
    // No e-mail and one passkey left: it cannot go.
    const last = await b.call('DELETE', `/api/me/passkeys/${removed.json.account.passkeys[0].id}`);
    expect(last.status).toBe(409);
    expect(last.json.error.code).toBe('last_sign_in_method');
  });
});

describe('sessions', () => {
  it('sign-out ends this browser only; sign-out-everywhere ends every session of the account', async () => {
    const a = new TestBrowser(t.url);
    await a.signUp('Everywhere');
    const b = new TestBrowser(t.url);
    b.passkey.credentials.push(...a.passkey.credentials);
    const c = new TestBrowser(t.url);
    c.passkey.credentials.push(...a.passkey.credentials);
    expect((await b.signIn()).status).toBe(200);
    expect((await c.signIn()).status).toBe(200);

    const stolen = c.cookieHeader;
    expect((await c.call('POST', '/api/me/sign-out')).status).toBe(204);
    expect(await c.me()).toBeNull();
    // The old cookie, kept by someone, no longer opens anything.
    expect((await api(t.url, 'GET', '/api/me/matches', { headers: { cookie: stolen } })).status).toBe(401);
    expect(await b.me()).not.toBeNull();

    const bCookie = b.cookieHeader;
    expect((await a.call('POST', '/api/me/sign-out-everywhere')).status).toBe(204);
    expect(await a.me()).toBeNull();
    expect(await b.me()).toBeNull();
    const r = await api(t.url, 'GET', '/api/me/matches', { headers: { cookie: bCookie } });
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe('sign_in_required');
  });

  it('a session ends when its lifetime is over', async () => {
    const a = new TestBrowser(t.url);
    await a.signUp('Short Lived');
    offset = 31 * 86_400_000;
    try {
      expect(await a.me()).toBeNull();
    } finally {
      offset = 0;
    }
    expect(await a.me()).not.toBeNull();
  });
});

describe('requests from other sites', () => {
  it('are refused on every state-changing account route, whatever their cookie', async () => {
    const a = new TestBrowser(t.url);
    await a.signUp('Forgery Target');
    const evil = { origin: 'https://evil.example' };
    for (const [method, route, body] of [
      ['POST', '/api/me/sign-out-everywhere', undefined],
      ['DELETE', '/api/me', undefined],
      ['PATCH', '/api/me', { name: 'Hijacked' }],
      ['POST', '/api/account/passkey/login/options', undefined],
      ['POST', '/api/me/claim', { seats: [] }],
    ] as const) {
      const r = await a.call(method, route, { body, headers: evil });
      expect(r.status, `${method} ${route}`).toBe(403);
      expect(r.json.error.code).toBe('cross_origin');
    }
    // A browser that sends no Origin but says the request is cross-site is refused too.
    const r = await a.call('POST', '/api/me/sign-out-everywhere', { headers: { origin: '', 'sec-fetch-site': 'cross-site' } });
    expect(r.status).toBe(403);
    // Nothing changed: still signed in, same name.
    expect((await a.me())?.name).toBe('Forgery Target');
    // Reading is not changing: a GET from anywhere still answers (CORS keeps the answer from the other page).
    expect((await a.call('GET', '/api/me', { headers: evil })).json.account.name).toBe('Forgery Target');
  });

  it('does not sign in a state-changing request of the rest of the API from another site', async () => {
    const a = new TestBrowser(t.url);
    await a.signUp('Join Forgery');
    const m = await api(t.url, 'POST', '/api/matches', { body: { plan: 'three', setupData: { ruleset: 'basic' } } });
    const link = m.json.links.seats[0].token;
    // The forged join is an ordinary guest join: the seat is not the account's.
    const r = await a.call('POST', `/api/matches/${m.json.matchID}/join`, {
      body: { token: link, name: 'guest' },
      headers: { origin: 'https://evil.example' },
    });
    expect(r.status).toBe(201);
    const mine = await a.call('GET', '/api/me/matches');
    expect(mine.json.matches).toEqual([]);
  });
});

describe('names', () => {
  it('are unique ignoring case and Unicode look-alikes; reserved words are refused', async () => {
    const a = new TestBrowser(t.url);
    await a.signUp('Solveig');
    for (const name of ['solveig', 'SOLVEIG', 'Ｓｏｌｖｅｉｇ']) {
      const r = await new TestBrowser(t.url).call('POST', '/api/account/passkey/register/options', { body: { name } });
      expect(r.status, name).toBe(409);
      expect(r.json.error.code).toBe('name_taken');
    }
    for (const name of ['Admin', 'ａｄｍｉｎ', 'Kampen om Norge', 'kampen_om_norge', 'Anonymous']) {
      const r = await new TestBrowser(t.url).call('POST', '/api/account/passkey/register/options', { body: { name } });
      expect(r.status, name).toBe(400);
      expect(r.json.error.code).toBe('name_reserved');
    }
    const bad = await new TestBrowser(t.url).call('POST', '/api/account/passkey/register/options', { body: { name: 'x\u202Ey' } });
    expect(bad.json.error.code).toBe('invalid_body');
    // Renaming to a name another account has (in another spelling) is refused too.
    const b = new TestBrowser(t.url);
    await b.signUp('Kristian');
    const r = await b.call('PATCH', '/api/me', { body: { name: 'SOLVEIG' } });
    expect(r.json.error.code).toBe('name_taken');
    expect((await b.call('PATCH', '/api/me', { body: { name: 'Kristian K' } })).json.account.name).toBe('Kristian K');
    // The old name is free again.
    expect(
      (await new TestBrowser(t.url).call('POST', '/api/account/passkey/register/options', { body: { name: 'kristian' } })).status,
    ).toBe(200);
  });
});

describe('sign-in attempts', () => {
  it('are limited per client address', async () => {
    const s = await startTestServer({ SIGNIN_LIMIT_PER_HOUR: '3', RATE_LIMIT_PER_MINUTE: '100000' });
    try {
      const b = new TestBrowser(s.url);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await b.call('POST', '/api/account/passkey/login/options')).status);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await s.stop();
    }
  });
});
