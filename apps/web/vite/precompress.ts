import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|map|webmanifest)$/i;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) next to every compressible file under
 * `dir`, so the server sends them as they are instead of compressing on each request. A variant that
 * would not be smaller than the file is not written. Returns the files it compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  const done: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      const raw = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzip(raw, { level: 9 }),
      ]);
      let wrote = false;
      for (const [suffix, data] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (data.length >= raw.length) continue;
        await fs.promises.writeFile(file + suffix, data);
        wrote = true;
      }
      if (wrote) done.push(file);
    }),
  );
  return done.sort();
}

/** Vite plugin: precompress the production build once it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kon-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
