/**
 * The security headers of every answer, socket.io's own (polling, the websocket upgrade) included
 * (issue 36), as they cross the wire.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        resolve(res);
      })
      .on('error', reject);
  });
}

const SECURITY = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'permissions-policy',
];

describe('security headers', () => {
  it('are on the API, on socket.io polling answers and on the websocket upgrade', async () => {
    const apiRes = await get(`${t.url}/api/games`);
    const poll = await get(`${t.url}/socket.io/?EIO=4&transport=polling`);
    expect(poll.statusCode).toBe(200);
    const upgrade = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const ws = new WebSocket(`${t.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
      ws.once('upgrade', (res) => {
        resolve(res.headers);
        ws.close();
      });
      ws.once('error', reject);
    });
    for (const headers of [poll.headers, upgrade, apiRes.headers]) {
      for (const h of SECURITY) expect(headers[h], h).toBeTruthy();
      expect(headers['x-content-type-options']).toBe('nosniff');
      // Plain http: no HSTS (it would pin a name to https that has none).
      expect(headers['strict-transport-security']).toBeUndefined();
    }
    const pp = String(apiRes.headers['permissions-policy']);
    expect(pp).toContain('camera=()');
    expect(pp).toContain('clipboard-write=(self)');
    expect(pp).toContain('publickey-credentials-get=(self)');
  });

  it('add Strict-Transport-Security when PUBLIC_URL is https', async () => {
    const s = await startTestServer({ PUBLIC_URL: 'https://kon.example.org' });
    try {
      for (const path of ['/api/games', '/socket.io/?EIO=4&transport=polling', '/no-such-page']) {
        const r = await get(`${s.url}${path}`);
        expect(r.headers['strict-transport-security'], path).toMatch(/^max-age=\d{7,}/);
      }
    } finally {
      await s.stop();
    }
  });
});
