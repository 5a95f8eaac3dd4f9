/**
 * ws's PerMessageDeflate module as engine.io (socket.io's engine) loads it, for the transport's
 * patch (deflate-release.ts): found from engine.io's folder, as engine.io finds its ws, since the ws
 * beside our own code may be another copy. The production bundle, which holds socket.io, engine.io and
 * that ws, gets this file written out as a static require of the same file (scripts/build.mjs), so the
 * patch reaches the bundle's one copy; production-build.test.ts checks the bundle holds only that one.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export function engineWsDeflate(): unknown {
  const engineRequire = createRequire(require.resolve('engine.io'));
  // ws exports only its entry point; its files are reached by path.
  const wsDir = path.dirname(engineRequire.resolve('ws/package.json'));
  return engineRequire(path.join(wsDir, 'lib', 'permessage-deflate.js'));
}
