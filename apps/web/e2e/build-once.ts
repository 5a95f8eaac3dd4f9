/**
 * The browser-test projects' global setup: the web client is built once for all browser-test files
 * (each file used to build it again, a second or two each). The files then only serve apps/web/dist.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Both browser-test projects name this setup; they run in one process, and must not write dist at once.
const key = Symbol.for('kon.e2e.webBuild');
type WithBuild = typeof globalThis & { [key]?: Promise<unknown> };

export default async function buildWebOnce() {
  const g = globalThis as WithBuild;
  await (g[key] ??= build({ root: WEB_ROOT, logLevel: 'warn', configFile: path.join(WEB_ROOT, 'vite.config.ts') }));
}
