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

/**
 * `sizes` may be shared by the diffs of one publication (every seat's view of one state shares most of
 * its objects): it remembers the JSON length of objects already measured. Only for values that do not
 * change while it is in use; a wrong size would only make a patch longer, never wrong.
 */
export function diffJson(prev: unknown, next: unknown, sizes: JsonSizes = new WeakMap(), shared?: SharedDiffs): JsonPatchOp[] {
  // Copies read the receiver's state as it was, so they go first.
  const copies: JsonPatchOp[] = [];
  const ops: JsonPatchOp[] = [];
  const saved = measured;
  const savedDone = done;
  measured = sizes;
  done = shared;
  try {
    walk(prev, next, '', ops, copies);
  } finally {
    measured = saved;
    done = savedDone;
  }
  return copies.length > 0 ? [...copies, ...ops] : ops;
}

/** JSON lengths of objects, by object (see diffJson): a Map for one publication (cheaper to collect than a WeakMap), or a WeakMap. */
export interface JsonSizes {
  get(o: object): number | undefined;
  set(o: object, n: number): unknown;
}
/** The sizes of the diff under way. */
let measured: JsonSizes = new WeakMap();

/**
 * The operations already made, in one publication, for a pair of containers (old, new) at a path: the
 * views of one state for each seat share most of their objects, so the second seat's diff takes the
 * first's operations for every part they share instead of walking it again. Only a part whose walk
 * never looked for a sibling to copy from is kept (that depends on the copies made before it); the
 * operations are then those the walk would make, so the patches are the same, byte for byte.
 */
export type SharedDiffs = Map<object, Map<object, { path: string; ops: JsonPatchOp[]; bytes: number }>>;
/** The shared operations of the diff under way (none: every part is walked). */
let done: SharedDiffs | undefined;
/** How many times a walk has looked for a sibling to copy from (a part that did is not shared). */
let copyLooks = 0;

/**
 * Appends the operations that turn `a` into `b` at `path`, and returns about how many bytes they
 * take as JSON (sizes are counted as the operations are made: measuring each container's operations
 * again by serialising them was a fifth of the server's time per move).
 */
function walk(a: unknown, b: unknown, path: string, ops: JsonPatchOp[], copies: JsonPatchOp[]): number {
  if (a === b) return 0;
  const arrays = Array.isArray(a) && Array.isArray(b);
  if (!arrays && !(isRecord(a) && isRecord(b))) {
    if (equalJson(a, b)) return 0;
    ops.push({ op: 'replace', path, value: b });
    return opBytes(path, b);
  }
  const known = done?.get(a as object)?.get(b as object);
  if (known && known.path === path) {
    for (const op of known.ops) ops.push(op);
    return known.bytes;
  }
  const looks = copyLooks;
  const start = ops.length;
  const bytes = walkContainer(a as object, b as object, arrays, path, ops, copies, start);
  if (done && looks === copyLooks) {
    let byNew = done.get(a as object);
    if (!byNew) done.set(a as object, (byNew = new Map()));
    byNew.set(b as object, { path, ops: ops.slice(start), bytes });
  }
  return bytes;
}

/** walk's part for two objects or two arrays: their operations pushed to `ops` from `start`, and about how many bytes they take. */
function walkContainer(
  a: object,
  b: object,
  arrays: boolean,
  path: string,
  ops: JsonPatchOp[],
  copies: JsonPatchOp[],
  start: number,
): number {
  // The container's own operations go straight into `ops` (no list of its own): taken back below if
  // replacing it whole is shorter.
  const bytes = arrays
    ? walkArray(a as unknown[], b as unknown[], path, ops, copies)
    : walkObject(a as Record<string, unknown>, b as Record<string, unknown>, path, ops, copies);
  // Many small changes inside one container cost more words than the container itself.
  if (ops.length - start > 1 && path !== '' && bytes > REPLACE_WORTH_BYTES) {
    // Measured only as far as it could be the shorter: a large container is not serialised to learn that.
    const whole = 24 + path.length + jsonLength(b, bytes - 24 - path.length);
    if (bytes > whole) {
      ops.length = start;
      ops.push({ op: 'replace', path, value: b });
      return whole;
    }
  }
  return bytes;
}

