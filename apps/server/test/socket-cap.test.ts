/**
 * The cap on open sockets per client address (issue 36): the one over it is refused with a code the
 * client sees as its connect_error, by the address the trusted proxy names.
 */
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ SOCKETS_PER_ADDRESS: '3', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.stop();
});

describe('sockets per address', () => {
  const open: Socket[] = [];
  afterAll(() => {
    for (const s of open) s.close();
  });
  const socket = (from: string, transports?: string[]) => {
    const s = ioClient(`${t.url}/kampen-om-norge`, {
      forceNew: true,
      reconnection: false,
      extraHeaders: { 'x-forwarded-for': from },
      ...(transports ? { transports } : {}),
    });
    open.push(s);
    return s;
  };
  const refusal = (s: Socket) =>
    new Promise<{ message: string; data?: { code?: string } }>((resolve, reject) => {
      s.once('connect', () => reject(new Error('connected over the cap')));
      s.once('connect_error', (e) => resolve(e as never));
    });

  it('refuses the one over the cap with a code, counting by the trusted proxy address', async () => {
    const first = [socket('203.0.113.5'), socket('203.0.113.5'), socket('203.0.113.5', ['websocket'])];
    for (const s of first) await connected(s);
    const over = await refusal(socket('203.0.113.5'));
    expect(over.data?.code).toBe('too_many_connections');
    const overWs = await refusal(socket('203.0.113.5', ['websocket']));
    expect(overWs.data?.code).toBe('too_many_connections');
    // Another address is not held back by this one.
    await connected(socket('198.51.100.9'));
    // A closed socket frees its place.
    first[0]!.close();
    const again = socket('203.0.113.5');
    for (let i = 0; ; i++) {
      try {
        await connected(again);
        break;
      } catch (e) {
        // The server may not have seen the close yet.
        if (i > 40) throw e;
        await new Promise((r) => setTimeout(r, 50));
        again.connect();
      }
    }
    expect(again.connected).toBe(true);
  });
});

describe('a connection over the cap that does not go away by itself', () => {
  it('is refused on the wire and closed by the server', async () => {
    const from = { 'x-forwarded-for': '192.0.2.77' };
    const held: Socket[] = [];
    for (let i = 0; i < 3; i++) {
      const s = ioClient(`${t.url}/kampen-om-norge`, { forceNew: true, reconnection: false, extraHeaders: from });
      held.push(s);
      await connected(s);
    }
    try {
      // engine.io's polling by hand: the handshake, a namespace connect, then read the answer.
      const poll = (query: string, init?: RequestInit) =>
        fetch(`${t.url}/socket.io/?EIO=4&transport=polling${query}`, { ...init, headers: { ...from, ...init?.headers } });
      const open = await (await poll('')).text();
      const sid = JSON.parse(open.slice(1)).sid as string;
      await poll(`&sid=${sid}`, { method: 'POST', body: '40/kampen-om-norge,', headers: { 'content-type': 'text/plain' } });
      const answer = await (await poll(`&sid=${sid}`)).text();
      expect(answer).toContain('44/kampen-om-norge,');
      expect(answer).toContain('"code":"too_many_connections"');
      // The server ends the session itself: the next poll brings engine.io's close packet ('1'), or
      // finds the session gone.
      const after = await poll(`&sid=${sid}`);
      const packets = (await after.text()).split('\x1e');
      expect(after.status === 400 || packets.includes('1'), `${after.status} ${packets.join(' ')}`).toBe(true);
    } finally {
      for (const s of held) s.close();
    }
  });
});
