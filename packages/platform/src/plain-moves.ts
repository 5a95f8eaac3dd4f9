/**
 * Moves on plain objects instead of immer drafts. boardgame.io 0.50 runs every move inside its immer
 * plugin: the rules then read and write the state through proxies, and immer walks and freezes the
 * result. That was about a third of a move's cost on the server, and all of it thrown away: the rules
 * change one plain copy in place just as well.
 *
 * `plainMovesPlugin` (a game plugin: its wrapper runs outside immer's) notes the state a move or hook
 * is called with; the move copies that plain state, lets the rules change the copy, gives back every
 * unchanged part as the very object it was before (what immer's structural sharing gave: the server's
 * diffs and the undo check compare parts by identity), and returns the result frozen at its root, which
 * immer hands on untouched. A refused move changes nothing: its copy is dropped. Both games use it:
 * Deres uenighet's late-game shooting checks spent half their time in immer's proxies.
 */

/** The plain state of the move or hook being run, or undefined outside the plugin (or in a client). */
let current: unknown;

export const plainMovesPlugin = {
  name: 'kon-plain-moves',
  fnWrap:
    (fn: (context: any, ...args: unknown[]) => unknown) =>
    (context: any, ...args: unknown[]) => {
      const saved = current;
      current = context.G;
      try {
        return fn(context, ...args);
      } finally {
        current = saved;
      }
    },
};

/**
 * A plain copy of the state the running move was called with (the rules may change it in place), or
 * null when there is none: then the move changes `draft` as before. The top-level parts named in
 * `shared` are not copied (the rules must only replace them, never change them in place).
 */
export function plainCopy<T extends object>(draft: T, shared: readonly string[] = []): T | null {
  if (current === undefined || current === draft || typeof current !== 'object' || current === null) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(current)) out[k] = shared.includes(k) ? v : copyJson(v);
  return out as T;
}

/** The state the running move was called with, unchanged (for reading only), or `draft`. */
export function plainOr<T>(draft: T): T {
  return current === undefined ? draft : (current as T);
}

/** The move's result: `next` sharing every part equal to `prev`'s, frozen at its root (see above). */
export function settled<T extends object>(next: T): T {
  return Object.freeze(reuse(current, next));
}

/** A deep copy of plain data (objects and arrays; keys whose value is undefined kept, as immer would). */
export function copyJson(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copyJson(v[i]);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = copyJson((v as Record<string, unknown>)[k]);
  return out;
}

/**
 * `next` with every part that equals the same part of `prev` (same keys in the same order, same values)
 * replaced by `prev`'s object; `prev` itself when the whole is equal. `next` is changed in place, so it
 * must be a fresh copy; `prev` is only read.
 */
export function reuse<T>(prev: unknown, next: T): T {
  if (prev === next || typeof next !== 'object' || next === null || typeof prev !== 'object' || prev === null) return next;
  if (Array.isArray(next) !== Array.isArray(prev)) return next;
  const n = next as Record<string, unknown>;
  const p = prev as Record<string, unknown>;
  let same: boolean;
  if (Array.isArray(next)) {
    const a = prev as unknown[];
    same = a.length === next.length;
    for (let i = 0; i < next.length; i++) {
      const r = reuse(a[i], next[i]);
      next[i] = r;
      if (r !== a[i]) same = false;
    }
  } else {
    const pk = Object.keys(p);
    const nk = Object.keys(n);
    same = pk.length === nk.length;
    for (let i = 0; i < nk.length; i++) {
      const k = nk[i]!;
      if (pk[i] !== k || !Object.hasOwn(p, k)) same = false;
      const r = reuse(p[k], n[k]);
      n[k] = r;
      if (r !== p[k]) same = false;
    }
  }
  return same ? (prev as T) : next;
}
