/**
 * A request body sent without a length (chunked) over the limit is answered 413, as one with a
 * Content-Length is, not cut off (issue 36).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

describe('a body without a length', () => {
  it('over the limit is answered 413 like any oversized body', async () => {
    const port = new URL(t.url).port;
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/my-matches', headers: { 'content-type': 'application/json' } },
        (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => (body += c));
          r.on('end', () => resolve({ status: r.statusCode!, body }));
        },
      );
      req.on('error', reject);
      // Chunked: no Content-Length for the server to refuse up front.
      const chunk = Buffer.alloc(64 * 1024, 'x');
      for (let i = 0; i < 16; i++) req.write(chunk);
      req.end();
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe('body_too_large');
  });
});
