import fs from 'node:fs';
import path from 'node:path';

/**
 * The node flags a checkout's server is started with: those of its package.json `start` script
 * (`… node <flags> dist/main.cjs`), so that a bench runs each checkout's server as `npm start` does,
 * an earlier commit's with its own flags. Falls back to `--enable-source-maps`.
 */
export function serverNodeArgs(serverRoot: string): string[] {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { scripts?: { start?: string } };
    const m = /\bnode((?:\s+--\S+)*)\s+dist\/main\.cjs/.exec(pkg.scripts?.start ?? '');
    if (m) return m[1]!.split(/\s+/).filter(Boolean);
  } catch {
    // no package.json: the default below
  }
  return ['--enable-source-maps'];
}
