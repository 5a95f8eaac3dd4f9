import type { Database } from 'better-sqlite3';

type Result = { ok: true; value: unknown } | { ok: false; error: unknown };
type Batch = (fns: (() => unknown)[]) => Result[];

const batches = new WeakMap<Database, Batch>();

/**
 * Runs writes in one SQLite transaction, so that they share one commit (one fsync). Each write runs in
 * a savepoint of its own: one that throws (a stale move) is undone alone and fails only itself. Throws
 * when the commit itself fails (then nothing of the batch is stored).
 */
export function commitBatch(db: Database, fns: (() => unknown)[]): Result[] {
  let batch = batches.get(db);
  if (!batch) {
    const single = db.transaction((fn: () => unknown) => fn());
    batch = db.transaction((jobs: (() => unknown)[]) =>
      jobs.map((fn): Result => {
        try {
          return { ok: true, value: single(fn) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
    batches.set(db, batch);
  }
  return batch(fns);
}
