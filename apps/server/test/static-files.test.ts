/**
 * The built client as the server sends it: precompressed variants chosen by Accept-Encoding, cache
 * headers by kind of file, revalidation, no way out of the dist folder, and the Content-Security-Policy.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../src/http/static-files';
import { startTestServer, type TestServer } from './helpers';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request without fetch's own Accept-Encoding and decompression: the bytes as sent. */
function get(base: string, route: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + route, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const JS = `export const board = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ area: `area-${i}`, x: i })))};\n`;
const HTML =
  '<!doctype html><html><head><title>KoN</title><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div></body></html>\n';

describe('chooseEncoding', () => {
  const both = ['identity', 'br', 'gzip'] as const;
  it.each([
    ['gzip, deflate, br, zstd', both, 'br'],
    ['gzip, deflate', both, 'gzip'],
    ['br;q=0.5, gzip', both, 'gzip'],
    ['BR ;q=1, gzip;q=0.9', both, 'br'],
    ['*', both, 'br'],
    ['*;q=0.1, identity', both, 'identity'],
    ['br;q=0, gzip;q=0', both, 'identity'],
    ['identity', both, 'identity'],
    ['', both, 'identity'],
    [undefined, both, 'identity'],
    ['gzip, br', ['identity', 'gzip'], 'gzip'],
    ['br', ['identity', 'gzip'], 'identity'],
    ['identity;q=0', ['identity'], 'identity'],
    ['br;q=nonsense, gzip', both, 'gzip'],
  ] as const)('%j with %j → %s', (header, available, want) => {
    expect(chooseEncoding(header, available)).toBe(want);
  });
});

describe('serving the built client', () => {
  let web: TestServer;
  let parent: string;
  let dist: string;
  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'kon-static-'));
    dist = path.join(parent, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(parent, 'secret.txt'), 'not for the web');
    fs.writeFileSync(path.join(dist, 'index.html'), HTML);
    fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(HTML));
    fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync(HTML));
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), JS);
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), zlib.brotliCompressSync(JS));
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js.gz'), zlib.gzipSync(JS, { level: 9 }));
    // Only a gzip variant: a browser that takes br still gets gzip rather than nothing.
    fs.writeFileSync(path.join(dist, 'assets', 'style-99.css'), 'body{margin:0}'.repeat(50));
    fs.writeFileSync(path.join(dist, 'assets', 'style-99.css.gz'), zlib.gzipSync('body{margin:0}'.repeat(50)));
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    web = await startTestServer({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await web?.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('sends the brotli file to browsers that take it, immutable and varying by Accept-Encoding', async () => {
    const r = await get(web.url, '/assets/app-1234.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.body.equals(fs.readFileSync(path.join(dist, 'assets', 'app-1234.js.br')))).toBe(true);
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(zlib.brotliDecompressSync(r.body).toString()).toBe(JS);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get(web.url, '/assets/app-1234.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(JS);
    const cssBr = await get(web.url, '/assets/style-99.css', { 'Accept-Encoding': 'br, gzip' });
    expect(cssBr.headers['content-encoding']).toBe('gzip');
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
      const plain = await get(web.url, '/assets/app-1234.js', headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body.toString()).toBe(JS);
      expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(JS));
    }
    // a file the build did not compress: plain, and nothing to vary on
    const icon = await get(web.url, '/favicon.svg', { 'Accept-Encoding': 'br, gzip' });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers.vary ?? '').not.toMatch(/accept-encoding/i);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('HEAD tells the length of the variant it would send, without a body', async () => {
    const r = await get(web.url, '/assets/app-1234.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(Number(r.headers['content-length'])).toBe(fs.statSync(path.join(dist, 'assets', 'app-1234.js.br')).size);
    expect(r.body.length).toBe(0);
  });

  it('index.html, also for app routes: compressed, revalidated every time, 304 when unchanged', async () => {
    for (const route of ['/', '/m/abc123/join']) {
      const r = await get(web.url, route, { 'Accept-Encoding': 'gzip, br' });
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(r.body).toString()).toBe(HTML);
      const again = await get(web.url, route, { 'Accept-Encoding': 'gzip, br', 'If-None-Match': r.headers.etag! });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
    // the gzip and brotli bodies differ, so they must not share a validator
    const br = await get(web.url, '/', { 'Accept-Encoding': 'br' });
    const gz = await get(web.url, '/', { 'Accept-Encoding': 'gzip' });
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    expect((await get(web.url, '/', { 'Accept-Encoding': 'gzip', 'If-None-Match': br.headers.etag! })).status).toBe(200);
  });

  it('never leaves the dist folder, and missing files are a clear JSON 404', async () => {
    for (const route of [
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/%2e%2e%5csecret.txt',
    ]) {
      const r = await get(web.url, route, { 'Accept-Encoding': 'br, gzip' });
      expect(r.body.toString()).not.toContain('not for the web');
      expect([404, 200]).toContain(r.status);
      if (r.status === 200) expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    for (const route of ['/assets/missing.js', '/assets/missing-1234.css', '/nope.txt']) {
      const r = await get(web.url, route, { 'Accept-Encoding': 'br, gzip' });
      expect(r.status).toBe(404);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(r.body.toString())).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
    const bad = await get(web.url, '/%E0%A4%A', { 'Accept-Encoding': 'br' });
    expect(bad.status).toBe(404);
  });

  it('sends a strict Content-Security-Policy with pages, files and API answers', async () => {
    for (const route of ['/', '/m/abc123', '/assets/app-1234.js', '/api/matches']) {
      const r = await get(web.url, route);
      const csp = String(r.headers['content-security-policy']);
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([k, ...v]) => [k!, v]),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('style-src')).toEqual(["'self'"]);
      expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      const host = new URL(web.url).host;
      expect(directives.get('connect-src')).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(r.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('does not echo a forged Host header into the policy', async () => {
    const r = await get(web.url, '/', { Host: "evil.example; script-src * 'unsafe-inline'" });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).not.toContain('evil');
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
  });
});
