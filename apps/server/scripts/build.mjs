/**
 * Compiles the server for production: one CommonJS file, dist/main.cjs, with our own TypeScript
 * (the server and every @kon/* workspace, which are TypeScript source) and the npm modules it loads at
 * start bundled in; the others are left to node_modules (`external` below). Bundled, Node neither
 * looks for nor reads hundreds of small files at start (zod, Koa, socket.io, prom-client), and zod's
 * ES build keeps only what we use. CommonJS because boardgame.io 0.50.2 has no ESM entry Node can load.
 * The games are the workspaces whose package.json has `konGame` (@kon/platform/game-packages): the
 * bundle gets their imports written out in place of src/games/imports.ts, which reads the workspaces.
 */
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(root, '../..');
const { gamePackages } = await tsImport('@kon/platform/game-packages', import.meta.url);
/**
 * npm modules left to node_modules: native ones (better-sqlite3), those loaded on first use
 * (core/lazy-module.ts and the stores' require: a bundled copy would be parsed at every start), and
 * boardgame.io, whose core and internal builds share one chunk that must load once (the server also
 * requires boardgame.io/internal at run time), and socket.io, whose engine's ws the transport patches
 * where node_modules has it (transport/deflate-release.ts): a bundled copy would go unpatched and keep
 * a deflate stream per socket.
 */
const external = [
  'better-sqlite3',
  'pg',
  'ioredis',
  'nodemailer',
  'web-push',
  'openskill',
  '@simplewebauthn/server',
  'rate-limiter-flexible',
  'boardgame.io',
  'socket.io',
].flatMap((name) => [name, `${name}/*`]);

/** src/games/imports.ts as the bundle has it: one static import per game package. */
function gameImportsSource() {
  const entries = gamePackages(repo).map(
    (g) =>
      `{ dir: ${JSON.stringify(g.dir)}, marker: ${JSON.stringify(g.marker)}, exports: await import(${JSON.stringify(g.marker.entry)}) }`,
  );
  return `export async function importGames() {\n  return [\n    ${entries.join(',\n    ')},\n  ];\n}\n`;
}
const gameImports = {
  name: 'kon-game-imports',
  setup(b) {
    const file = path.join(root, 'src', 'games', 'imports.ts');
    b.onLoad({ filter: /[\\/]games[\\/]imports\.ts$/ }, (args) =>
      args.path === file ? { contents: gameImportsSource(), loader: 'js', resolveDir: path.dirname(file) } : undefined,
    );
  },
};

// The server, and its worker threads beside it: the computer players' (bots/pool.ts loads
// dist/bot-worker.cjs) and the embedded store's writer (storage/writer-client.ts loads dist/sqlite-writer.cjs).
for (const [entry, out] of [
  ['src/main.ts', 'dist/main.cjs'],
  ['src/bots/worker.ts', 'dist/bot-worker.cjs'],
  ['src/storage/sqlite-worker.ts', 'dist/sqlite-writer.cjs'],
]) {
  const result = await build({
    entryPoints: [path.join(root, entry)],
    outfile: path.join(root, out),
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    external,
    plugins: [gameImports],
    // The sources are ES modules that find their own folder through import.meta.url.
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    // Mapped stack traces (npm start runs node --enable-source-maps) need the mappings only; Node
    // parses the whole map at start and keeps it, so the sources' text would cost several MB.
    sourcemap: true,
    sourcesContent: false,
    // No comments or indentation: less to parse, and all ASCII, so V8 keeps the source one byte a char.
    minifyWhitespace: true,
    // KON_METAFILE=1 writes dist/*.meta.json, what each module adds (e.g. esbuild.github.io/analyze).
    metafile: !!process.env.KON_METAFILE,
    logLevel: 'warning',
  });
  if (result.metafile) writeFileSync(path.join(root, `${out}.meta.json`), JSON.stringify(result.metafile));
}
