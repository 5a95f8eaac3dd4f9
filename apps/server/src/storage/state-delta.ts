/**
 * What a move changed in a match's state, as a short list of operations, so that a move stores its
 * change and not the whole state. Applied to the JSON of the state before, the operations give the
 * JSON of the state after, byte for byte: same values, same key order (JSON.stringify of the rebuilt
 * state equals JSON.stringify of the live one).
 *
 * The diff walks both states together and skips what they share (the engine's immutable updates keep
 * every untouched part of the state as the same object, so a move costs about what it changed).
 * An object whose keys keep their order (some removed, new ones after the old) is diffed key by key;
 * one whose keys were reordered is replaced whole. An array is diffed index by index, then grown or cut.
 *
 * boardgame.io's flow changes parts of the state before in place while it makes the next one (a
 * stage's move count in ctx, shared by both states): a part both states share is then not known to be
 * unchanged. So ctx, the plugins' data and boardgame.io's undo stacks (small, and the only parts the
 * engine touches outside immer) are always stored whole; G is made by immer and never changed in place.
 */

/** One step: `[path, value]` sets, `[path]` deletes an object's key, `[path, length, 0]` cuts an array. */
export type DeltaOp =
  | [path: (string | number)[]]
  | [path: (string | number)[], value: unknown]
  | [path: (string | number)[], length: number, cut: 0];

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The keys JSON.stringify writes, in its order (an undefined, function or symbol value is left out). */
function jsonKeys(o: Obj): string[] {
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) {
    const t = typeof o[keys[i]!];
    if (t === 'undefined' || t === 'function' || t === 'symbol') return keys.filter((k) => !skipped(o[k]));
  }
  return keys;
}
const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** The state's top-level parts stored whole by every delta (see above). */
const WHOLE = new Set(['ctx', 'plugins', '_undo', '_redo']);

/** The operations that turn `prev` into `next` (both JSON-compatible values). */
export function diffState(prev: unknown, next: unknown): DeltaOp[] {
  const ops: DeltaOp[] = [];
  if (isObj(prev) && isObj(next)) walkObject(prev, next, [], ops, WHOLE);
  else walk(prev, next, [], ops);
  return ops;
}

function walk(a: unknown, b: unknown, path: (string | number)[], ops: DeltaOp[]) {
  if (a === b) return;
  if (Array.isArray(a) && Array.isArray(b)) return walkArray(a, b, path, ops);
  if (isObj(a) && isObj(b) && a.toJSON === undefined && b.toJSON === undefined) return walkObject(a, b, path, ops);
  // A primitive, or a change of kind. NaN stays NaN: JSON writes both as null.
  if (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b)) return;
  ops.push([path, b]);
}

function walkArray(a: unknown[], b: unknown[], path: (string | number)[], ops: DeltaOp[]) {
  const common = Math.min(a.length, b.length);
  for (let i = 0; i < common; i++) {
    // An undefined or function element is written as null: the same JSON as a null.
    const x = skipped(a[i]) ? null : a[i];
    const y = skipped(b[i]) ? null : b[i];
    walk(x, y, [...path, i], ops);
  }
  if (b.length < a.length) ops.push([path, b.length, 0]);
  for (let i = common; i < b.length; i++) ops.push([[...path, i], skipped(b[i]) ? null : b[i]]);
}

function walkObject(a: Obj, b: Obj, path: (string | number)[], ops: DeltaOp[], whole?: Set<string>) {
  const ka = jsonKeys(a);
  const kb = jsonKeys(b);
  // b's keys must be a's (minus some) in a's order, then the new ones: else a's order cannot become b's.
  const inB = new Set(kb);
  const kept = ka.filter((k) => inB.has(k));
  for (let i = 0; i < kept.length; i++) {
    if (kb[i] !== kept[i]) {
      ops.push([path, b]);
      return;
    }
  }
  for (const k of ka) if (!inB.has(k)) ops.push([[...path, k]]);
  for (const k of kept) {
    if (whole?.has(k)) ops.push([[...path, k], b[k]]);
    else walk(a[k], b[k], [...path, k], ops);
  }
  for (let i = kept.length; i < kb.length; i++) ops.push([[...path, kb[i]!], b[kb[i]!]]);
}

/** Applies `ops` to `base` (a state parsed from JSON, changed in place) and returns the result. */
export function applyDelta(base: unknown, ops: DeltaOp[]): unknown {
  let root = base;
  for (const op of ops) {
    const [path] = op;
    if (path.length === 0) {
      if (op.length !== 2) throw new Error('bad delta: only a value may replace the whole state');
      root = op[1];
      continue;
    }
    let parent = root as Record<string | number, unknown>;
    for (let i = 0; i < path.length - 1; i++) {
      parent = parent?.[path[i]!] as Record<string | number, unknown>;
      if (typeof parent !== 'object' || parent === null) throw new Error(`bad delta: no ${path.slice(0, i + 1).join('.')}`);
    }
    const key = path[path.length - 1]!;
    if (typeof parent !== 'object' || parent === null) throw new Error(`bad delta: no parent of ${path.join('.')}`);
    if (op.length === 1) delete parent[key];
    else if (op.length === 3) {
      const target = parent[key];
      if (!Array.isArray(target)) throw new Error(`bad delta: ${path.join('.')} is not an array`);
      target.length = op[1];
    } else if (key === '__proto__')
      Object.defineProperty(parent, key, { value: op[1], enumerable: true, writable: true, configurable: true });
    else parent[key] = op[1];
  }
  return root;
}
