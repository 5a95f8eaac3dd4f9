/**
 * The game's modules form no import cycle, and the engine's layers (docs/architecture.md, "The engine
 * in layers") import only their own layer or the ones below. Type-only imports count too: a type edge
 * from the model up to the rules engine is what once tied the whole engine into one circle.
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

const ENGINE = 'packages/game/src/engine/';
/** The sequencer (L3) and the rules API (L4); every other engine file outside model/ and kernel/ is a procedure (L2). */
const SEQUENCER = ['flow.ts', 'turn.ts', 'april9/steps.ts', 'naval/flow.ts'];
const RULES_API = [
  'actions.ts',
  'legal.ts',
  'view.ts',
  'undo.ts',
  'setup.ts',
  'april9/actions.ts',
  'april9/view.ts',
  'naval/actions.ts',
  'naval/view.ts',
  'forced.ts',
];

/** An engine file's layer: 0 model, 1 kernel, 2 procedures, 3 sequencer, 4 rules API; null outside the engine. */
function layerOf(file: string): number | null {
  if (!file.startsWith(ENGINE)) return null;
  const f = file.slice(ENGINE.length);
  if (f.startsWith('model/')) return 0;
  if (f.startsWith('kernel/')) return 1;
  if (SEQUENCER.includes(f)) return 3;
  if (RULES_API.includes(f)) return 4;
  return 2;
}

/** Imports from an engine file up to a higher layer. */
function upwardImports(tree: DependencyTree): string[] {
  return Object.entries(tree).flatMap(([file, deps]) => {
    const from = layerOf(file);
    if (from === null) return [];
    return (deps ?? [])
      .filter((d) => d.id !== null && (layerOf(d.id) ?? -1) > from)
      .map((d) => `${file.slice(ENGINE.length)} (L${from}) -> ${d.id!.slice(ENGINE.length)} (L${layerOf(d.id!)})`);
  });
}

describe('import cycles', () => {
  it('packages/game/src has none, type-only imports included', async () => {
    const tree = await importGraph('packages/game/src');
    expect(Object.keys(tree).filter((f) => f.includes('/engine/')).length).toBeGreaterThan(40);
    expect(unresolved(tree)).toEqual([]);
    expect(parseCircular(tree).map((c) => c.join(' -> '))).toEqual([]);
  }, 180_000);

  it('finds the cycle of two files that import each other (only their types)', async () => {
    const tree = await importGraph('packages/game/test/fixtures/import-cycle');
    const cycles = parseCircular(tree).map((c) => [...c].sort());
    expect(cycles).toEqual([['packages/game/test/fixtures/import-cycle/a.ts', 'packages/game/test/fixtures/import-cycle/b.ts']]);
  });

  it('engine files import only their own layer or lower ones', async () => {
    const tree = await importGraph('packages/game/src');
    expect(upwardImports(tree)).toEqual([]);
  }, 180_000);

  it('the layer check sees an upward import', () => {
    const edge = (issuer: string, id: string) => ({ issuer, request: id, kind: 0 as never, id });
    const tree: DependencyTree = {
      [`${ENGINE}kernel/forces.ts`]: [edge(`${ENGINE}kernel/forces.ts`, `${ENGINE}flow.ts`)],
      [`${ENGINE}flow.ts`]: [edge(`${ENGINE}flow.ts`, `${ENGINE}combat.ts`)],
    };
    expect(upwardImports(tree)).toEqual(['kernel/forces.ts (L1) -> flow.ts (L3)']);
  });
});
