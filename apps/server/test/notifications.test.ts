/**
 * "Your move" messages, against a local SMTP server and a local webhook receiver that this test
 * starts itself: one message per decision to each member of the deciding seat who is not connected,
 * none to a connected member, none when the feature is off; failures are retried; settings are private.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { legalMoves } from '@kon/game';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

interface Mail {
  to: string;
  body: string;
}
const mails: Mail[] = [];
const hooks: { path: string; body: any }[] = [];
let failNext = 0;
let smtp: SMTPServer;
let smtpPort = 0;
let receiver: http.Server;
let hookUrl = '';

beforeAll(async () => {
  smtp = new SMTPServer({
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
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (failNext > 0) {
        failNext--;
        res.statusCode = 500;
        return res.end();
      }
      hooks.push({ path: req.url ?? '', body: JSON.parse(body) });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => smtp.close(() => r()));
  await new Promise<void>((r) => receiver.close(() => r()));
});

let t: TestServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.stop();
  t = undefined;
  mails.length = 0;
  hooks.length = 0;
  failNext = 0;
});

const settingsOf = (matchID: string, token: string) => api(t!.url, 'GET', `/api/matches/${matchID}/notifications`, { token });
const setSettings = (matchID: string, token: string, body: unknown) =>
  api(t!.url, 'PUT', `/api/matches/${matchID}/notifications`, { token, body });

async function play(matchID: string, playerID: string, credentials: string, pick: (m: { move: string; args: any[] }) => boolean) {
  const { state } = await serverState(t!, matchID);
  const move = legalMoves(state.G, state.ctx, playerID).find(pick);
  if (!move) throw new Error('no such legal move');
  const out = await t!.server.transport.submitMove(matchID, playerID, { type: move.move, args: move.args }, { by: 'player', credentials });
  expect(out.ok).toBe(true);
  return state;
}

describe('your-move notifications', () => {
  it('sends one message per decision to members who are away, none to one who is connected, and retries failures', async () => {
    t = await startTestServer(
      {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SMTP_FROM: 'Kampen om Norge <kon@test.example>',
        WEBHOOK_TARGETS: 'any',
        PUBLIC_URL: 'https://kon.example',
      },
      { notifyRetryBaseMs: 20 },
    );
    const m = await createMatch(t.url);
    const link = (seat: string) => m.links.seats.find((s) => s.seat === seat)!.token;
    // Germany joins and asks for e-mail before the table is full.
    const de = await join(t.url, m.matchID, link('germany'), 'Greta');
    const offer = await settingsOf(m.matchID, de.credentials);
    expect(offer.json).toEqual({
      settings: { webhookUrl: null, webhookFormat: null, email: null, lang: 'nb' },
      available: { email: true, webhook: true },
    });
    expect((await setSettings(m.matchID, de.credentials, { email: 'greta@example.test', lang: 'en' })).status).toBe(200);
    const no = await join(t.url, m.matchID, link('norway'), 'Nils');
    expect(
      (await setSettings(m.matchID, no.credentials, { webhookUrl: `${hookUrl}/norway`, email: 'nils@example.test', lang: 'nb' })).json
        .settings,
    ).toEqual({ webhookUrl: `${hookUrl}/norway`, webhookFormat: 'discord', email: 'nils@example.test', lang: 'nb' });
    // The allies' member sets nothing and must get nothing.
    await join(t.url, m.matchID, link('allies'), 'Alice');

    // The table is full: Germany's first decision, announced once though Germany moves twice in it.
    await waitFor(() => mails.some((x) => x.to === 'greta@example.test'), 'the first decision to be announced');
    await play(m.matchID, '0', de.credentials, (x) => x.move === 'move');
    // Norway's webhook answers 500 once: the message is tried again.
    failNext = 1;
    const { state } = await serverState(t, m.matchID);
    await play(m.matchID, '0', de.credentials, (x) => x.move === 'move' && (state.G.units[x.args[0].to]?.norway ?? 0) > 0);
    // Germany is back at the table before its next decision.
    const { socket } = rawSocket(t.url);
    await connected(socket);
    socket.emit('sync', m.matchID, '0', de.credentials);
    await waitFor(() => t!.server.transport.presence.members(m.matchID).has(de.memberId), 'Germany to be connected');
    await play(m.matchID, '0', de.credentials, (x) => x.move === 'endPhase');
    // Norway decides (sabotage): one webhook message and one e-mail, in bokmål, with the link.
    await waitFor(() => hooks.length > 0 && mails.some((x) => x.to === 'nils@example.test'), 'Norway to be told');
    await play(m.matchID, '1', no.credentials, (x) => x.move === 'pass');
    // Germany decides again while connected: nothing for Germany.
    await sleep(200);
    await t.server.notifications.idle();

    expect(mails.filter((x) => x.to === 'greta@example.test')).toHaveLength(1);
    expect(mails.filter((x) => x.to === 'nils@example.test')).toHaveLength(1);
    expect(mails).toHaveLength(2);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.path).toBe('/norway');
    expect(hooks[0]!.body.content).toContain('Det er ditt trekk som Norge');
    expect(hooks[0]!.body.content).toContain(`https://kon.example/m/${m.matchID}`);
    const greta = mails.find((x) => x.to === 'greta@example.test')!.body;
    expect(greta).toContain('It is your move as Germany');
    expect(greta).toContain(`https://kon.example/m/${m.matchID}`);
    expect(t.logs.some((l) => l.includes('notification failed, will retry'))).toBe(true);

    // Private: no match view shows anyone's address, and each member reads only their own.
    const view = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: de.credentials });
    expect(view.text).not.toContain('nils@example.test');
    expect(view.text).not.toContain(hookUrl);
    expect((await settingsOf(m.matchID, de.credentials)).json.settings.email).toBe('greta@example.test');
    expect((await settingsOf(m.matchID, link('norway'))).status).toBe(403);
    socket.disconnect();
  });

  it('tells a member who leaves during their own decision, once they have been away NOTIFY_AWAY_AFTER_S, and only once', async () => {
    // The server's timers on a fake clock that also runs on its own: sockets and mail work as ever,
    // and the waits below jump the clock past the away time at once instead of sleeping it out.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    t = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, NOTIFY_AWAY_AFTER_S: '1' });
    const m = await createMatch(t.url);
    const de = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Greta');
    expect((await setSettings(m.matchID, de.credentials, { email: 'greta@example.test', lang: 'en' })).status).toBe(200);
    const at = async () => {
      const { socket } = await syncedSocket(t!.url, m.matchID, '0', de.credentials);
      await waitFor(() => t!.server.transport.presence.members(m.matchID).has(de.memberId), 'Germany to be connected');
      return socket;
    };
    const gone = async (socket: { disconnect(): void }) => {
      socket.disconnect();
      await waitFor(() => !t!.server.transport.presence.members(m.matchID).has(de.memberId), 'Germany to be gone');
    };
    // Germany is at the table when its first decision begins: no message then.
    let socket = await at();
    for (const s of m.links.seats.slice(1)) await join(t.url, m.matchID, s.token, s.seat);
    await vi.advanceTimersByTimeAsync(1500);
    await t.server.notifications.idle();
    expect(mails).toHaveLength(0);
    // A reload (away for less than the wait) is not leaving.
    await gone(socket);
    socket = await at();
    await vi.advanceTimersByTimeAsync(1500);
    await t.server.notifications.idle();
    expect(mails).toHaveLength(0);
    // Leaving for good during its decision: one message, after the wait.
    await gone(socket);
    await waitFor(() => mails.length > 0, 'Germany to be told', 10_000);
    expect(mails[0]!.to).toBe('greta@example.test');
    expect(mails[0]!.body).toContain('It is your move as Germany');
    // Back and away again in the same decision: nothing more.
    await gone(await at());
    await vi.advanceTimersByTimeAsync(1500);
    await t.server.notifications.idle();
    expect(mails).toHaveLength(1);
  });

  it('refuses bad settings and changes nothing', async () => {
    t = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, WEBHOOK_TARGETS: 'public' });
    const m = await createMatch(t.url);
    const de = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Greta');
    for (const body of [
      { webhookUrl: 'ftp://example.com/hook' },
      { webhookUrl: 'javascript:alert(1)' },
      { email: 'not-an-address' },
      { email: 'a@b.test', extra: 1 },
      { lang: 'de' },
    ])
      expect((await setSettings(m.matchID, de.credentials, body)).status, JSON.stringify(body)).toBe(400);
    // Public targets only: the server's own network is refused.
    const local = await setSettings(m.matchID, de.credentials, { webhookUrl: 'http://127.0.0.1:9/hook' });
    expect(local.json.error.code).toBe('webhook_refused');
    expect((await setSettings(m.matchID, undefined as never, { email: 'a@b.test' })).status).toBe(404);
    expect((await settingsOf(m.matchID, de.credentials)).json.settings).toEqual({
      webhookUrl: null,
      webhookFormat: null,
      email: null,
      lang: 'nb',
    });
  });

  it('sends nothing when the feature is off (no SMTP server, webhooks off)', async () => {
    t = await startTestServer({ WEBHOOK_TARGETS: 'off' });
    const m = await createMatch(t.url);
    const de = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Greta');
    expect((await settingsOf(m.matchID, de.credentials)).json.available).toEqual({ email: false, webhook: false });
    expect((await setSettings(m.matchID, de.credentials, { email: 'greta@example.test' })).json.error.code).toBe('email_off');
    expect((await setSettings(m.matchID, de.credentials, { webhookUrl: `${hookUrl}/x` })).json.error.code).toBe('webhook_refused');
    // Settings stored earlier, when the server offered them, are not used once it no longer does.
    await t.server.notifications.saveForm(m.matchID, de.memberId, {
      webhook: { url: `${hookUrl}/old`, format: 'slack' },
      email: 'greta@example.test',
      lang: 'nb',
    });
    for (const s of m.links.seats.slice(1)) await join(t.url, m.matchID, s.token, s.seat);
    await sleep(300);
    await t.server.notifications.idle();
    expect(mails).toHaveLength(0);
    expect(hooks).toHaveLength(0);
  });
});
