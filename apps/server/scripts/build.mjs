/**
 * Compiles the server for production: one CommonJS file, dist/server.cjs, with our own TypeScript
 * (the server and every @kon/* workspace, which are TypeScript source) and the npm modules it loads at
 * start bundled in; the others are left to node_modules (`external` below). Bundled, Node neither
 * looks for nor reads hundreds of small files at start (zod, Koa, socket.io, prom-client), and zod's
 * ES build keeps only what we use. CommonJS because boardgame.io 0.50.2 has no ESM entry Node can load.
 * The games are the workspaces whose package.json has `konGame` (@kon/platform/game-packages): the
 * bundle gets their imports written out in place of src/games/imports.ts, which reads the workspaces.
 * dist/main.cjs (src/start/main.ts) runs it with V8's code cache of a start, dist/server.cjs.v8cache,
 * which a training start writes at the end of the build (src/start/load-bundle.ts).
 */
import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(root, '../..');
const { gamePackages } = await tsImport('@kon/platform/game-packages', import.meta.url);
/**
 * npm modules left to node_modules: native ones (better-sqlite3) and those loaded on first use
 * (core/lazy-module.ts and the stores' require: a bundled copy would be parsed at every start). The
 * rest is bundled, and so in the code cache:
 * - boardgame.io, whose core and internal builds share chunks that must load once: the bundle gets
 *   games/bgio-internal.ts's require of boardgame.io/internal as a static one (bgioInternal below).
 * - socket.io, engine.io and engine.io's ws, which the transport patches (transport/deflate-release.ts)
 *   through transport/engine-ws.ts: the bundle gets it written out as a require of the very file
 *   engine.io's ws loads (engineWs below), so that there is one copy and it is the patched one.
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
].flatMap((name) => [name, `${name}/*`]);

/** src/games/imports.ts as the bundle has it: one static import per game package. */
function gameImportsSource() {
  const entries = gamePackages(repo).map(
    (g) =>
      `{ dir: ${JSON.stringify(g.dir)}, marker: ${JSON.stringify(g.marker)}, exports: await import(${JSON.stringify(g.marker.entry)}) }`,
  );
  return `export async function importGames() {\n  return [\n    ${entries.join(',\n    ')},\n  ];\n}\n`;
}
/** transport/engine-ws.ts as the bundle has it: ws's PerMessageDeflate, the file engine.io's ws loads. */
function engineWsSource() {
  const engineRequire = createRequire(createRequire(path.join(root, 'package.json')).resolve('engine.io'));
  const file = path.join(path.dirname(engineRequire.resolve('ws/package.json')), 'lib', 'permessage-deflate.js');
  return `export function engineWsDeflate() {\n  return require(${JSON.stringify(file)});\n}\n`;
}
const engineWs = {
  name: 'kon-engine-ws',
  setup(b) {
    const file = path.join(root, 'src', 'transport', 'engine-ws.ts');
    b.onLoad({ filter: /[\\/]transport[\\/]engine-ws\.ts$/ }, (args) =>
      args.path === file ? { contents: engineWsSource(), loader: 'js', resolveDir: path.dirname(file) } : undefined,
    );
  },
};
/** games/bgio-internal.ts with the bundle's own require for its createRequire one, so that esbuild bundles what it requires. */
const bgioInternal = {
  name: 'kon-bgio-internal',
  setup(b) {
    const file = path.join(root, 'src', 'games', 'bgio-internal.ts');
    const local = 'const require = createRequire(import.meta.url);';
    b.onLoad({ filter: /[\\/]games[\\/]bgio-internal\.ts$/ }, (args) => {
      if (args.path !== file) return undefined;
      const text = readFileSync(file, 'utf8');
      if (!text.includes(local)) throw new Error(`bgio-internal.ts no longer has "${local}": see scripts/build.mjs`);
      return { contents: text.replace(local, ''), loader: 'ts', resolveDir: path.dirname(file) };
    });
  },
};
const gameImports = {
  name: 'kon-game-imports',
  setup(b) {
    const file = path.join(root, 'src', 'games', 'imports.ts');
    b.onLoad({ filter: /[\\/]games[\\/]imports\.ts$/ }, (args) =>
      args.path === file ? { contents: gameImportsSource(), loader: 'js', resolveDir: path.dirname(file) } : undefined,
    );
  },
};

const importMetaUrl = "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;";
// The server, its starter and its worker threads beside it: the computer players' (bots/pool.ts loads
// dist/bot-worker.cjs) and the embedded store's writer (storage/writer-client.ts loads dist/sqlite-writer.cjs).
// The server is one function expression of CommonJS's wrapper parameters, which start/load-bundle.ts
// compiles and calls: inside the function, so that the source map's columns are the file's.
for (const [entry, out, wrapped] of [
  ['src/main.ts', 'dist/server.cjs', true],
  ['src/start/main.ts', 'dist/main.cjs', false],
  ['src/bots/worker.ts', 'dist/bot-worker.cjs', false],
  ['src/storage/sqlite-worker.ts', 'dist/sqlite-writer.cjs', false],
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
    plugins: [gameImports, engineWs, bgioInternal],
    // The sources are ES modules that find their own folder through import.meta.url.
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: wrapped ? `(function(exports,require,module,__filename,__dirname){${importMetaUrl}` : importMetaUrl },
    footer: wrapped ? { js: '})' } : undefined,
    // Mapped stack traces (npm start runs node --enable-source-maps) need the mappings only; the
    // sources' text would cost several MB wherever the map is read.
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
rmSync(path.join(root, 'dist/server.cjs.v8cache'), { force: true });
await trainCodeCache();

/**
 * The training start: the built server started as `npm start` does, on a fresh DATA_DIR and a free
 * port, asked GET /healthz and stopped; told to stop, it writes dist/server.cjs.v8cache. Only this
 * process's settings: no DATABASE_URL or REDIS_URL of the shell, but its NODE_OPTIONS, since V8 refuses
 * a cache made under other V8 options (--max-old-space-size too). A training that fails leaves a server
 * that starts slower (production-build.test.ts fails).
 */
async function trainCodeCache() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kon-train-'));
  const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir };
  if (process.env.NODE_OPTIONS) env.NODE_OPTIONS = process.env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/main.cjs')], {
    env: { ...env, LOG_LEVEL: 'info', WEB_DIST: path.join(dataDir, 'no-web'), KON_WRITE_CODE_CACHE: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  try {
    const port = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const line = out.split('\n').find((l) => l.includes('"msg":"listening"'));
        if (line) resolve(JSON.parse(line).port);
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
    });
    await fetch(`http://127.0.0.1:${port}/healthz`);
    child.kill('SIGTERM');
    if ((await exited) !== 0) throw new Error('the server did not stop cleanly');
  } catch (e) {
    console.warn(`no code cache: the training start failed: ${e instanceof Error ? e.message : e}`);
    child.kill('SIGKILL');
  } finally {
    clearTimeout(timer);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
