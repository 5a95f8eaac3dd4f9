/**
 * One-time e-mail links, through the server's own e-mail sender to a local SMTP receiver: an
 * account made by link, signing in by link, a link used twice or too late refused, and the same
 * answer (and no mail) for an address without an account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpReceiver, TestBrowser } from './account-client';
import { sleep, startTestServer, waitFor, type TestServer } from './helpers';

let t: TestServer;
let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
let offset = 0;

beforeAll(async () => {
  smtp = await smtpReceiver();
  t = await startTestServer(
    { SMTP_URL: smtp.url, SIGNIN_LIMIT_PER_HOUR: '1000', RATE_LIMIT_PER_MINUTE: '100000', PUBLIC_URL: 'http://kon.test' },
    { now: () => Date.now() + offset },
  );
});
afterAll(async () => {
  await t?.stop();
  await smtp?.close();
});

/** The link token the last mail to `to` carried, once it is there. */
const linkFor = (to: string, after: number) =>
  waitFor(() => smtp.mails.filter((m) => m.to === to).length > after && smtp.tokenFor(to), `a mail to ${to}`);

async function accountByMail(b: TestBrowser, name: string, email: string) {
  const before = smtp.mails.filter((m) => m.to === email).length;
  const r = await b.call('POST', '/api/account/signup/email', { body: { name, email, lang: 'en' } });
  expect(r.status).toBe(202);
  const tok = await linkFor(email, before);
  const done = await b.call('POST', '/api/account/email-link/redeem', { body: { token: tok } });
  expect(done.status).toBe(200);
  return done.json.account;
}

describe('e-mail sign-in links', () => {
  it('make an account, then sign it in on another browser; the link opens the site named by PUBLIC_URL', async () => {
    const a = await accountByMail(new TestBrowser(t.url), 'Mette', 'mette@example.org');
    expect(a).toMatchObject({ name: 'Mette', email: 'mette@example.org', passkeys: [] });
    const mail = smtp.mails.at(-1)!;
    expect(mail.body.replace(/=\r?\n/g, '')).toContain('http://kon.test/account/link#e_');

    const other = new TestBrowser(t.url);
    const before = smtp.mails.length;
    expect((await other.call('POST', '/api/account/email-link', { body: { email: 'METTE@example.org' } })).status).toBe(202);
    const tok = await linkFor('mette@example.org', 1);
    expect(smtp.mails.length).toBeGreaterThan(before);
    const r = await other.call('POST', '/api/account/email-link/redeem', { body: { token: tok } });
    expect(r.status).toBe(200);
    expect((await other.me())?.id).toBe(a.id);
  });

  it('refuses a link used twice, and a link past its time', async () => {
    const email = 'twice@example.org';
    await accountByMail(new TestBrowser(t.url), 'Twice Mail', email);
    const b = new TestBrowser(t.url);
    let n = smtp.mails.filter((m) => m.to === email).length;
    await b.call('POST', '/api/account/email-link', { body: { email } });
    const tok = await linkFor(email, n);
    expect((await b.call('POST', '/api/account/email-link/redeem', { body: { token: tok } })).status).toBe(200);
    const again = await new TestBrowser(t.url).call('POST', '/api/account/email-link/redeem', { body: { token: tok } });
    expect(again.status).toBe(400);
    expect(again.json.error.code).toBe('signin_link_invalid');

    n = smtp.mails.filter((m) => m.to === email).length;
    await b.call('POST', '/api/account/email-link', { body: { email } });
    const late = await linkFor(email, n);
    offset = 15 * 60_000 + 1000;
    try {
      const c = new TestBrowser(t.url);
      const r = await c.call('POST', '/api/account/email-link/redeem', { body: { token: late } });
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe('signin_link_invalid');
      expect(await c.me()).toBeNull();
    } finally {
      offset = 0;
    }
    // Expired and refused is used up too: back in time it still does not open.
    const r = await new TestBrowser(t.url).call('POST', '/api/account/email-link/redeem', { body: { token: late } });
    expect(r.json.error.code).toBe('signin_link_invalid');
  });

  it('answers the same for an address without an account, and sends it nothing', async () => {
    await accountByMail(new TestBrowser(t.url), 'Known Person', 'known@example.org');
    const b = new TestBrowser(t.url);
    const known = await b.call('POST', '/api/account/email-link', { body: { email: 'known@example.org' } });
    const unknown = await b.call('POST', '/api/account/email-link', { body: { email: 'nobody@example.org' } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());
    // Signing up with an address that has an account answers the same as a new one, and sends a sign-in link.
    const signupKnown = await b.call('POST', '/api/account/signup/email', { body: { name: 'Fresh Name', email: 'known@example.org' } });
    const signupNew = await b.call('POST', '/api/account/signup/email', { body: { name: 'Fresh Name', email: 'fresh@example.org' } });
    expect(signupKnown.text).toBe(signupNew.text);
    await waitFor(() => smtp.mails.some((m) => m.to === 'fresh@example.org'), 'the sign-up mail');
    await sleep(300);
    expect(smtp.mails.some((m) => m.to === 'nobody@example.org')).toBe(false);
  });

  it('confirms a new address for an account before it counts', async () => {
    // PUBLIC_URL names the site: passkeys are made for kon.test there.
    const b = new TestBrowser(t.url, t.url, 'http://kon.test');
    await b.signUp('Passkey Person');
    const email = 'passkey.person@example.org';
    const n = smtp.mails.filter((m) => m.to === email).length;
    expect((await b.call('PUT', '/api/me/email', { body: { email } })).status).toBe(202);
    expect((await b.me())?.email).toBeNull();
    const tok = await linkFor(email, n);
    expect((await b.call('POST', '/api/account/email-link/redeem', { body: { token: tok } })).json.account.email).toBe(email);
    // Now the address signs in, and the passkey may go (the address is a way to sign in).
    const info = (await b.call('GET', '/api/me')).json.account;
    expect((await b.call('DELETE', `/api/me/passkeys/${info.passkeys[0].id}`)).status).toBe(200);
  });
});