/** Below this, a container's own operations are never worth weighing against replacing it whole. */
const REPLACE_WORTH_BYTES = 60;

/** The JSON length of an operation at `path` carrying `value` (about: `{"op":"replace","path":…,"value":…}`). */
function opBytes(path: string, value?: unknown): number {
  return 24 + path.length + (value === undefined ? 0 : valueBytes(value));
}
function valueBytes(v: unknown): number {
  return jsonLength(v, Number.POSITIVE_INFINITY);
}

/** Whether JSON.stringify writes some character of `s` as an escape (quotes, backslashes, controls, surrogates). */
function escaped(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}

/**
 * `JSON.stringify(v).length` (0 for what it leaves out) without building the string, or, when that is
 * more than `limit`, some number above `limit` found without measuring the rest. Exact lengths of
 * objects are remembered in `measured`.
 */
export function jsonLength(v: unknown, limit: number): number {
  switch (typeof v) {
    case 'string':
      return escaped(v) ? JSON.stringify(v).length : v.length + 2;
    case 'number':
      return Number.isFinite(v) ? String(v).length : 4;
    case 'boolean':
      return v ? 4 : 5;
    case 'object':
      break;
    default:
      return 0; // undefined, a function, a symbol: left out (an array's is null, see below)
  }
  if (v === null) return 4;
  const known = measured.get(v);
  if (known !== undefined) return known;
  // Anything that serialises itself (a Date) is measured the slow way.
  if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(v)?.length ?? 0;
  let n = 2;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length && n <= limit; i++) {
      const len = jsonLength(v[i], limit - n);
      n += (len === 0 ? 4 : len) + (i > 0 ? 1 : 0);
    }
  } else {
    let first = true;
    for (const key in v) {
      if (n > limit) break;
      if (!Object.hasOwn(v, key)) continue;
      const x = (v as Record<string, unknown>)[key];
      if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
      n += jsonLength(key, Number.POSITIVE_INFINITY) + 1 + jsonLength(x, limit - n) + (first ? 0 : 1);
      first = false;
    }
  }
  if (n <= limit) measured.set(v, n);
  return n;
}

function walkObject(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  path: string,
  ops: JsonPatchOp[],
  copies: JsonPatchOp[],
): number {
  let bytes = 0;
  // Keys in their own order (for…in over own keys is Object.keys' order), without building key lists.
  // Game state is plain data: for…in meets only own keys (no prototype of it has enumerable ones).
  for (const key in a) {
    // A key whose value is undefined is absent in JSON.
    if (a[key] === undefined) continue;
    if (b[key] === undefined || !Object.hasOwn(b, key)) {
      const p = `${path}/${escapePointer(key)}`;
      ops.push({ op: 'remove', path: p });
      bytes += opBytes(p);
    }
  }
  for (const key in b) {
    const v = b[key];
    if (v === undefined) continue;
    const was = a[key];
    if (was === v) continue;
    const p = `${path}/${escapePointer(key)}`;
    // This key's operations go straight into `ops`; taken back if copying from a sibling is cheaper.
    const start = ops.length;
    let cost: number;
    if (was === undefined || !Object.hasOwn(a, key)) {
      ops.push({ op: 'add', path: p, value: v });
      cost = opBytes(p, v);
    } else cost = walk(was, v, p, ops, copies);
    const copied = cost >= COPY_WORTH_BYTES && isRecord(v) ? copyFromSibling(a, key, v, path, cost, copies) : null;
    if (copied) {
      ops.length = start;
      copies.push(copied.copy);
      for (const op of copied.ops) ops.push(op);
      bytes += copied.bytes;
    } else bytes += cost;
  }
  return bytes;
}

