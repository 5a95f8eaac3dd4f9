/**
 * The difference between two JSON values as RFC 6902 operations (add / remove / replace / copy), which
 * boardgame.io's client applies to its state on a `patch` message (with the rfc6902 library).
 *
 * Written for our update path rather than taken from rfc6902's createPatch: that one diffs arrays by
 * edit distance (quadratic, ~0.3 ms per seat view per move here) and spells a changed array as many
 * small operations. Game state changes are few and local, so a single walk suffices: objects key by
 * key, arrays of equal length element by element, an array that only grew as appends, and anything
 * else replaced whole. A large new object that mostly repeats a sibling the receiver already holds
 * (a finished combat becoming `lastCombat`) is copied from it and then corrected.
 */
export type JsonPatchOp =
  | { op: 'add'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'replace'; path: string; value: unknown }
  | { op: 'copy'; from: string; path: string };

/** Below this many bytes of operations, looking for a sibling to copy from is not worth it. */
const COPY_WORTH_BYTES = 300;

export function diffJson(prev: unknown, next: unknown): JsonPatchOp[] {
  // Copies read the receiver's state as it was, so they go first.
  const copies: JsonPatchOp[] = [];
  const ops: JsonPatchOp[] = [];
  walk(prev, next, '', ops, copies);
  return copies.length > 0 ? [...copies, ...ops] : ops;
}

function walk(a: unknown, b: unknown, path: string, ops: JsonPatchOp[], copies: JsonPatchOp[]): void {
  if (a === b) return;
  const arrays = Array.isArray(a) && Array.isArray(b);
  if (!arrays && !(isRecord(a) && isRecord(b))) {
    if (!equalJson(a, b)) ops.push({ op: 'replace', path, value: b });
    return;
  }
  const inner: JsonPatchOp[] = [];
  if (arrays) walkArray(a as unknown[], b as unknown[], path, inner, copies);
  else walkObject(a as Record<string, unknown>, b as Record<string, unknown>, path, inner, copies);
  // Many small changes inside one container cost more words than the container itself.
  if (inner.length > 1 && path !== '' && size(inner) > size(b) + path.length + 30) ops.push({ op: 'replace', path, value: b });
  else for (const op of inner) ops.push(op);
}

function size(x: unknown): number {
  return JSON.stringify(x)?.length ?? 0;
}

function walkObject(a: Record<string, unknown>, b: Record<string, unknown>, path: string, ops: JsonPatchOp[], copies: JsonPatchOp[]): void {
  for (const key of Object.keys(a)) {
    // A key whose value is undefined is absent in JSON.
    if (a[key] !== undefined && (!Object.hasOwn(b, key) || b[key] === undefined)) ops.push({ op: 'remove', path: `${path}/${escape(key)}` });
  }
  for (const key of Object.keys(b)) {
    const v = b[key];
    if (v === undefined) continue;
    const p = `${path}/${escape(key)}`;
    const mine: JsonPatchOp[] = [];
    if (!Object.hasOwn(a, key) || a[key] === undefined) mine.push({ op: 'add', path: p, value: v });
    else walk(a[key], v, p, mine, copies);
    const copied = isRecord(v) && mine.length > 0 ? copyFromSibling(a, key, v, path, size(mine), copies) : null;
    if (copied) {
      copies.push(copied.copy);
      for (const op of copied.ops) ops.push(op);
    } else for (const op of mine) ops.push(op);
  }
}

/** The cheapest way to build `v` from a sibling of the same shape in `a`, if cheaper than `cost`. */
function copyFromSibling(a: Record<string, unknown>, key: string, v: Record<string, unknown>, path: string, cost: number, copies: JsonPatchOp[]) {
  if (cost < COPY_WORTH_BYTES) return null;
  const shape = Object.keys(v).sort().join();
  let best: { copy: JsonPatchOp; ops: JsonPatchOp[] } | null = null;
  for (const sibling of Object.keys(a)) {
    const s = a[sibling];
    if (sibling === key || !isRecord(s) || Object.keys(s).sort().join() !== shape) continue;
    const from = `${path}/${escape(sibling)}`;
    // Never copy from a place an earlier copy has already overwritten.
    if (copies.some((c) => c.path === from)) continue;
    const p = `${path}/${escape(key)}`;
    const ops: JsonPatchOp[] = [];
    walk(s, v, p, ops, copies);
    const total = size(ops) + from.length + p.length + 30;
    if (total < cost && (!best || total < size(best.ops))) best = { copy: { op: 'copy', from, path: p }, ops };
  }
  return best;
}

function walkArray(a: unknown[], b: unknown[], path: string, ops: JsonPatchOp[], copies: JsonPatchOp[]): void {
  // Only the stretch between the unchanged head and tail differs.
  let head = 0;
  while (head < a.length && head < b.length && equalJson(a[head], b[head])) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && equalJson(a[a.length - 1 - tail], b[b.length - 1 - tail])) tail++;
  const gone = a.length - head - tail;
  const come = b.length - head - tail;
  // As a splice: the old stretch removed (last first, so indices hold), the new one added.
  const spliced: JsonPatchOp[] = [];
  for (let k = gone - 1; k >= 0; k--) spliced.push({ op: 'remove', path: `${path}/${head + k}` });
  for (let k = 0; k < come; k++) spliced.push({ op: 'add', path: `${path}/${head + k}`, value: b[head + k] });
  if (gone !== come) return void ops.push(...spliced);
  // Element by element, for changes in place (a ship that moved keeps its index).
  const inPlace: JsonPatchOp[] = [];
  for (let i = head; i < head + gone; i++) walk(a[i], b[i], `${path}/${i}`, inPlace, copies);
  ops.push(...(size(inPlace) <= size(spliced) ? inPlace : spliced));
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
