/**
 * A blocked player's chat is withheld by the server, on the wire: in Kampen om Norge and in Deres
 * uenighet alike, a chat line from a member signed in as an account that another member's account
 * blocked never reaches that member's socket (not a byte of it), while every other socket, the
 * spectators' too, gets it; and the blocker's own lines still reach the blocked player.
 */
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './account-client';
import { connected, createMatch, startTestServer, waitFor, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => t?.stop());

async function synced(game: string, matchID: string, playerID: string | null, credentials: string) {
  const socket: Socket = ioClient(`${t.url}/${game}`, { forceNew: true, reconnection: false });
  const chat: string[] = [];
  const raw: string[] = [];
  socket.on('chat', (_id: string, m: { payload: string }) => chat.push(m.payload));
  socket.io.on('open', () => socket.io.engine.on('packet', (p: { data?: unknown }) => raw.push(JSON.stringify(p.data ?? ''))));
  await connected(socket);
  let synced = false;
  socket.once('sync', () => (synced = true));
  socket.emit('sync', matchID, playerID, credentials, 4);
  await waitFor(() => synced, 'sync');
  return { socket, chat, raw };
}

describe.each([
  { game: 'kampen-om-norge', plan: 'three', body: { plan: 'three', setupData: { ruleset: 'basic' } } },
  { game: 'deres-uenighet', plan: 'two', body: { game: 'deres-uenighet', plan: 'two' } },
])('chat in $game', ({ game, body }) => {
  it('never reaches a member who blocked the sender; everyone else gets it', async () => {
    const [ann, bob] = [new TestBrowser(t.url), new TestBrowser(t.url)];
    await ann.signUp(`Ann ${game}`);
    const bobId = (await bob.signUp(`Bob ${game}`)).id;
    expect((await ann.call('PUT', `/api/blocks/${bobId}`)).status).toBe(204);
    const m = await createMatch(t.url, body);
    // Ann and Bob take the first two seats signed in (their members are their accounts'); a third seat, if any, is a guest.
    const people = [ann, bob, new TestBrowser(t.url)];
    const sockets = [];
    for (const [i, s] of m.links.seats.entries()) {
      const j = await people[i]!.call('POST', `/api/matches/${m.matchID}/join`, { body: { token: s.token, name: `P${i}` } });
      expect(j.status).toBe(201);
      sockets.push(await synced(game, m.matchID, s.playerIDs[0]!, j.json.credentials));
      (sockets.at(-1) as { creds?: string }).creds = j.json.credentials;
    }
    const watcher = await synced(game, m.matchID, null, m.links.spectator);
    const [a, b] = sockets as [(typeof sockets)[0] & { creds: string }, (typeof sockets)[0] & { creds: string }];
    const others = [...sockets.slice(2), watcher];

    const SECRET = 'a line from bob, never for ann';
    b.socket.emit('chat', m.matchID, { id: 'b1', sender: m.links.seats[1]!.playerIDs[0]!, payload: SECRET }, b.creds);
    await waitFor(() => others.every((s) => s.chat.includes(SECRET)) && b.chat.includes(SECRET), 'Bob’s line to the others');
    // Ann's own line comes after Bob's on every socket: when it is back at Ann, Bob's would have come first.
    a.socket.emit('chat', m.matchID, { id: 'a1', sender: m.links.seats[0]!.playerIDs[0]!, payload: 'from ann' }, a.creds);
    await waitFor(() => a.chat.includes('from ann') && b.chat.includes('from ann'), 'Ann’s line to all');
    expect(a.chat).toEqual(['from ann']);
    expect(a.raw.join('\n')).not.toContain('never for ann');
    for (const s of [...sockets, watcher]) s.socket.close();
  });
});
