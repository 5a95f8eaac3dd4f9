/**
 * Parts of a seat's view kept from the last view while the parts of the state they come from are the
 * same objects. Moves never change a settled state's parts in place (@kon/platform's plain-moves.ts copies before the
 * rules write, immer copies on write), so a part of a settled state made into a view part once gives
 * the same view part at every later move that left it alone: the view is then the same object too,
 * and the server's patch differ passes over it at once instead of comparing it key by key per seat.
 *
 * Only for settled states (frozen at the root, as every state a move or hook returns is): a state a
 * caller changes in place (a bot's playout, a test's hand-made state) is never looked up. Each entry
 * is kept per viewer (a part that differs by seat is never handed to another seat) and under every
 * input it was made from. The parts are shared by the views of many states: a view is read, never changed.
 */
import type { Faction } from '../types.js';

type Entry = { deps: readonly unknown[]; out: unknown };
export type ViewMemo = WeakMap<object, Map<Faction | null, Entry>>;

export function viewMemo(): ViewMemo {
  return new WeakMap();
}

/**
 * `make()`, or what it gave before for this viewer when `key` and every one of `deps` are the same
 * objects as then. `settled` says whether the state may be looked up at all (see above).
 */
export function memoPart<T>(
  memo: ViewMemo,
  settled: boolean,
  key: object | null | undefined,
  viewer: Faction | null,
  deps: readonly unknown[],
  make: () => T,
): T {
  if (!settled || typeof key !== 'object' || key === null) return make();
  let seats = memo.get(key);
  const hit = seats?.get(viewer);
  if (hit && hit.deps.length === deps.length && hit.deps.every((d, i) => d === deps[i])) return hit.out as T;
  const out = make();
  if (!seats) memo.set(key, (seats = new Map()));
  seats.set(viewer, { deps, out });
  return out;
}
