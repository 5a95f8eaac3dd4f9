// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * `npm start` runs the compiled server (scripts/build.mjs → dist/main.cjs, which runs dist/server.cjs)
 * with NODE_ENV=production: build it, start it as `npm start` would, and check that it serves, runs the
 * game and stops cleanly, and that it started from the code cache the build's training start wrote.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, waitFor } from './helpers';

const serverDir = path.resolve(__dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-prod-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the production build', () => {
  it('compiles to one file that starts in production mode, plays the game and shuts down on SIGTERM', async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'pipe', env: { ...process.env, KON_METAFILE: '1' } });
    // The transport patches the ws that engine.io loads (deflate-release.ts): socket.io, engine.io and
    // that ws are bundled, and the patch must reach the bundle's copy, the file engine.io's ws loads,
    // required in place of engine-ws.ts's look-up in node_modules (which would load a second copy).
    const meta = JSON.parse(fs.readFileSync(path.join(serverDir, 'dist/server.cjs.meta.json'), 'utf8'));
    const bundled = Object.keys(meta.inputs as Record<string, unknown>);
    const engineRequire = createRequire(createRequire(path.join(serverDir, 'package.json')).resolve('engine.io'));
    const engineWs = path.join(path.dirname(engineRequire.resolve('ws/package.json')), 'lib', 'permessage-deflate.js');
    expect(bundled).toContain(path.relative(serverDir, engineWs).split(path.sep).join('/'));
    expect(
      bundled.filter((f) => f.includes('node_modules/socket.io/') || f.includes('node_modules/engine.io/build/')).length,
    ).toBeGreaterThan(0);
    const bundleText = fs.readFileSync(path.join(serverDir, 'dist/server.cjs'), 'utf8');
    expect(bundleText).not.toContain('resolve("engine.io")');
    // boardgame.io's core and internal entries share chunks: bundled, both, so that each loads once.
    expect(bundled).toEqual(
      expect.arrayContaining(['../../node_modules/boardgame.io/dist/cjs/internal.js', '../../node_modules/boardgame.io/dist/cjs/core.js']),
    );
    expect(bundleText).not.toMatch(/require\("boardgame\.io/);
    const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
    expect(pkg.scripts.start).toContain('NODE_ENV=production');
    expect(pkg.scripts.start).toContain('dist/main.cjs');

    const child = spawn('sh', ['-c', pkg.scripts.start], {
      cwd: serverDir,
      // The test polls the log; on a loaded machine the default per-minute limit would answer 429 first.
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const listening = await waitFor(() => out.split('\n').find((l) => l.includes('"msg":"listening"')), 'listening', 30_000);
      const line = JSON.parse(listening);
      expect(line.mode).toBe('production');
      expect(line.codeCache).toBe('used');
      const url = `http://127.0.0.1:${line.port}`;
      expect((await api(url, 'GET', '/healthz')).status).toBe(200);
      // The game package is bundled in: creating a match runs its setup (the advanced 9. April turn too).
      const created = await api(url, 'POST', '/api/matches', { body: { plan: 'three', setupData: { ruleset: 'advanced' } } });
      expect(created.status).toBe(201);
      // A computer seat decides in the bundled worker thread (dist/bot-worker.cjs) and its moves are played.
      const solo = await api(url, 'POST', '/api/matches', {
        body: { plan: 'three', setupData: { ruleset: 'basic' }, bots: { germany: 'easy' } },
      });
      expect(solo.status).toBe(201);
      const spectator = solo.json.links.spectator as string;
      await waitFor(
        async () => {
          const log = await api(url, 'GET', `/api/matches/${solo.json.matchID}/log`, { token: spectator });
          expect(log.status, JSON.stringify(log.json)).toBe(200);
          return log.json.entries.length > 0;
        },
        'the bot moves',
        30_000,
      );
      expect(out).not.toMatch(/bot worker crashed|bot decision failed|bot move refused/);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(out).toContain('"msg":"stopped"');
  });
});
