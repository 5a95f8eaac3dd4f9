/** The package's modules form no import cycle (type-only imports count too). */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('@kon/deres imports', () => {
  it('have no cycle', { timeout: 60_000 }, async () => {
    const tree = await parseDependencyTree(join('packages/deres/src', '**/*.ts'), {
      cwd: ROOT,
      context: ROOT,
      tsconfig: join(ROOT, 'tsconfig.json'),
      transform: false,
    });
    const unresolved = Object.values(tree)
      .flatMap((deps) => deps ?? [])
      .filter((d) => d.request.startsWith('.') && d.id === null);
    expect(Object.keys(tree).length).toBeGreaterThan(15);
    expect(unresolved).toEqual([]);
    expect(parseCircular(tree)).toEqual([]);
  });
});
