/**
 * Claimed seats (src/seats/seats.ts): a seat link seats one person; co-commanders come through the holder's
 * link, which the holder can revoke, and the holder can remove them; a recovery link works once; one
 * seat per browser; lobby records of the earlier shape keep working. Also the lobby view pushed over
 * the socket (presence) and the "my matches" summary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../src/core/secrets';
import { api, createMatch, join, serverState, startTestServer, syncedSocket, waitFor, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

const KEY_A = `browser-a-${'x'.repeat(20)}`;
const KEY_B = `browser-b-${'y'.repeat(20)}`;
const KEY_C = `browser-c-${'z'.repeat(20)}`;

async function joinRaw(matchID: string, body: Record<string, unknown>) {
  return api(t.url, 'POST', `/api/matches/${matchID}/join`, { body });
}

const sync = (matchID: string, playerID: string | null, credentials?: string) => syncedSocket(t.url, matchID, playerID, credentials);

async function norwayHand(matchID: string): Promise<string[]> {
  return (await serverState(t, matchID)).state.G.hands.norway as string[];
}

describe('claimed seats', () => {
  it('a claimed seat link seats nobody else: refused, no credentials, no hand; it still opens the spectator view', async () => {
    const m = await createMatch(t.url);
    const link = m.links.seats[1]!.token;
    const nils = await joinRaw(m.matchID, { token: link, name: 'Nils', browserKey: KEY_A });
    expect(nils.status).toBe(201);
    expect(nils.json.role).toBe('holder');

    const second = await joinRaw(m.matchID, { token: link, name: 'Borrower', browserKey: KEY_B });
    expect(second.status).toBe(409);
    expect(second.json.error.code).toBe('seat_taken');
    expect(second.text).not.toContain('credentials');
    expect(second.text).not.toMatch(/m_[A-Za-z0-9_-]{20,}/);
    // Without a browser key too (an API client).
    expect((await joinRaw(m.matchID, { token: link, name: 'Borrower' })).json.error.code).toBe('seat_taken');
    const v = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: m.links.spectator });
    expect(v.json.seats[1].members.map((x: any) => x.name)).toEqual(['Nils']);
    expect(v.json.seats[1].claimed).toBe(true);

    // The link says it is claimed, and opens the board as a spectator: never the hand.
    const asLink = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: link });
    expect(asLink.json.you).toEqual({ role: 'seat-link', seat: 'norway', playerIDs: ['1'], claimed: true });
    const asPlayer = await sync(m.matchID, '1', link);
    expect(asPlayer.sync).toBeUndefined();
    expect(asPlayer.error).toBe('unauthorized');
    asPlayer.socket.close();
    const watch = await sync(m.matchID, null, link);
    expect(watch.sync).toBeDefined();
    const hand = await norwayHand(m.matchID);
    expect(hand.length).toBeGreaterThan(0);
    const text = JSON.stringify(watch.received);
    for (const card of hand) expect(text).not.toContain(`"${card}"`);
    watch.socket.close();
    // The holder does get the hand.
    const holder = await sync(m.matchID, '1', nils.json.credentials);
    for (const card of hand) expect(JSON.stringify(holder.sync.state.G)).toContain(`"${card}"`);
    holder.socket.close();
  });

  it('one seat per browser; the same browser on its own seat link gets its seat back, not a second member', async () => {
    const m = await createMatch(t.url);
    const [de, no] = m.links.seats;
    const greta = await joinRaw(m.matchID, { token: de!.token, name: 'Greta', browserKey: KEY_A });
    expect(greta.status).toBe(201);
    const other = await joinRaw(m.matchID, { token: no!.token, name: 'Greta', browserKey: KEY_A });
    expect(other.status).toBe(409);
    expect(other.json.error.code).toBe('already_member');
    // Norway's seat is still open for the person it was meant for.
    expect((await joinRaw(m.matchID, { token: no!.token, name: 'Nils', browserKey: KEY_B })).status).toBe(201);

    const again = await joinRaw(m.matchID, { token: de!.token, name: 'Greta', browserKey: KEY_A });
    expect(again.status).toBe(201);
    expect(again.json.returning).toBe(true);
    expect(again.json.memberId).toBe(greta.json.memberId);
    const v = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: again.json.credentials });
    expect(v.json.seats[0].members.map((x: any) => x.name)).toEqual(['Greta']); // no "Greta, Greta"
    // Both credentials work (two tabs of one browser).
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: greta.json.credentials })).json.you.memberId).toBe(
      greta.json.memberId,
    );
    expect((await joinRaw(m.matchID, { token: de!.token, name: 'Greta', browserKey: 'short' })).status).toBe(400);
  });

  it("co-commanders join only by the holder's link; the holder sees them, removes them and revokes the link", async () => {
    const m = await createMatch(t.url, { plan: 'teams' });
    const holder = await join(t.url, m.matchID, m.links.seats[1]!.token, 'Ola');
    const coUrl = `/api/matches/${m.matchID}/seat/co-link`;
    expect((await api(t.url, 'POST', coUrl)).status).toBe(404);
    expect((await api(t.url, 'POST', coUrl, { token: m.links.seats[1]!.token })).json.error.code).toBe('not_a_member');
    const made = await api(t.url, 'POST', coUrl, { token: holder.credentials });
    expect(made.status).toBe(201);
    expect(made.json.token).toMatch(/^c_[A-Za-z0-9_-]{32}$/);
    const co = made.json.token as string;
    expect(JSON.stringify(await t.server.storage.fetchLobby(m.matchID))).not.toContain(co);

    // The link opens the seat for a co-commander, who commands it with their own credentials.
    const look = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: co });
    expect(look.json.you).toEqual({ role: 'co-link', seat: 'norway', playerIDs: ['1'] });
    const kari = await joinRaw(m.matchID, { token: co, name: 'Kari', browserKey: KEY_B });
    expect(kari.status).toBe(201);
    expect(kari.json.role).toBe('co');
    expect(kari.json.seat).toBe('norway');
    const kariSock = await sync(m.matchID, '1', kari.json.credentials);
    const hand = await norwayHand(m.matchID);
    for (const card of hand) expect(JSON.stringify(kariSock.sync.state.G)).toContain(`"${card}"`);
    // A co-commander cannot hand out links or remove anyone.
    expect((await api(t.url, 'POST', coUrl, { token: kari.json.credentials })).json.error.code).toBe('not_holder');
    expect(
      (await api(t.url, 'DELETE', `/api/matches/${m.matchID}/members/${holder.memberId}`, { token: kari.json.credentials })).status,
    ).toBe(403);

    const v = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: holder.credentials });
    expect(v.json.seats[1].members.map((x: any) => [x.name, x.role])).toEqual([
      ['Ola', 'holder'],
      ['Kari', 'co'],
    ]);
    expect(v.json.you.holder).toBe(true);
    expect(v.json.you.coLink.createdAt).toEqual(expect.any(Number));

    // Revoked: the link seats nobody and opens nothing.
    expect((await api(t.url, 'DELETE', coUrl, { token: holder.credentials })).status).toBe(204);
    expect((await joinRaw(m.matchID, { token: co, name: 'Per', browserKey: KEY_C })).status).toBe(404);
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: co })).status).toBe(404);
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: holder.credentials })).json.you.coLink).toBeNull();

    // Removed: Kari's socket is closed, her credentials open nothing.
    const rm = await api(t.url, 'DELETE', `/api/matches/${m.matchID}/members/${kari.json.memberId}`, { token: holder.credentials });
    expect(rm.status).toBe(204);
    await waitFor(() => !kariSock.socket.connected, 'removed member disconnected');
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: kari.json.credentials })).status).toBe(404);
    const again = await sync(m.matchID, '1', kari.json.credentials);
    expect(again.error).toBe('unauthorized');
    again.socket.close();
    expect((await api(t.url, 'DELETE', `/api/matches/${m.matchID}/members/nobody`, { token: holder.credentials })).status).toBe(404);
  });

  it('a recovery link restores the seat on another device once; a leaving holder hands the seat on', async () => {
    const m = await createMatch(t.url, { plan: 'teams' });
    const nils = await joinRaw(m.matchID, { token: m.links.seats[1]!.token, name: 'Nils', browserKey: KEY_A });
    const recUrl = `/api/matches/${m.matchID}/members/me/recovery`;
    const rec = await api(t.url, 'POST', recUrl, { token: nils.json.credentials });
    expect(rec.status).toBe(201);
    expect(rec.json.token).toMatch(/^r_/);
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: nils.json.credentials })).json.you.recoveryOut).toBe(true);

    // A browser that holds another seat cannot use it (and does not use it up).
    const greta = await joinRaw(m.matchID, { token: m.links.seats[0]!.token, name: 'Greta', browserKey: KEY_B });
    const blocked = await api(t.url, 'POST', `/api/matches/${m.matchID}/recover`, { body: { token: rec.json.token, browserKey: KEY_B } });
    expect(blocked.status).toBe(409);
    expect(blocked.json.error.code).toBe('already_member');

    const phone = await api(t.url, 'POST', `/api/matches/${m.matchID}/recover`, { body: { token: rec.json.token, browserKey: KEY_C } });
    expect(phone.status).toBe(201);
    expect(phone.json.memberId).toBe(nils.json.memberId);
    expect(phone.json.name).toBe('Nils');
    expect(phone.json.credentials).not.toBe(nils.json.credentials);
    const once = await api(t.url, 'POST', `/api/matches/${m.matchID}/recover`, { body: { token: rec.json.token, browserKey: KEY_C } });
    expect(once.status).toBe(404);
    // Both devices command the seat; still one member.
    for (const c of [nils.json.credentials, phone.json.credentials]) {
      const s = await sync(m.matchID, '1', c);
      expect(s.sync).toBeDefined();
      s.socket.close();
    }
    const v = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: phone.json.credentials });
    expect(v.json.seats[1].members.map((x: any) => x.name)).toEqual(['Nils']);
    expect(v.json.you.recoveryOut).toBe(false);
    // The phone's browser now counts as holding Norway.
    expect((await joinRaw(m.matchID, { token: m.links.seats[2]!.token, name: 'X', browserKey: KEY_C })).json.error.code).toBe(
      'already_member',
    );

    // The holder leaves: the co-commander holds the seat; when the last one goes the link works again.
    const co = (await api(t.url, 'POST', `/api/matches/${m.matchID}/seat/co-link`, { token: nils.json.credentials })).json.token;
    const kari = await join(t.url, m.matchID, co, 'Kari');
    expect((await api(t.url, 'DELETE', `/api/matches/${m.matchID}/members/me`, { token: nils.json.credentials })).status).toBe(204);
    const after = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: kari.credentials });
    expect(after.json.you.holder).toBe(true);
    expect(after.json.seats[1].members.map((x: any) => [x.name, x.role])).toEqual([['Kari', 'holder']]);
    expect((await joinRaw(m.matchID, { token: m.links.seats[1]!.token, name: 'Y' })).json.error.code).toBe('seat_taken');
    expect((await api(t.url, 'DELETE', `/api/matches/${m.matchID}/members/me`, { token: kari.credentials })).status).toBe(204);
    expect((await joinRaw(m.matchID, { token: m.links.seats[1]!.token, name: 'Y' })).status).toBe(201);
    void greta;
  });

  it('migrates lobby records of the earlier shape (v: 1): members keep their credentials, first joiners hold their seats', async () => {
    const m = await createMatch(t.url, { plan: 'teams' });
    const stored = (await t.server.storage.fetchLobby(m.matchID))!;
    const cred = { ola: newToken('member'), kari: newToken('member') };
    const v2 = stored.lobby as any;
    const v1 = {
      v: 1,
      plan: v2.plan,
      visibility: v2.visibility,
      spectatorHash: v2.spectatorHash,
      seats: v2.seats.map((s: any) => ({ key: s.key, playerIDs: s.playerIDs, linkHash: s.linkHash })),
      members: [
        { id: 'mOla', seat: 'norway', name: 'Ola', credHash: hashToken(cred.ola), joinedAt: 1000 },
        { id: 'mKari', seat: 'norway', name: 'Kari', credHash: hashToken(cred.kari), joinedAt: 2000 },
      ],
    };
    const { deriveMetadata } = await import('../src/lobby/lobby');
    const { migrateLobby } = await import('../src/seats/seats');
    await t.server.storage.setLobby(m.matchID, v1, deriveMetadata(stored.metadata, migrateLobby(v1)));

    const v = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: cred.kari });
    expect(v.status).toBe(200);
    expect(v.json.you).toMatchObject({ role: 'member', memberId: 'mKari', seat: 'norway', holder: false });
    expect(v.json.seats[1].members.map((x: any) => [x.name, x.role])).toEqual([
      ['Ola', 'holder'],
      ['Kari', 'co'],
    ]);
    expect((await joinRaw(m.matchID, { token: m.links.seats[1]!.token, name: 'Z' })).json.error.code).toBe('seat_taken');
    const s = await sync(m.matchID, '1', cred.ola);
    expect(s.sync).toBeDefined();
    s.socket.close();
    // Ola holds the seat: he can make a co-commander link, and the record is stored in the new shape.
    expect((await api(t.url, 'POST', `/api/matches/${m.matchID}/seat/co-link`, { token: cred.ola })).status).toBe(201);
    expect(((await t.server.storage.fetchLobby(m.matchID))!.lobby as any).v).toBe(2);
  });
});

describe('presence over the socket', () => {
  it('pushes the lobby view on joins and disconnects: who is online, who is away and since when', async () => {
    const m = await createMatch(t.url, { plan: 'two' });
    const de = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Greta');
    const g = await sync(m.matchID, '0', de.credentials);
    const lobbyPushes = () => g.received.filter((r) => r.event === 'kon:lobby').map((r) => r.args[0] as any);
    await waitFor(() => lobbyPushes().some((v) => v.seats[0].members[0]?.connected), 'own presence pushed');
    expect(lobbyPushes().at(-1).you).toMatchObject({ role: 'member', memberId: de.memberId });

    const na = await join(t.url, m.matchID, m.links.seats[1]!.token, 'Nora');
    await waitFor(() => lobbyPushes().some((v) => v.seats[1].members[0]?.name === 'Nora'), 'join pushed');
    const n = await sync(m.matchID, '1', na.credentials);
    await waitFor(() => lobbyPushes().some((v) => v.seats[1].members[0]?.connected), 'online pushed');
    const before = Date.now();
    n.socket.close();
    const away = await waitFor(
      () => lobbyPushes().find((v) => v.seats[1].members[0] && !v.seats[1].members[0].connected && v.seats[1].members[0].awaySince),
      'away pushed',
      2000,
    );
    expect(away.seats[1].members[0].awaySince).toBeGreaterThanOrEqual(before - 50);
    // Back on another socket: online again, at once.
    const n2 = await sync(m.matchID, '1', na.credentials);
    const pushesBefore = lobbyPushes().length;
    await waitFor(
      () =>
        lobbyPushes()
          .slice(pushesBefore - 1)
          .some((v) => v.seats[1].members[0]?.connected),
      'back online pushed',
      2000,
    );
    n2.socket.close();
    // A push carries no token hashes or credentials.
    expect(JSON.stringify(lobbyPushes())).not.toMatch(/[0-9a-f]{64}|m_[A-Za-z0-9_-]{20}/);
    g.socket.close();
  });

  it('still knows after a restart since when a member is away', async () => {
    const m = await createMatch(t.url, { plan: 'two' });
    const de = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Greta');
    const na = await join(t.url, m.matchID, m.links.seats[1]!.token, 'Nora');
    const n = await sync(m.matchID, '1', na.credentials);
    await waitFor(() => t.server.transport.presence.members(m.matchID).has(na.memberId), 'Nora connected');
    n.socket.close();
    const noraAway = async () => {
      // (A kept-alive connection to the server before the restart fails once.)
      const r = await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: de.credentials }).catch(() => undefined);
      return (r?.json.seats[1].members[0].awaySince as number | null) ?? undefined;
    };
    const since = await waitFor(noraAway, 'Nora away', 2000);
    await waitFor(() => t.server.storage.getSide(m.matchID, 'seen', na.memberId), 'the time stored');
    await t.restart();
    // The first look after the start reads the stored time; it is there from then on.
    expect(await waitFor(noraAway, 'Nora away after the restart', 5000)).toBe(since);
  });
});

describe('my matches', () => {
  it("answers each member's seat and whose move it is, and nothing for credentials that open nothing", async () => {
    const m = await createMatch(t.url, { plan: 'two' });
    const de = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Greta');
    const na = await join(t.url, m.matchID, m.links.seats[1]!.token, 'Nora');
    const r = await api(t.url, 'POST', '/api/my-matches', {
      body: {
        matches: [
          { matchID: m.matchID, credentials: de.credentials },
          { matchID: m.matchID, credentials: na.credentials },
          { matchID: m.matchID, credentials: m.links.spectator },
          { matchID: 'noSuchMatch', credentials: de.credentials },
        ],
      },
    });
    expect(r.status).toBe(200);
    const [g, n, s, none] = r.json.matches;
    expect(g).toMatchObject({ found: true, seat: 'germany', toMove: ['0'], yourMove: true, finished: false, round: 1 });
    expect(n).toMatchObject({ found: true, seat: 'norway+allies', playerIDs: ['1', '2'], yourMove: false });
    expect(s).toEqual({ matchID: m.matchID, found: false });
    expect(none).toEqual({ matchID: 'noSuchMatch', found: false });
    expect(r.text).not.toContain(de.credentials);
    for (const body of [
      {},
      { matches: [] },
      { matches: [{ matchID: m.matchID }] },
      { matches: Array(51).fill({ matchID: 'a', credentials: 'abcdefgh' }) },
    ]) {
      const bad = await api(t.url, 'POST', '/api/my-matches', { body });
      expect(bad.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });
});
