/**
 * "Opponent found" for players who are away (matchmaker/tell.ts), against a local SMTP receiver: a
 * player connected to the new match within NOTIFY_AWAY_AFTER_S is not told; one away is told, by the
 * "your move" channels chosen in their newest match that has any, else at their account's address
 * (in both languages, no language being chosen). A ticket whose pace's window ends unmatched is
 * written expired by a sweep and its player told. A device whose push service answers 410 is deleted
 * from the settings it came from. Real accounts (passkeys), real tickets.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, startTestServer, syncedSocket, waitFor, type TestServer } from './helpers';
import { smtpReceiver, TestBrowser } from './account-client';
import { decryptAes128gcm, newSubscriptionKeys } from './web-push-decrypt';
import { httpReceiver } from './http-receiver';

const smtp = await smtpReceiver();
let t: TestServer;
// A push service on loopback (WEBHOOK_TARGETS=any lets the server reach it): every device is gone (410).
const pushService = await httpReceiver(() => 410);
const pushed = pushService.received;
const pushUrl = pushService.url;

beforeAll(async () => {
  // The server's timers on a fake clock that also runs on its own: the away wait is jumped, not slept.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  t = await startTestServer({ SMTP_URL: smtp.url, NOTIFY_AWAY_AFTER_S: '2', RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_TARGETS: 'any' });
});
afterAll(async () => {
  await t?.stop();
  await smtp.close();
  await pushService.close();
  vi.useRealTimers();
});
afterEach(() => {
  smtp.mails.length = 0;
});

const ticket = (sides: string[]) => ({ game: 'kampen-om-norge', plan: 'two', setup: 'basic', pace: 'fast', sides });
const body = (to: string) =>
  smtp.mails
    .filter((m) => m.to === to)
    .map((m) => m.body.replace(/=\r?\n/g, ''))
    .join('\n');

describe('a match made while a player is away', () => {
  let ann: TestBrowser;
  let bob: TestBrowser;
  let bobId = '';

  it('tells the away player at their account address, and not the one who came to the match', async () => {
    ann = new TestBrowser(t.url);
    bob = new TestBrowser(t.url);
    const annId = (await ann.signUp('Ann')).id;
    await t.server.players.store.setEmail(annId, 'ann@example.test');
    bobId = (await bob.signUp('Bob')).id;
    await t.server.players.store.setEmail(bobId, 'bob@example.test');
    expect((await ann.call('POST', '/api/tickets', { body: ticket(['germany']) })).status).toBe(201);
    const b = await bob.call('POST', '/api/tickets', { body: ticket([]) });
    expect(b.json.status).toBe('matched');
    const matchID = b.json.matchID as string;

    // Ann opens the match at once (her page told her); Bob is elsewhere.
    const joined = await ann.call('POST', `/api/me/matches/${matchID}/credentials`, { body: {} });
    expect(joined.status).toBe(201);
    const { socket } = await syncedSocket(t.url, matchID, joined.json.playerIDs[0], joined.json.credentials);
    await waitFor(() => t.server.transport.presence.members(matchID).has(joined.json.memberId), 'Ann at the match');

    // Before the wait nobody is told; after it only Bob, once.
    // (Short jumps: a connected socket's pings must still be answered in time.)
    await vi.advanceTimersByTimeAsync(1000);
    await t.server.notifications.idle();
    expect(smtp.mails).toEqual([]);
    await vi.advanceTimersByTimeAsync(1500);
    await waitFor(() => smtp.mails.length > 0, 'Bob to be told');
    await t.server.notifications.idle();
    expect(smtp.mails.map((m) => m.to)).toEqual(['bob@example.test']);
    const text = body('bob@example.test');
    expect(text).toContain('We found you an opponent. You play Norway + the Allies');
    expect(text).toContain('Vi fant en motstander til deg. Du spiller Norge + De allierte');
    expect(text).toContain(`/m/${matchID}`);
    socket.disconnect();

    // Bob chooses where "your move" messages go in that match (Norwegian, another address).
    const bobSeat = await bob.call('POST', `/api/me/matches/${matchID}/credentials`, { body: {} });
    const set = await api(t.url, 'PUT', `/api/matches/${matchID}/notifications`, {
      token: bobSeat.json.credentials,
      body: { email: 'bob-moves@example.test', lang: 'nb' },
    });
    expect(set.status).toBe(200);
  });

  it('uses the channels the player chose in their newest match', async () => {
    expect((await bob.call('POST', '/api/tickets', { body: ticket(['germany']) })).status).toBe(201);
    const a = await ann.call('POST', '/api/tickets', { body: ticket([]) });
    expect(a.json.status).toBe('matched');
    await vi.advanceTimersByTimeAsync(2500);
    await waitFor(() => smtp.mails.length >= 2, 'both to be told');
    await t.server.notifications.idle();
    // Bob by his chosen channel, in Norwegian only; Ann (no channels chosen) at her account's address.
    expect(smtp.mails.map((m) => m.to).sort()).toEqual(['ann@example.test', 'bob-moves@example.test']);
    const text = body('bob-moves@example.test');
    expect(text).toContain('Du spiller Tyskland');
    expect(text).not.toContain('We found you an opponent');
  });

  it('writes a ticket expired once its pace’s window is over, and tells its player once', async () => {
    const put = await bob.call('POST', '/api/tickets', { body: { ...ticket([]), pace: 'live', setup: 'advanced' } });
    expect(put.json.status).toBe('open');
    const status = async () =>
      (await t.server.ratings.sqlHandle.query<{ status: string }>('SELECT status FROM kon_tickets WHERE id = $1', [put.json.id]))[0]!
        .status;
    // Live tickets wait an hour: still open (and nobody told) just before.
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(await status()).toBe('open');
    expect(smtp.mails).toEqual([]);
    // The sweep after the hour (and its minute's grace) writes it expired and tells Bob where he chose.
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(await status()).toBe('expired');
    await waitFor(() => smtp.mails.length > 0, 'Bob to be told');
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    await t.server.notifications.idle();
    expect(smtp.mails.map((m) => m.to)).toEqual(['bob-moves@example.test']);
    expect(body('bob-moves@example.test')).toContain('ket ditt etter en motstander gikk ut uten treff');
  });

  it('deletes a device whose push service says it is gone when pushing "opponent found"', async () => {
    expect((await ann.call('POST', '/api/tickets', { body: ticket(['germany']) })).status).toBe(201);
    const b = await bob.call('POST', '/api/tickets', { body: ticket([]) });
    expect(b.json.status).toBe('matched');
    const matchID = b.json.matchID as string;
    // Bob turns push on in the new match, on a browser that has since unsubscribed.
    const token = (await bob.call('POST', `/api/me/matches/${matchID}/credentials`, { body: {} })).json.credentials as string;
    const device = newSubscriptionKeys();
    const push = `/api/matches/${matchID}/notifications/push`;
    const on = await api(t.url, 'POST', push, { token, body: { endpoint: `${pushUrl}/bob`, keys: device.keys, lang: 'en' } });
    expect(on.status).toBe(201);
    // Away after the wait: told by that match's channels, the push among them; the 410 deletes the device.
    await vi.advanceTimersByTimeAsync(2500);
    await waitFor(() => pushed.length > 0, 'Bob to be pushed');
    await t.server.notifications.idle();
    expect(pushed).toHaveLength(1);
    expect(JSON.parse(decryptAes128gcm(device, pushed[0]!.body)).title).toMatch(/^Opponent found/);
    expect((await api(t.url, 'GET', push, { token })).json.endpoints).toEqual([]);
  });
});
