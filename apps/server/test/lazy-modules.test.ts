/**
 * The npm modules the server loads on first use (src/core/lazy-module.ts: rate limits at the first
 * request, e-mail, Web Push, passkeys, ratings, Redis) are not loaded by a start: a module missing from
 * the image would fail the first player who needs it. So each must be a production dependency of the
 * server (the image installs those alone), left out of the bundle (scripts/build.mjs `external`: a
 * bundled copy would be parsed at every start) and found from dist/, where the bundle requires it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

/** Every `lazyModule<…>('id')` of the server's source. */
const lazyIds = sourceFiles(path.join(serverDir, 'src')).flatMap((f) =>
  [...readFileSync(f, 'utf8').matchAll(/\blazyModule(?:<[^(]*>)?\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!),
);
const packageOf = (id: string) =>
  id
    .split('/')
    .slice(0, id.startsWith('@') ? 2 : 1)
    .join('/');

describe('the modules loaded on first use', () => {
  it('are found in the source (a check that finds none would pass anything)', () => {
    expect(lazyIds).toEqual(expect.arrayContaining(['rate-limiter-flexible/lib/RateLimiterMemory', 'web-push', 'ioredis']));
  });

  it('are production dependencies, left out of the bundle, and found from where the bundle requires them', () => {
    const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const build = readFileSync(path.join(serverDir, 'scripts/build.mjs'), 'utf8');
    const external = /const external = \[([\s\S]*?)\]/.exec(build)?.[1] ?? '';
    const fromDist = createRequire(path.join(serverDir, 'dist', 'server.cjs'));
    for (const id of lazyIds) {
      expect(pkg.dependencies, id).toHaveProperty([packageOf(id)]);
      expect(external, id).toContain(`'${packageOf(id)}'`);
      expect(() => fromDist.resolve(id), id).not.toThrow();
    }
  });
});
