/**
 * The seats an account holds: a guest who signs in takes along the seats this browser holds, a
 * signed-in join is the account's, the account's other devices get credentials for its seats (and
 * only its seats), the match maker's kept seat, a new name shown in old matches.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './account-client';
import { api, createMatch, join, startTestServer, type TestServer } from './helpers';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ SIGNIN_LIMIT_PER_HOUR: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await t?.stop();
});

const browserKey = () => randomBytes(18).toString('base64url');
const membersOf = (view: any, seat: string) => view.seats.find((s: any) => s.seat === seat).members.map((m: any) => m.name);

describe('an account and its seats', () => {
  it('a guest who signs in takes the seats this browser holds; every device of the account then gets them', async () => {
    const m = await createMatch(t.url);
    const [ger, nor] = m.links.seats;
    // As a guest, as today.
    const guest = await join(t.url, m.matchID, ger!.token, 'Guest Gerd');
    const other = await join(t.url, m.matchID, nor!.token, 'Nils');

    const phone = new TestBrowser(t.url);
    const acct = await phone.signUp('Gerd');
    const bogus = { matchID: m.matchID, credentials: 'm_notacredentialofanyone000000000' };
    const c = await phone.call('POST', '/api/me/claim', {
      body: { seats: [{ matchID: m.matchID, credentials: guest.credentials }, bogus] },
    });
    expect(c.status).toBe(200);
    expect(c.json.matches).toEqual([m.matchID]);
    // The match shows the account's name on the seat.
    const view = (await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: guest.credentials })).json;
    expect(membersOf(view, ger!.seat)).toEqual(['Gerd']);

    // The laptop signs in and finds the match, and gets its own credentials for the same member and seat.
    const laptop = new TestBrowser(t.url);
    laptop.passkey.credentials.push(...phone.passkey.credentials);
    await laptop.signIn();
    const list = (await laptop.call('GET', '/api/me/matches')).json.matches;
    expect(list).toEqual([expect.objectContaining({ matchID: m.matchID, seat: ger!.seat, seated: true, over: false })]);
    const cred = await laptop.call('POST', `/api/me/matches/${m.matchID}/credentials`, { body: { browserKey: browserKey() } });
    expect(cred.status).toBe(201);
    expect(cred.json).toMatchObject({ memberId: guest.memberId, seat: ger!.seat, playerIDs: ger!.playerIDs, returning: true });
    expect(cred.json.credentials).not.toBe(guest.credentials);
    const seen = (await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: cred.json.credentials })).json;
    expect(seen.you).toMatchObject({ role: 'member', memberId: guest.memberId, seat: ger!.seat, playerIDs: ger!.playerIDs });
    // The first device's credentials still work.
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: guest.credentials })).json.you.role).toBe('member');

    // Another account gets nothing of this match, and cannot take Nils's seat with credentials it does not have.
    const stranger = new TestBrowser(t.url);
    await stranger.signUp('Stranger');
    const refused = await stranger.call('POST', `/api/me/matches/${m.matchID}/credentials`, { body: {} });
    expect(refused.status).toBe(404);
    expect(
      (await stranger.call('POST', '/api/me/claim', { body: { seats: [{ matchID: m.matchID, credentials: guest.credentials }] } })).json
        .matches,
    ).toEqual([]);
    expect((await stranger.call('GET', '/api/me/matches')).json.matches).toEqual([]);
    void other;
    void acct;
  });

  it('a signed-in join holds the seat as the account; a new name shows in the match', async () => {
    const m = await createMatch(t.url);
    const b = new TestBrowser(t.url);
    await b.signUp('Astrid');
    const j = await b.call('POST', `/api/matches/${m.matchID}/join`, { body: { token: m.links.seats[1]!.token, name: 'whatever' } });
    expect(j.status).toBe(201);
    expect((await b.call('GET', '/api/me/matches')).json.matches.map((x: any) => x.matchID)).toEqual([m.matchID]);
    expect((await b.call('PATCH', '/api/me', { body: { name: 'Astrid Ø' } })).status).toBe(200);
    const view = (await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: j.json.credentials })).json;
    expect(membersOf(view, m.links.seats[1]!.seat)).toEqual(['Astrid Ø']);
  });

  it("a seat kept for an account (the match maker's) is taken by the account's first device", async () => {
    const m = await createMatch(t.url);
    const b = new TestBrowser(t.url);
    const acct = await b.signUp('Kept For');
    await t.server.players.bindSeat(m.matchID, 'norway', acct.id);
    expect((await b.call('GET', '/api/me/matches')).json.matches).toEqual([expect.objectContaining({ seat: 'norway', seated: false })]);
    const cred = await b.call('POST', `/api/me/matches/${m.matchID}/credentials`, { body: {} });
    expect(cred.status).toBe(201);
    expect(cred.json).toMatchObject({ seat: 'norway', role: 'holder', name: 'Kept For', returning: false });
    const view = (await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: cred.json.credentials })).json;
    expect(view.you).toMatchObject({ role: 'member', seat: 'norway', holder: true });
    // The seat link no longer takes it.
    const link = m.links.seats.find((s) => s.seat === 'norway')!.token;
    expect((await api(t.url, 'POST', `/api/matches/${m.matchID}/join`, { body: { token: link, name: 'Intruder' } })).json.error.code).toBe(
      'seat_taken',
    );
    expect(await t.server.players.accountName(acct.id)).toBe('Kept For');
    expect((await t.server.players.accountNames([acct.id, 'nobody'])).get(acct.id)).toBe('Kept For');
  });

  it('answers 401 sign_in_required to the account routes without a session', async () => {
    for (const [method, route] of [
      ['GET', '/api/me/matches'],
      ['GET', '/api/me/export'],
      ['POST', '/api/me/claim'],
      ['DELETE', '/api/me'],
    ] as const) {
      const r = await api(t.url, method, route, method === 'POST' ? { body: { seats: [] } } : {});
      expect(r.status, route).toBe(401);
      expect(r.json.error.code).toBe('sign_in_required');
    }
    expect((await api(t.url, 'GET', '/api/me')).json).toEqual({ account: null });
  });
});
