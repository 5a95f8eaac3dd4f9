/**
 * The docs describe rather than narrate: the server README and the benchmarks page stay short (the
 * API reference is generated, the history of measurements lives in docs/bench data files and the git
 * log), and every relative link in the project's Markdown reaches a file, and a heading where it names one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorOf } from '@kon/protocol/api-markdown';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('docs sizes', () => {
  it.each([
    ['apps/server/README.md', 15_000],
    ['docs/benchmarks.md', 12_000],
  ])('%s is at most %i bytes', (file, limit) => {
    expect(statSync(join(root, file)).size, `${file}: move history to git and data files, reference to generated docs`).toBeLessThanOrEqual(
      limit,
    );
  });
});

/** The project's own Markdown: the root's, each workspace's README and docs/ (not node_modules, not data). */
function markdownFiles(): string[] {
  const files = ['README.md', 'CONTRIBUTING.md'].filter((f) => existsSync(join(root, f)));
  for (const dir of ['apps', 'packages'])
    for (const ws of readdirSync(join(root, dir))) if (existsSync(join(root, dir, ws, 'README.md'))) files.push(`${dir}/${ws}/README.md`);
  for (const f of readdirSync(join(root, 'docs'))) if (f.endsWith('.md')) files.push(`docs/${f}`);
  return files;
}

const anchorsOf = (file: string) =>
  new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => anchorOf(l.replace(/^#+ /, '').replace(/`/g, ''))),
  );

describe('links between the docs', () => {
  it('every relative link reaches a file, and a heading of it where it names one', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const text = readFileSync(join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!) || target!.startsWith('#')) continue;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const resolved = join(dirname(join(root, file)), decodeURIComponent(path));
        if (!existsSync(resolved)) broken.push(`${file}: ${target} (no file)`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
          broken.push(`${file}: ${target} (no heading #${anchor} in ${relative(root, resolved)})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
