/**
 * dist/main.cjs starts the bundle through vm.Script with V8's code cache of a training start
 * (src/start/): a cache that is not this bundle's (another build, even of the same length, which V8
 * alone would take), a damaged or torn one, one V8 refuses and a folder that cannot be written all
 * cost time, never behaviour; and stacks through the bundle read as node's own source-mapped stacks.
 * production-build.test.ts checks that the build's training start writes a cache the server then uses.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Script } from 'node:vm';
import { buildSync, type BuildOptions } from 'esbuild';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { encodeCodeCache, readCodeCache, sha256, writeCodeCache } from '../src/start/code-cache';
import { runBundle } from '../src/start/load-bundle';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-code-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const prepareBefore = Error.prepareStackTrace;
afterEach(() => {
  Error.prepareStackTrace = prepareBefore;
});

/** A bundle as the build writes dist/server.cjs: one function expression of CommonJS's wrapper parameters. */
const bundleText = (answer: number) =>
  `(function(exports,require,module,__filename,__dirname){globalThis.konBundleRan={answer:${answer},file:__filename,dir:__dirname};module.exports.answer=${answer}})`;
const ran = () => (globalThis as { konBundleRan?: { answer: number; file: string; dir: string } }).konBundleRan;

function bundle(name: string, answer: number) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bundleText(answer));
  const bytes = fs.readFileSync(file);
  return { file, bytes, hash: sha256(bytes), cacheFile: `${file}.v8cache` };
}
const v8Data = (text: string, file: string) => new Script(text, { filename: file }).createCachedData();

describe("the bundle's code cache file", () => {
  it('gives back what was written, for this bundle only, and nothing of a damaged or torn file', () => {
    const b = bundle('read.cjs', 1);
    const data = v8Data(bundleText(1), b.file);
    expect(writeCodeCache(b.cacheFile, b.hash, data)).toBeNull();
    expect(readCodeCache(b.cacheFile, b.hash)?.equals(data)).toBe(true);
    expect(readCodeCache(b.cacheFile, sha256(Buffer.from('another bundle')))).toBeUndefined();
    const bytes = fs.readFileSync(b.cacheFile);
    const damaged = Buffer.from(bytes);
    damaged[damaged.length - 1] = damaged[damaged.length - 1]! ^ 1;
    fs.writeFileSync(b.cacheFile, damaged);
    expect(readCodeCache(b.cacheFile, b.hash)).toBeUndefined();
    fs.writeFileSync(b.cacheFile, bytes.subarray(0, bytes.length - 10));
    expect(readCodeCache(b.cacheFile, b.hash)).toBeUndefined();
    fs.writeFileSync(b.cacheFile, 'not a cache');
    expect(readCodeCache(b.cacheFile, b.hash)).toBeUndefined();
    expect(readCodeCache(path.join(dir, 'none.v8cache'), b.hash)).toBeUndefined();
  });

  it('answers the error when its folder cannot be written, and leaves no file behind', () => {
    const file = path.join(dir, 'no-such-folder', 'x.v8cache');
    expect(writeCodeCache(file, 'h', Buffer.from('data'))).toBeInstanceOf(Error);
    expect(fs.existsSync(path.dirname(file))).toBe(false);
  });
});

describe('a start through the code cache', () => {
  it('runs the bundle as CommonJS with or without a cache, and uses only its own', () => {
    const b = bundle('server.cjs', 41);
    expect(runBundle(b.file, {})).toBe('none');
    expect(ran()).toEqual({ answer: 41, file: b.file, dir });
    writeCodeCache(b.cacheFile, b.hash, v8Data(bundleText(41), b.file));
    expect(runBundle(b.file, {})).toBe('used');
    expect(ran()?.answer).toBe(41);
    // Another build of the same length: V8 would take the old cache (it knows the source by its length).
    fs.writeFileSync(b.file, bundleText(42));
    expect(runBundle(b.file, {})).toBe('none');
    expect(ran()?.answer).toBe(42);
  });

  it('compiles the bundle as node would when V8 refuses the cache', () => {
    const b = bundle('refused.cjs', 7);
    fs.writeFileSync(b.cacheFile, encodeCodeCache(b.hash, Buffer.from('not V8 code cache data')));
    expect(runBundle(b.file, {})).toBe('refused');
    expect(ran()?.answer).toBe(7);
  });
});

describe('stacks through the bundle', () => {
  it("read as node's own source-mapped stacks of the same code", () => {
    const source = path.join(dir, 'fixture.ts');
    fs.writeFileSync(
      source,
      [
        'class Thrower {',
        '  fail(n: number): never {',
        "    throw new TypeError('fail ' + n);",
        '  }',
        '}',
        'function middle(t: Thrower) {',
        '  return t.fail(3);',
        '}',
        'const outer = () => middle(new Thrower());',
        'async function later() {',
        '  await Promise.resolve();',
        '  outer();',
        '}',
        'try {',
        '  outer();',
        '} catch (e) {',
        '  console.log((e as Error).stack);',
        '}',
        'later().catch((e: Error) => console.log(e.stack));',
      ].join('\n'),
    );
    const common: BuildOptions = {
      entryPoints: [source],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      sourcemap: true,
      sourcesContent: false,
      minifyWhitespace: true,
    };
    // As the build writes dist/server.cjs (wrapped) and as node would load a plain bundle (its own mapping).
    fs.mkdirSync(path.join(dir, 'ours'));
    buildSync({
      ...common,
      outfile: path.join(dir, 'ours', 'server.cjs'),
      banner: { js: '(function(exports,require,module,__filename,__dirname){' },
      footer: { js: '})' },
    });
    buildSync({ ...common, outfile: path.join(dir, 'plain.cjs') });
    buildSync({
      entryPoints: [path.resolve(__dirname, '../src/start/main.ts')],
      outfile: path.join(dir, 'ours', 'main.cjs'),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      define: { 'import.meta.url': 'importMetaUrl' },
      banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    });
    const frames = (file: string) =>
      execFileSync(process.execPath, ['--enable-source-maps', file], { encoding: 'utf8' })
        .split('\n')
        .filter((l) => l.includes('fixture.ts') || l.startsWith('TypeError'));
    const node = frames(path.join(dir, 'plain.cjs'));
    expect(node.filter((l) => l.includes('fixture.ts:')).length).toBeGreaterThanOrEqual(6);
    expect(frames(path.join(dir, 'ours', 'main.cjs'))).toEqual(node);
  });
});
