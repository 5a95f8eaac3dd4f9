/**
 * A browser, as far as accounts go: a cookie jar, the Origin header a page of the site sends, and a
 * software passkey (soft-authenticator.ts). And a local SMTP receiver for the e-mail links.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { api } from './helpers';
import { SoftAuthenticator, type Credential } from './soft-authenticator';

export class TestBrowser {
  readonly cookies = new Map<string, string>();
  readonly passkey: SoftAuthenticator;
  constructor(
    readonly url: string,
    /** The page origin this browser's requests come from (default: the site itself). */
    readonly origin: string = url,
    /** The origin the passkey reports (the site's public address when PUBLIC_URL names one). */
    passkeyOrigin: string = url,
  ) {
    this.passkey = new SoftAuthenticator(passkeyOrigin);
  }

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(method: string, route: string, opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    if (method !== 'GET' && this.origin && !('origin' in headers)) headers.origin = this.origin;
    const r = await api(this.url, method, route, { ...opts, headers });
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return r;
  }

  /** Sign up with a new passkey; answers the account. */
  async signUp(name: string) {
    const o = await this.call('POST', '/api/account/passkey/register/options', { body: { name } });
    if (o.status !== 200) throw new Error(`register options ${o.status} ${o.text}`);
    const r = await this.call('POST', '/api/account/passkey/register/verify', {
      body: { challengeId: o.json.challengeId, response: this.passkey.register(o.json.options) },
    });
    if (r.status !== 201) throw new Error(`register ${r.status} ${r.text}`);
    return r.json.account as { id: string; name: string };
  }

  /** Sign in with a passkey this browser's authenticator holds (default: the last one made). */
  async signIn(cred?: Credential) {
    const o = await this.call('POST', '/api/account/passkey/login/options');
    if (o.status !== 200) throw new Error(`login options ${o.status} ${o.text}`);
    return this.call('POST', '/api/account/passkey/login/verify', {
      body: { challengeId: o.json.challengeId, response: this.passkey.signIn(o.json.options, cred) },
    });
  }

  async me() {
    return (await this.call('GET', '/api/me')).json.account as { id: string; name: string; email: string | null } | null;
  }
}

export interface Mail {
  to: string;
  body: string;
}

/** A local SMTP server keeping every mail it gets. */
export async function smtpReceiver() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let body = '';
      stream.on('data', (c: Buffer) => (body += c.toString('utf8')));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) mails.push({ to: r.address, body });
        done();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    /** The sign-in link token in the last mail to `to`. */
    tokenFor(to: string) {
      const m = mails.filter((x) => x.to === to).at(-1);
      const tok = m && /#(e_[A-Za-z0-9_-]{32})/.exec(m.body.replace(/=\r?\n/g, ''))?.[1];
      return tok;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
