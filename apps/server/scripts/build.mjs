/**
 * Compiles the server for production: one CommonJS file, dist/main.cjs, with our own TypeScript
 * (the server and the @kon/game and @kon/protocol workspaces, which are TypeScript source) bundled in and every npm
 * dependency left to node_modules. CommonJS because boardgame.io 0.50.2 has no ESM entry Node can load.
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deps = (dir) => Object.keys(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies ?? {});
const workspaces = ['../../packages/game', '../../packages/protocol'].map((p) => path.join(root, p));
const external = [...new Set([...deps(root), ...workspaces.flatMap(deps)])]
  .filter((name) => !name.startsWith('@kon/'))
  .flatMap((name) => [name, `${name}/*`]);

// The server, and its worker threads beside it: the computer players' (bots/pool.ts loads
// dist/bot-worker.cjs) and the embedded store's writer (storage/writer-client.ts loads dist/sqlite-writer.cjs).
for (const [entry, out] of [
  ['src/main.ts', 'dist/main.cjs'],
  ['src/bots/worker.ts', 'dist/bot-worker.cjs'],
  ['src/storage/sqlite-worker.ts', 'dist/sqlite-writer.cjs'],
]) {
  await build({
    entryPoints: [path.join(root, entry)],
    outfile: path.join(root, out),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    external,
    // The sources are ES modules that find their own folder through import.meta.url.
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    sourcemap: true,
    logLevel: 'warning',
  });
}
