/**
 * The server bundle's V8 code cache (dist/server.cjs.v8cache): the bytecode of the functions a start
 * compiles, written by the build's training start (scripts/build.mjs) and read by dist/main.cjs
 * (start/main.ts), so that a start neither parses the 2.5 MB bundle nor compiles those functions again.
 *
 * V8 checks its own version and flags, but knows the source only by its length: a cache of another
 * bundle of the same length would run that bundle's code. So the file begins with a line naming the
 * bundle's SHA-256, the node version and architecture that wrote it and the SHA-256 of V8's data, and a
 * cache whose line does not match (another bundle, another node, a torn or damaged file) is not used.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

const MAGIC = 'kon-code-cache 1';

/** What a start did with the code cache: compiled from it, had it refused by V8, or had none that fits. */
export type CodeCacheUse = 'used' | 'refused' | 'none';
const USE = Symbol.for('kon.codeCacheUse');

/** Told by dist/main.cjs (start/load-bundle.ts), read by the bundle for its "listening" line. */
export function setCodeCacheUse(use: CodeCacheUse): void {
  (globalThis as Record<symbol, unknown>)[USE] = use;
}
/** This process's CodeCacheUse; undefined when it was not started from dist/main.cjs (tests, tsx). */
export function codeCacheUse(): CodeCacheUse | undefined {
  return (globalThis as Record<symbol, unknown>)[USE] as CodeCacheUse | undefined;
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Who may use a cache: this bundle, on this node. */
function header(bundleHash: string, dataHash: string): string {
  return `${MAGIC} ${bundleHash} ${process.version} ${process.arch} ${dataHash}\n`;
}

/** The cache file's bytes for V8's `data` of the bundle whose SHA-256 is `bundleHash`. */
export function encodeCodeCache(bundleHash: string, data: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(header(bundleHash, sha256(data)), 'latin1'), data]);
}

/** V8's data in `file` when it was written for this bundle on this node and is whole; else undefined. */
export function readCodeCache(file: string, bundleHash: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const end = bytes.indexOf(10);
  if (end < 0) return undefined;
  const data = bytes.subarray(end + 1);
  const line = bytes.toString('latin1', 0, end + 1);
  const dataHash = line.slice(line.lastIndexOf(' ') + 1, -1);
  return line === header(bundleHash, dataHash) && sha256(data) === dataHash ? data : undefined;
}

/**
 * Writes the cache file whole or not at all (a sibling temporary file, then a rename), so that a start
 * reading meanwhile finds the old file or the new one. Answers the error when the folder refused it.
 */
export function writeCodeCache(file: string, bundleHash: string, data: Uint8Array): Error | null {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, encodeCodeCache(bundleHash, data));
    renameSync(tmp, file);
    return null;
  } catch (e) {
    rmSync(tmp, { force: true });
    return e as Error;
  }
}
