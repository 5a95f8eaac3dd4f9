// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../vite/precompress';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip twins that decode to the file, skips fonts and files that would not shrink', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const js = `export const areas = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `area-${i}`))};\n`;
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), js);
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<div class="x"></div>'.repeat(40)}`);
    fs.writeFileSync(path.join(dir, 'assets', 'font-latin.woff2'), Buffer.alloc(4096, 7));
    fs.writeFileSync(path.join(dir, 'tiny.txt'), 'a');

    const done = await precompressDir(dir);

    expect(done).toEqual([path.join(dir, 'assets', 'index-abc.js'), path.join(dir, 'index.html')]);
    const br = fs.readFileSync(path.join(dir, 'assets', 'index-abc.js.br'));
    const gz = fs.readFileSync(path.join(dir, 'assets', 'index-abc.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(js);
    expect(zlib.gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(gz.length);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets', 'font-latin.woff2.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'tiny.txt.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'tiny.txt.gz'))).toBe(false);
  });
});
