/**
 * WEBHOOK_TARGETS=public: a webhook may not reach the server's own network, in any spelling of an
 * address. Refused when saved (nothing stored) and again when sent (settings saved earlier under
 * another setting, a name that resolves to loopback), and a send connects to exactly the address its
 * check approved, so a DNS answer that changes in between (rebinding) reaches nothing. A local webhook
 * receiver counts what arrives; it must stay empty.
 */
import dnsCallback from 'node:dns';
import dns from 'node:dns/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createMatch, join, startTestServer, waitFor, type TestServer } from './helpers';

const arrived: string[] = [];
let receiver: http.Server;
let port = 0;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    arrived.push(req.url ?? '');
    req.resume();
    req.on('end', () => {
      // A redirect to another path here: it must never be followed.
      res.writeHead(req.url === '/redirect' ? 307 : 204, req.url === '/redirect' ? { location: '/elsewhere' } : {});
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => receiver.close(() => r()));
});

let t: TestServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.stop();
  t = undefined;
  arrived.length = 0;
});

/** Every spelling of an address in the server's own or a private network that the check must see through. */
const refused = () => [
  // IPv4-mapped IPv6, dotted and hex (new URL() turns the dotted form into hex)
  `http://[::ffff:127.0.0.1]:${port}/mapped-dotted`,
  `http://[::ffff:7f00:1]:${port}/mapped-hex`,
  'http://[::ffff:169.254.169.254]/latest/meta-data',
  'http://[::ffff:a9fe:a9fe]/latest/meta-data',
  'http://[::ffff:a00:1]/hook',
  // IPv4-compatible, translated (RFC 6145), NAT64 (RFC 6052, well-known and local-use), 6to4, Teredo
  'http://[::127.0.0.1]/hook',
  'http://[::a9fe:a9fe]/hook',
  'http://[::ffff:0:10.0.0.1]/hook',
  'http://[::ffff:0:a9fe:a9fe]/hook',
  'http://[64:ff9b::127.0.0.1]/hook',
  'http://[64:ff9b::a9fe:a9fe]/hook',
  'http://[64:ff9b::10.0.0.1]/hook',
  'http://[64:ff9b:1::a00:1]/hook',
  'http://[2002:7f00:1::1]/hook',
  'http://[2002:a9fe:a9fe::1]/hook',
  'http://[2002:a00:1::1]/hook',
  'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
  // other IPv6 outside the public internet
  'http://[::1]/hook',
  'http://[::]/hook',
  'http://[fc00::1]/hook',
  'http://[fd12:3456::1]/hook',
  'http://[fe80::1]/hook',
  'http://[fec0::1]/hook',
  'http://[ff02::1]/hook',
  'http://[2001:db8::1]/hook',
  'http://[100::1]/hook',
  // IPv4 outside the public internet, in every spelling WHATWG URL accepts
  'http://169.254.169.254/latest/meta-data',
  'http://10.0.0.1/hook',
  'http://172.16.0.1/hook',
  'http://192.168.1.1/hook',
  'http://0.0.0.0/hook',
  'http://100.64.0.1/hook',
  'http://198.18.0.1/hook',
  'http://192.0.2.1/hook',
  'http://203.0.113.1/hook',
  'http://224.0.0.1/hook',
  'http://240.0.0.1/hook',
  'http://255.255.255.255/hook',
  `http://2130706433:${port}/decimal`,
  `http://0x7f.1:${port}/hex`,
  `http://0177.0.0.1:${port}/octal`,
  `http://127.1:${port}/short`,
  `http://localhost:${port}/localhost`,
  'http://foo.localhost/hook',
  'http://localhost./hook',
];

const setSettings = (matchID: string, token: string, body: unknown) =>
  api(t!.url, 'PUT', `/api/matches/${matchID}/notifications`, { token, body });
const logged = () => t!.logs.map((l) => JSON.parse(l) as Record<string, unknown>);

/** A match whose German seat has one member (its holder, then co-commanders) per webhook URL (stored directly, as if saved under WEBHOOK_TARGETS=any), then a full table: Germany's first decision goes out. */
async function announceTo(urls: string[]): Promise<string[]> {
  const m = await createMatch(t!.url);
  const holder = await join(t!.url, m.matchID, m.links.seats[0]!.token, 'Greta');
  const coLink = (await api(t!.url, 'POST', `/api/matches/${m.matchID}/seat/co-link`, { token: holder.credentials })).json.token as string;
  const members: string[] = [];
  for (const [i, url] of urls.entries()) {
    const { memberId } = i === 0 ? holder : await join(t!.url, m.matchID, coLink, `G${i}`);
    await t!.server.notifications.saveForm(m.matchID, memberId, { webhook: { url, format: 'discord' }, email: null, lang: 'en' });
    members.push(memberId);
  }
  for (const s of m.links.seats.slice(1)) await join(t!.url, m.matchID, s.token, s.seat);
  return members;
}

/** Why each of these members' webhook was given up, once every one of them was. */
async function givenUp(members: string[]): Promise<string[]> {
  const done = () => logged().filter((l) => l.msg === 'notification given up' && members.includes(l.memberId as string));
  await waitFor(() => done().length === members.length, 'every webhook to be given up', 20_000);
  await t!.server.notifications.idle();
  return done().map((l) => l.err as string);
}

