import type { JsonPatchOp } from './json-diff';

/**
 * Applies diffJson's operations to `base` without changing it: the result shares every part of `base`
 * the operations leave alone, and copies only the containers on their paths (each once). So a state
 * rebuilt from another process's patch keeps its unchanged parts the very objects of the state before,
 * and the patches to this process's sockets are worked out as cheaply as for its own moves. Throws on
 * a path that is not there (the caller reads the whole state instead).
 */
export function applyJsonPatch<T>(base: T, ops: readonly JsonPatchOp[]): T {
  /** Containers made by this call: changed in place by the operations after the one that made them. */
  const fresh = new Set<object>();
  let root: unknown = base;
  for (const op of ops) {
    const keys = pointer(op.path);
    const value = op.op === 'copy' ? structuredClone(at(root, pointer(op.from))) : op.op === 'remove' ? undefined : op.value;
    if (keys.length === 0) {
      if (op.op === 'remove') throw new Error('cannot remove the root');
      root = value;
      continue;
    }
    root = writable(root, fresh);
    let parent = root as Record<string, unknown> | unknown[];
    for (const key of keys.slice(0, -1)) {
      const child = writable(get(parent, key), fresh);
      set(parent, key, child);
      parent = child as Record<string, unknown> | unknown[];
    }
    const last = keys[keys.length - 1]!;
    if (Array.isArray(parent)) {
      const i = last === '-' ? parent.length : index(last, parent.length + (op.op === 'add' || op.op === 'copy' ? 1 : 0));
      if (op.op === 'add' || op.op === 'copy') parent.splice(i, 0, value);
      else if (op.op === 'remove') parent.splice(i, 1);
      else parent[i] = value;
    } else if (op.op === 'remove') {
      if (!Object.hasOwn(parent, last)) throw new Error(`no ${op.path}`);
      delete parent[last];
    } else parent[last] = value;
  }
  return root as T;
}

function pointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new Error(`bad path ${path}`);
  return path
    .slice(1)
    .split('/')
    .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function index(key: string, length: number): number {
  const i = Number(key);
  if (!/^(0|[1-9]\d*)$/.test(key) || i >= length) throw new Error(`no index ${key}`);
  return i;
}

function get(container: unknown, key: string): unknown {
  if (Array.isArray(container)) return container[index(key, container.length)];
  if (container !== null && typeof container === 'object' && Object.hasOwn(container, key))
    return (container as Record<string, unknown>)[key];
  throw new Error(`no ${key}`);
}

function set(container: Record<string, unknown> | unknown[], key: string, value: unknown) {
  if (Array.isArray(container)) container[index(key, container.length)] = value;
  else container[key] = value;
}

function at(root: unknown, keys: string[]): unknown {
  let v = root;
  for (const k of keys) v = get(v, k);
  return v;
}

/** The container itself if this call made it, else a shallow copy of it (made by this call from now on). */
function writable(v: unknown, fresh: Set<object>): unknown {
  if (v === null || typeof v !== 'object') throw new Error('not a container');
  if (fresh.has(v)) return v;
  const copy = Array.isArray(v) ? [...v] : { ...(v as Record<string, unknown>) };
  fresh.add(copy);
  return copy;
}
