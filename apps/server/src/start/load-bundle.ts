/**
 * Runs the server bundle (dist/server.cjs) the way node runs a CommonJS file, but compiled through
 * vm.Script with the bundle's V8 code cache (start/code-cache.ts): node 20's require has no code
 * cache, and without one every start parses the whole 2.5 MB bundle and compiles each function it calls.
 * The bundle is written as one function expression of the CommonJS wrapper's parameters (the build's
 * banner and footer), so its columns are the source map's and no wrapper text shifts them.
 *
 * A missing, stale or refused cache costs time, not behaviour: the bundle is then compiled as node
 * would. The cache is written by a training start (KON_WRITE_CODE_CACHE=1, which scripts/build.mjs
 * sets) when it is told to stop: a running server never writes next to its code.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Script } from 'node:vm';
import { readCodeCache, setCodeCacheUse, sha256, writeCodeCache, type CodeCacheUse } from './code-cache';
import { mapStacksThrough } from './mapped-stacks';

type Wrapped = (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;

/** Runs `file` (the bundle) with its code cache `${file}.v8cache`; answers what it did with the cache. */
export function runBundle(file: string, env: NodeJS.ProcessEnv = process.env): CodeCacheUse {
  const dir = path.dirname(file);
  const bytes = readFileSync(file);
  const bundleHash = sha256(bytes);
  const cacheFile = `${file}.v8cache`;
  const cachedData = readCodeCache(cacheFile, bundleHash);
  const script = new Script(bytes.toString('utf8'), { filename: file, cachedData });
  const use: CodeCacheUse = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'refused' : 'used';
  setCodeCacheUse(use);
  const sourceMaps = (process as { sourceMapsEnabled?: boolean }).sourceMapsEnabled ?? process.execArgv.includes('--enable-source-maps');
  if (sourceMaps) mapStacksThrough(file, `${file}.map`);
  if (env.KON_WRITE_CODE_CACHE === '1') {
    // Taken when the training start is told to stop, before the server's own handler runs: the cache
    // holds what the start compiled (the bundle and the functions of start-up and a request), not the
    // stop's, which every start would otherwise read in.
    process.prependOnceListener('SIGTERM', () => {
      const refused = writeCodeCache(cacheFile, bundleHash, script.createCachedData());
      if (refused) process.stderr.write(`code cache not written: ${refused.message}\n`);
    });
  }
  const bundleModule = { exports: {} };
  (script.runInThisContext() as Wrapped).call(bundleModule.exports, bundleModule.exports, createRequire(file), bundleModule, file, dir);
  return use;
}