/** The cheapest way to build `v` from a sibling of the same shape in `a`, if cheaper than `cost`. */
function copyFromSibling(
  a: Record<string, unknown>,
  key: string,
  v: Record<string, unknown>,
  path: string,
  cost: number,
  copies: JsonPatchOp[],
) {
  copyLooks++;
  const size = Object.keys(v).length;
  // The sorted key list is made only when a sibling has as many keys (rarely: the view's parts differ).
  let shape: string | undefined;
  let best: { copy: JsonPatchOp; ops: JsonPatchOp[]; bytes: number } | null = null;
  for (const sibling of Object.keys(a)) {
    const s = a[sibling];
    if (sibling === key || !isRecord(s) || Object.keys(s).length !== size) continue;
    shape ??= Object.keys(v).sort().join();
    if (Object.keys(s).sort().join() !== shape) continue;
    const from = `${path}/${escapePointer(sibling)}`;
    // Never copy from a place an earlier copy has already overwritten.
    if (copies.some((c) => c.path === from)) continue;
    const p = `${path}/${escapePointer(key)}`;
    const ops: JsonPatchOp[] = [];
    const bytes = walk(s, v, p, ops, copies) + opBytes(p) + from.length + 10;
    if (bytes < cost && (!best || bytes < best.bytes)) best = { copy: { op: 'copy', from, path: p }, ops, bytes };
  }
  return best;
}

function walkArray(a: unknown[], b: unknown[], path: string, ops: JsonPatchOp[], copies: JsonPatchOp[]): number {
  // Only the stretch between the unchanged head and tail differs.
  let head = 0;
  while (head < a.length && head < b.length && equalJson(a[head], b[head])) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && equalJson(a[a.length - 1 - tail], b[b.length - 1 - tail])) tail++;
  const gone = a.length - head - tail;
  const come = b.length - head - tail;
  // One element taken out and put back elsewhere (a ship re-sorted in a list): one removal, one addition.
  if (gone === come && gone >= 2) {
    const last = head + gone - 1;
    const shifted = (from: number, to: number) => {
      for (let k = 0; k < gone - 1; k++) if (!equalJson(a[from + k], b[to + k])) return false;
      return true;
    };
    const moved: [number, number] | null =
      equalJson(a[head], b[last]) && shifted(head + 1, head)
        ? [head, last]
        : equalJson(a[last], b[head]) && shifted(head, head + 1)
          ? [last, head]
          : null;
    if (moved) {
      const [out, back] = moved;
      ops.push({ op: 'remove', path: `${path}/${out}` }, { op: 'add', path: `${path}/${back}`, value: b[back] });
      return opBytes(`${path}/${out}`) + opBytes(`${path}/${back}`, b[back]);
    }
  }
  // As a splice: the old stretch removed (last first, so indices hold), the new one added.
  const spliced: JsonPatchOp[] = [];
  let splicedBytes = 0;
  for (let k = gone - 1; k >= 0; k--) {
    const p = `${path}/${head + k}`;
    spliced.push({ op: 'remove', path: p });
    splicedBytes += opBytes(p);
  }
  for (let k = 0; k < come; k++) {
    const p = `${path}/${head + k}`;
    spliced.push({ op: 'add', path: p, value: b[head + k] });
    splicedBytes += opBytes(p, b[head + k]);
  }
  if (gone !== come) {
    for (const op of spliced) ops.push(op);
    return splicedBytes;
  }
  // Element by element, for changes in place (a ship that moved keeps its index).
  const inPlace: JsonPatchOp[] = [];
  let inPlaceBytes = 0;
  for (let i = head; i < head + gone; i++) inPlaceBytes += walk(a[i], b[i], `${path}/${i}`, inPlace, copies);
  const [chosen, bytes] = inPlaceBytes <= splicedBytes ? [inPlace, inPlaceBytes] : [spliced, splicedBytes];
  for (const op of chosen) ops.push(op);
  return bytes;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Equality as JSON sees it (undefined members are absent). */
export function equalJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equalJson(a[i], b[i])) return false;
    return true;
  }
  if (isRecord(a) && isRecord(b)) {
    // Without building key lists: this runs for every element an array diff compares.
    let defined = 0;
    for (const k in a) {
      if (!Object.hasOwn(a, k) || a[k] === undefined) continue;
      if (!Object.hasOwn(b, k) || !equalJson(a[k], b[k])) return false;
      defined++;
    }
    for (const k in b) if (Object.hasOwn(b, k) && b[k] !== undefined) defined--;
    return defined === 0;
  }
  return false;
}

/** JSON Pointer escaping (RFC 6901). */
function escapePointer(key: string): string {
  if (!key.includes('~') && !key.includes('/')) return key;
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
