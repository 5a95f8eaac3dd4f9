/**
 * What the server's own code may import: no game's package outside the one registry of games
 * (src/games/registry.ts), so that no platform service learns a game's rules but through its GameModule; and
 * no boardgame.io internal entry outside the one adapter that names what we use of it
 * (src/games/bgio-internal.ts), so that a boardgame.io upgrade has one file to check. Static, dynamic and
 * require() imports alike, type-only ones included. import-cycles.test.ts checks for cycles.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SRC = join(ROOT, 'apps/server/src');

/** The packages below every game that the server may import: the contract and the wire protocol. */
const PLATFORM_PACKAGES = new Set(['@kon/platform', '@kon/protocol']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Every module a file names: `from '…'`, `import '…'`, `import('…')`, `require('…')`. */
export function specifiers(text: string): string[] {
  const out: string[] = [];
  const re = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])([^'"]+)\1/g;
  for (const m of text.matchAll(re)) out.push(m[2]!);
  return out;
}

/** `file: module` for every import of a game package or a boardgame.io internal entry, by where it may be. */
export function importRuleBreaches(srcDir: string) {
  const games: string[] = [];
  const internals: string[] = [];
  for (const file of sourceFiles(srcDir)) {
    const rel = relative(srcDir, file).split('\\').join('/');
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      if (pkg.startsWith('@kon/') && !PLATFORM_PACKAGES.has(pkg) && rel !== 'games/registry.ts') games.push(`${rel}: ${spec}`);
      if (spec.startsWith('boardgame.io/internal') && rel !== 'games/bgio-internal.ts') internals.push(`${rel}: ${spec}`);
    }
  }
  return { games, internals };
}

describe("the server's imports", () => {
  it('finds every kind of import (a check that sees nothing would pass anything)', () => {
    const text = [
      "import { a } from '@kon/game';",
      "import type { B } from '@kon/deres/module';",
      "const { X } = require('boardgame.io/internal') as typeof import('boardgame.io/internal');",
      "const m = await import('@kon/third');",
    ].join('\n');
    expect(specifiers(text)).toEqual(['@kon/game', '@kon/deres/module', 'boardgame.io/internal', 'boardgame.io/internal', '@kon/third']);
  });

  it("names no game's package outside the registry (src/games/registry.ts): services ask the match's GameModule", () => {
    expect(importRuleBreaches(SRC).games).toEqual([]);
  });

  it('imports boardgame.io/internal in one adapter file only (src/games/bgio-internal.ts)', () => {
    expect(importRuleBreaches(SRC).internals).toEqual([]);
  });
});
