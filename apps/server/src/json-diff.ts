/**
 * The difference between two JSON values as RFC 6902 operations (add / remove / replace), which
 * boardgame.io's client applies to its state on a `patch` message (with the rfc6902 library).
 *
 * Written for our update path rather than taken from rfc6902's createPatch: that one diffs arrays by
 * edit distance (quadratic, ~0.3 ms per seat view per move here) and spells a changed array as many
 * small operations. Game state changes are few and local, so a single walk suffices: objects key by
 * key, arrays of equal length element by element, an array that only grew as appends, and anything
 * else replaced whole.
 */
export type JsonPatchOp =
  | { op: 'add'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'replace'; path: string; value: unknown };

export function diffJson(prev: unknown, next: unknown): JsonPatchOp[] {
  const ops: JsonPatchOp[] = [];
  walk(prev, next, '', ops);
  return ops;
}

function walk(a: unknown, b: unknown, path: string, ops: JsonPatchOp[]): void {
  if (a === b) return;
  const arrays = Array.isArray(a) && Array.isArray(b);
  if (!arrays && !(isRecord(a) && isRecord(b))) {
    if (!equalJson(a, b)) ops.push({ op: 'replace', path, value: b });
    return;
  }
  const inner: JsonPatchOp[] = [];
  if (arrays) walkArray(a as unknown[], b as unknown[], path, inner);
  else walkObject(a as Record<string, unknown>, b as Record<string, unknown>, path, inner);
  // Many small changes inside one container cost more words than the container itself.
  if (inner.length > 1 && path !== '' && size(inner) > size(b) + path.length + 30) ops.push({ op: 'replace', path, value: b });
  else for (const op of inner) ops.push(op);
}

function size(x: unknown): number {
  return JSON.stringify(x)?.length ?? 0;
}

function walkObject(a: Record<string, unknown>, b: Record<string, unknown>, path: string, ops: JsonPatchOp[]): void {
  for (const key of Object.keys(a)) {
    // A key whose value is undefined is absent in JSON.
    if (a[key] !== undefined && (!Object.hasOwn(b, key) || b[key] === undefined)) ops.push({ op: 'remove', path: `${path}/${escape(key)}` });
  }
  for (const key of Object.keys(b)) {
    const v = b[key];
    if (v === undefined) continue;
    const p = `${path}/${escape(key)}`;
    if (!Object.hasOwn(a, key) || a[key] === undefined) ops.push({ op: 'add', path: p, value: v });
    else walk(a[key], v, p, ops);
  }
}

function walkArray(a: unknown[], b: unknown[], path: string, ops: JsonPatchOp[]): void {
  if (a.length === b.length) {
    for (let i = 0; i < a.length; i++) walk(a[i], b[i], `${path}/${i}`, ops);
    return;
  }
  if (b.length > a.length && a.every((x, i) => equalJson(x, b[i]))) {
    for (let i = a.length; i < b.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: b[i] });
    return;
  }
  ops.push({ op: 'replace', path, value: b });
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Equality as JSON sees it (undefined members are absent). */
export function equalJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equalJson(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && equalJson(a[k], b[k]));
  }
  return false;
}

/** JSON Pointer escaping (RFC 6901). */
function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