describe('webhook targets under WEBHOOK_TARGETS=public', () => {
  it('refuses every private, loopback, link-local or special address when saved, and stores nothing', async () => {
    t = await startTestServer({ WEBHOOK_TARGETS: 'public' });
    const m = await createMatch(t.url);
    const de = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Greta');
    const answers: Record<string, unknown> = {};
    for (const url of refused()) {
      const r = await setSettings(m.matchID, de.credentials, { webhookUrl: url });
      answers[url] = r.status === 400 ? r.json.error : r.status;
    }
    for (const url of refused())
      expect(answers[url], url).toEqual({ code: 'webhook_refused', message: 'The webhook must be a public address.' });
    expect(
      (await api(t.url, 'GET', `/api/matches/${m.matchID}/notifications`, { token: de.credentials })).json.settings.webhookUrl,
    ).toBeNull();
    // Public addresses, also the IPv4-mapped and NAT64 forms of one (DNS64 answers those on IPv6-only hosts), are allowed.
    for (const url of [
      'http://1.1.1.1/hook',
      'https://[2606:4700::1111]/hook',
      'http://[::ffff:1.1.1.1]/hook',
      'http://[64:ff9b::1.1.1.1]/hook',
    ])
      expect((await setSettings(m.matchID, de.credentials, { webhookUrl: url })).json.settings?.webhookUrl, url).toBe(url);
    expect(arrived).toEqual([]);
  });

  it('refuses them again when sending: a target stored earlier reaches nothing', async () => {
    t = await startTestServer({ WEBHOOK_TARGETS: 'public', NOTIFY_ATTEMPTS: '1' });
    // Every refused address, eight members (a seat's most) per match.
    const all = refused();
    const members: string[] = [];
    for (let i = 0; i < all.length; i += 8) members.push(...(await announceTo(all.slice(i, i + 8))));
    const errors = await givenUp(members);
    expect(errors).toEqual(members.map(() => 'the webhook must be a public address'));
    expect(arrived).toEqual([]);
  });

  it('connects to the address it checked: a name that resolves elsewhere the second time reaches nothing', async () => {
    t = await startTestServer({ WEBHOOK_TARGETS: 'public', NOTIFY_ATTEMPTS: '1' });
    // rebind.test answers a public address once, then loopback (a rebinding DNS server).
    let answers = 0;
    const answer = () => (answers++ === 0 ? { address: '1.1.1.1', family: 4 } : { address: '127.0.0.1', family: 4 });
    const realLookup = dns.lookup;
    vi.spyOn(dns, 'lookup').mockImplementation(((host: string, opts: any) =>
      host === 'rebind.test' ? Promise.resolve(opts?.all ? [answer()] : answer()) : realLookup(host, opts)) as typeof dns.lookup);
    const realCallbackLookup = dnsCallback.lookup;
    vi.spyOn(dnsCallback, 'lookup').mockImplementation(((host: string, opts: any, cb: any) => {
      if (host !== 'rebind.test') return realCallbackLookup(host, opts, cb);
      const a = answer();
      return opts?.all ? cb(null, [a]) : cb(null, a.address, a.family);
    }) as typeof dnsCallback.lookup);
    // The test stays on this machine: a connection to anything but loopback fails at once (and is noted).
    const dialled: string[] = [];
    const realConnect = net.Socket.prototype.connect;
    vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (this: net.Socket, ...args: any[]) {
      const normalised = Array.isArray(args[0]) ? args[0] : null;
      const options = (normalised ? normalised[0] : args[0]) as net.TcpNetConnectOpts;
      if (typeof options === 'object' && options.host && !net.isIP(options.host)) {
        const lookup = options.lookup ?? dnsCallback.lookup;
        options.lookup = ((host: string, opts: any, cb: any) =>
          lookup(host, { ...opts, all: true }, (err: any, list: any) => {
            if (err) return cb(err);
            const addresses = list as { address: string; family: number }[];
            dialled.push(...addresses.map((a) => a.address));
            if (addresses.some((a) => !a.address.startsWith('127.')))
              return cb(Object.assign(new Error('test: off this machine'), { code: 'ENETUNREACH' }));
            return opts?.all ? cb(null, addresses) : cb(null, addresses[0]!.address, addresses[0]!.family);
          })) as net.LookupFunction;
      }
      return realConnect.apply(this, args as never);
    });
    const [member] = await announceTo([`http://rebind.test:${port}/rebound`]);
    const [err] = await givenUp([member!]);
    expect(err).toContain('off this machine');
    expect(dialled).toEqual(['1.1.1.1']);
    expect(answers).toBe(1);
    expect(arrived).toEqual([]);
  });
});

describe('webhook targets under WEBHOOK_TARGETS=any', () => {
  it('posts to the server’s own network, but follows no redirect', async () => {
    t = await startTestServer({ WEBHOOK_TARGETS: 'any', NOTIFY_ATTEMPTS: '1' });
    const [ok, redirected] = await announceTo([`http://[::ffff:7f00:1]:${port}/mapped`, `http://127.0.0.1:${port}/redirect`]);
    const [err] = await givenUp([redirected!]);
    expect(err).toBe('webhook answered 307');
    await waitFor(() => logged().some((l) => l.msg === 'notification sent' && l.memberId === ok), 'the first webhook to be sent');
    expect(arrived.sort()).toEqual(['/mapped', '/redirect']);
  });
});
