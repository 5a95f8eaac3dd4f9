/**
 * An npm module loaded on first use instead of at start-up: the server starts sooner and idles
 * smaller when a part it rarely needs (ratings, passkeys, e-mail, Web Push, Redis) is not used.
 * Synchronous (require), so callers stay as they were; the bundle leaves these modules to node_modules
 * (scripts/build.mjs, `external`), or it would parse them at every start.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/** A getter of the module `id` (its CommonJS build), required the first time it is called. */
export function lazyModule<T>(id: string): () => T {
  let mod: T | undefined;
  return () => (mod ??= load(id) as T);
}
