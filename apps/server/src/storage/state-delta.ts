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

/** The state's top-level parts boardgame.io may change in place (see above). */
export const WHOLE = ['ctx', 'plugins', '_undo', '_redo'] as const;
const WHOLE_SET = new Set<string>(WHOLE);
/** G's keys left out of a change with `logOut`: the move's event row holds them (its entries and first index). */
const LOG_KEYS = new Set(['log', 'logBase']);

export interface DiffOptions {
  /**
   * The parts of WHOLE as they were stored with the state before (a JSON copy taken then): diffed
   * against those, not against the state before's own objects, which boardgame.io may have changed
   * since. Without, those parts are stored whole.
   */
  stored?: Partial<Record<(typeof WHOLE)[number], unknown>>;
  /** Leave G.log and G.logBase out (where both states have them): the reader puts the row's log back. */
  logOut?: boolean;
}

/** The operations that turn `prev` into `next` (both JSON-compatible values). */
export function diffState(prev: unknown, next: unknown, opts: DiffOptions = {}): DeltaOp[] {
  const ops: DeltaOp[] = [];
  if (isObj(prev) && isObj(next)) walkObject(prev, next, [], ops, opts);
  else walk(prev, next, [], ops);
  return ops;
}

/** A JSON copy of the state's WHOLE parts, as stored now: the next move's change is diffed against it. */
export function storedParts(state: unknown): DiffOptions['stored'] {
  if (!isObj(state)) return {};
  const parts: Obj = {};
  for (const k of WHOLE) if (state[k] !== undefined) parts[k] = jsonCopy(state[k]);
  return parts as DiffOptions['stored'];
}

/**
 * `JSON.parse(JSON.stringify(v))` for a defined value, without writing and reading the text (it runs
 * at every move): numbers that are not finite become null, as do an array's undefined, function and
 * symbol elements; an object's such members are left out; anything that serialises itself (toJSON)
 * goes through JSON.
 */
export function jsonCopy(v: unknown): unknown {
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
    case 'object':
      break;
    default:
      return skipped(v) ? null : v;
  }
  if (v === null) return null;
  if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return JSON.parse(JSON.stringify(v));
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = jsonCopy(v[i]);
    return out;
  }
  const out: Obj = {};
  for (const k of Object.keys(v)) {
    const x = (v as Obj)[k];
    if (skipped(x)) continue;
    // JSON.parse makes "__proto__" an own key; an assignment would set the prototype.
    if (k === '__proto__') Object.defineProperty(out, k, { value: jsonCopy(x), enumerable: true, writable: true, configurable: true });
    else out[k] = jsonCopy(x);
  }
  return out;
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
    // An unchanged element (most of them: the engine shares them) costs no path.
    if (x !== y) walk(x, y, [...path, i], ops);
  }
  if (b.length < a.length) ops.push([path, b.length, 0]);
  for (let i = common; i < b.length; i++) ops.push([[...path, i], skipped(b[i]) ? null : b[i]]);
}

function walkObject(a: Obj, b: Obj, path: (string | number)[], ops: DeltaOp[], top?: DiffOptions, skip?: Set<string>) {
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
    if (skip?.has(k)) continue;
    if (top && WHOLE_SET.has(k)) {
      const stored = top.stored?.[k as (typeof WHOLE)[number]];
      if (top.stored && k in top.stored) walk(stored, b[k], [k], ops);
      else ops.push([[k], b[k]]);
    } else if (top?.logOut && k === 'G' && isObj(a.G) && isObj(b.G)) walkObject(a.G, b.G, ['G'], ops, undefined, LOG_KEYS);
    else if (a[k] !== b[k]) walk(a[k], b[k], [...path, k], ops);
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
