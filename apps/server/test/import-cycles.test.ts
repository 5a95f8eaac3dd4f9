/**
 * The server's modules (and the protocol and web client beside them) form no import cycle, type-only
 * imports included: a record type living in the module that used it is what once tied lobby.ts,
 * seats.ts and bots/seats.ts into a circle. packages/game/test/import-cycles.test.ts checks the game
 * and shows the check finding a planted cycle.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

async function cyclesIn(dir: string) {
  const tree = await parseDependencyTree(join(dir, '**/*.{ts,tsx}'), {
    cwd: ROOT,
    context: ROOT,
    tsconfig: join(ROOT, 'tsconfig.json'),
    // Keep type-only imports (transform would strip them).
    transform: false,
    // Each package's own files: the game's are checked by its own test.
    exclude: /node_modules|packages\/game\//,
  });
  const unresolved = Object.values(tree)
    .flatMap((deps) => deps ?? [])
    .filter((d) => d.request.startsWith('.') && d.id === null)
    .map((d) => `${d.issuer} -> ${d.request}`);
  return { files: Object.keys(tree).length, unresolved, cycles: parseCircular(tree).map((c) => c.join(' -> ')) };
}

describe('import cycles', () => {
  for (const dir of ['apps/server/src', 'packages/protocol/src', 'apps/web/src']) {
    it(`${dir} has none, type-only imports included`, async () => {
      const { files, unresolved, cycles } = await cyclesIn(dir);
      expect(files).toBeGreaterThan(5);
      expect(unresolved).toEqual([]);
      expect(cycles).toEqual([]);
    }, 60_000);
  }
});
