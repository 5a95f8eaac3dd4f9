import type { Database } from 'better-sqlite3';

interface Job {
  fn: () => unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * Runs the writes that arrive within one turn of the event loop in one SQLite transaction, so they
 * share one commit (one fsync), and settles each caller only after that commit. Each write runs in a
 * savepoint of its own: one that throws (a stale move) is undone alone and rejects only its caller.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  private readonly batch: (jobs: Job[]) => ({ ok: true; value: unknown } | { ok: false; error: unknown })[];
  /** Transactions committed and writes they carried, for benchmarks. */
  readonly stats = { commits: 0, writes: 0 };

  constructor(db: Database) {
    const single = db.transaction((fn: () => unknown) => fn());
    this.batch = db.transaction((jobs: Job[]) =>
      jobs.map((job) => {
        try {
          return { ok: true as const, value: single(job.fn) };
        } catch (error) {
          return { ok: false as const, error };
        }
      }),
    );
  }

  run<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate, not a microtask: writes started by other I/O callbacks of this loop turn join too.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    const jobs = this.queue;
    this.queue = [];
    this.scheduled = false;
    let results: ReturnType<typeof this.batch>;
    try {
      results = this.batch(jobs);
    } catch (e) {
      // The commit itself failed (disk full, I/O error): nothing of the batch is stored.
      for (const job of jobs) job.reject(e);
      return;
    }
    this.stats.commits++;
    this.stats.writes += jobs.length;
    results.forEach((r, i) => {
      if (r.ok) jobs[i]!.resolve(r.value);
      else jobs[i]!.reject(r.error);
    });
  }
}
