/**
 * A record whose values are made the first time each is read: the move schemas (model/actions.ts)
 * are some hundred zod objects, which a server that starts and answers its first requests before any
 * move never needs, and zod builds each at once. Each value's type is its maker's return type, so
 * `z.infer<(typeof SCHEMAS)['sail']>` reads as it did on a plain object. Keys are own, enumerable and
 * in the makers' order (Object.keys, `in`, Object.hasOwn as before); a read value stays.
 */
export type LazyRecord<T extends Record<string, () => unknown>> = { readonly [K in keyof T]: ReturnType<T[K]> };

export function lazyRecord<T extends Record<string, () => unknown>>(makers: T): LazyRecord<T> {
  const record = {} as Record<string, unknown>;
  for (const [key, make] of Object.entries(makers)) {
    Object.defineProperty(record, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = make();
        Object.defineProperty(record, key, { value, enumerable: true, configurable: false, writable: false });
        return value;
      },
    });
  }
  return record as LazyRecord<T>;
}

/** Makers that read `record`'s values: for a record that holds another's entries (the same schema objects). */
export function readersOf<R extends object>(record: R): { [K in keyof R]: () => R[K] } {
  const readers = {} as { [K in keyof R]: () => R[K] };
  for (const key of Object.keys(record) as (keyof R)[]) readers[key] = () => record[key];
  return readers;
}
