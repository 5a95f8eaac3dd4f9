/**
 * The one list of games is the workspaces themselves: each reader (the server, the test projects, the
 * image) finds a game by its folder's package.json, and a malformed marker stops them with its folder named.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gamePackages, workspaces } from '@kon/platform/game-packages';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGames } from '../src/games/registry';

const ROOT = path.resolve(__dirname, '../../..');
const tmp: string[] = [];
afterAll(() => {
  for (const d of tmp) fs.rmSync(d, { recursive: true, force: true });
});

/** A skeleton repository: the root manifest and the named workspaces' manifests. */
function skeleton(manifests: Record<string, object>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-games-'));
  tmp.push(dir);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ workspaces: ['packages/*', 'apps/*'] }));
  for (const [ws, manifest] of Object.entries(manifests)) {
    fs.mkdirSync(path.join(dir, ws), { recursive: true });
    fs.writeFileSync(path.join(dir, ws, 'package.json'), JSON.stringify(manifest));
  }
  return dir;
}

describe('the game packages', () => {
  it('are the workspaces marked konGame, the default first', () => {
    expect(gamePackages(ROOT).map((g) => [g.dir, g.marker.entry])).toEqual([
      ['packages/game', '@kon/game'],
      ['packages/deres', '@kon/deres/module'],
    ]);
  });

  it('are what the server hosts, in that order', async () => {
    const { registry } = await loadGames();
    expect(registry.all.map((m) => m.id)).toEqual(['kampen-om-norge', 'deres-uenighet']);
  });

  it('take a new folder with no other change, and refuse a malformed marker naming its folder', () => {
    const marked = (entry: string, extra = {}) => ({ name: entry, konGame: { entry, export: 'm', ...extra } });
    const root = skeleton({
      'packages/alpha': marked('@x/alpha', { default: true }),
      'packages/zeta': marked('@x/zeta'),
      'packages/tools': { name: '@x/tools' },
      'apps/site': { name: '@x/site' },
    });
    expect(gamePackages(root).map((g) => g.dir)).toEqual(['packages/alpha', 'packages/zeta']);
    fs.writeFileSync(path.join(root, 'packages/zeta/package.json'), JSON.stringify({ name: 'z', konGame: { entry: '@x/zeta' } }));
    expect(() => gamePackages(root)).toThrow(/packages\/zeta\/package\.json: konGame export/);
    fs.writeFileSync(path.join(root, 'packages/zeta/package.json'), JSON.stringify(marked('@x/zeta', { default: true })));
    expect(() => gamePackages(root)).toThrow(/exactly one game package.*packages\/alpha, packages\/zeta/);
  });

  it("reach the image: the Dockerfile copies every workspace's manifest, by the workspaces' globs", () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const loop = /for f in ([^;]+); do/.exec(dockerfile)?.[1]?.trim().split(/\s+/);
    expect(loop).toBeDefined();
    const rootManifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    expect(loop).toEqual(rootManifest.workspaces.map((w) => `${w}/package.json`));
    // No workspace is named by hand anywhere else in it.
    for (const w of workspaces(ROOT)) expect(dockerfile).not.toContain(`COPY ${w.dir}/package.json`);
  });

  it('each have their tests run: vitest has a project per package test folder', async () => {
    type Project = { test: { name: string; include: string[]; exclude?: string[] } };
    const config = (await import(path.join(ROOT, 'vitest.config.ts'))).default as (env: { mode: string }) => {
      test: { projects: Project[] };
    };
    for (const mode of ['test', 'quick']) {
      const projects = config({ mode }).test.projects.map((p) => [p.test.name, p.test.include[0]]);
      expect(projects).toContainEqual(['deres', 'packages/deres/test/**/*.test.ts']);
      expect(projects).toContainEqual(['platform', 'packages/platform/test/**/*.test.ts']);
    }
    // The quick loop: no browser projects, and the files marked slow left out.
    const quick = config({ mode: 'quick' }).test.projects;
    expect(quick.map((p) => p.test.name)).not.toContain('e2e');
    expect(quick.find((p) => p.test.name === 'server')!.test.exclude).toContain('apps/server/test/crash-embedded.test.ts');
    expect(quick.find((p) => p.test.name === 'server')!.test.exclude).not.toContain('apps/server/test/game-packages.test.ts');
  });
});
