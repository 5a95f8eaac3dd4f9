/**
 * dist/main.cjs, what `npm start` and the image run: starts the server bundle beside it
 * (dist/server.cjs, src/main.ts) with its code cache (start/load-bundle.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBundle } from './load-bundle';

runBundle(path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.cjs'));
