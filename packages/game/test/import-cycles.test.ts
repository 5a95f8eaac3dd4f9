/**
 * The game's modules form no import cycle (docs/architecture.md, "The engine in layers"): each layer
 * imports only the layers below it. Type-only imports count too: a type edge from the model up to the
 * rules engine is what once tied the whole engine into one circle.
 */
import { describe, it, expect } from 'vitest';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

async function importGraph(dir: string): Promise<DependencyTree> {
  return parseDependencyTree(join(dir, '**/*.ts'), {
    cwd: ROOT,
    context: ROOT,
    // Resolves the '.js' specifiers of our ESM imports to the .ts files.
    tsconfig: join(ROOT, 'tsconfig.json'),
    // Keep type-only imports (transform would strip them).
    transform: false,
  });
}

/** Relative imports the checker could not follow: a cycle through them would go unseen. */
function unresolved(tree: DependencyTree): string[] {
  return Object.values(tree)
    .flatMap((deps) => deps ?? [])
    .filter((d) => d.request.startsWith('.') && d.id === null)
    .map((d) => `${d.issuer} -> ${d.request}`);
}

describe('import cycles', () => {
  it('packages/game/src has none, type-only imports included', async () => {
    const tree = await importGraph('packages/game/src');
    expect(Object.keys(tree).filter((f) => f.includes('/engine/')).length).toBeGreaterThan(40);
    expect(unresolved(tree)).toEqual([]);
    expect(parseCircular(tree).map((c) => c.join(' -> '))).toEqual([]);
  }, 60_000);

  it('finds the cycle of two files that import each other (only their types)', async () => {
    const tree = await importGraph('packages/game/test/fixtures/import-cycle');
    const cycles = parseCircular(tree).map((c) => [...c].sort());
    expect(cycles).toEqual([['packages/game/test/fixtures/import-cycle/a.ts', 'packages/game/test/fixtures/import-cycle/b.ts']]);
  });
});
