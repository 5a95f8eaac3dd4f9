import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SqliteWriter, type WriteAck, type WriteOp } from './sqlite-writer';
import { MatchNotFoundError, RebaseError, StaleStateError } from './types';

const require = createRequire(import.meta.url);

interface Pending {
  resolve: (out: string | boolean | null | undefined) => void;
  reject: (e: unknown) => void;
  matchID: string;
  stateID: number;
}

/**
 * The main thread's side of the embedded store's writer. Writes started in one turn of the event loop
 * go to the writer together and share one transaction; each caller's promise settles when the writer
 * acknowledges that transaction's commit. With `thread` (the server's setting) the writer is a worker
 * thread with its own connection, so the commit and its fsync happen off the main thread; without, the
 * same writer runs on the main thread. The thread starts with the first write, not with the server:
 * a server restarted on its data writes nothing until someone plays, and an idle one is ~10 MB smaller
 * without it. (This thread has opened and migrated the same file by then, so a bad path or file still
 * stops the start.) Writes sent meanwhile wait in the thread's port until it has opened the file.
 */
export class WriterClient {
  private queue: { id: number; op: WriteOp }[] = [];
  private scheduled = false;
  private nextID = 1;
  private readonly pending = new Map<number, Pending>();
  private worker: Worker | undefined;
  private inline: SqliteWriter | undefined;
  private closing: Promise<void> | undefined;
  /** Transactions committed and writes they carried, for benchmarks and tests. */
  readonly stats = { commits: 0, writes: 0 };

  constructor(
    private readonly file: string,
    private readonly synchronous: 'FULL' | 'NORMAL',
    private readonly thread: boolean,
  ) {}

  /** The inline writer opens the database now; the thread starts with the first write (see above). */
  async start(): Promise<void> {
    if (!this.thread) this.inline ??= new SqliteWriter(this.file, this.synchronous);
  }

  /** Resolves, once committed, with what the write answers (see WriteAck's `out`). */
  write(op: WriteOp): Promise<string | boolean | null | undefined> {
    return new Promise((resolve, reject) => {
      const id = this.nextID++;
      this.pending.set(id, { resolve, reject, matchID: op.matchID, stateID: 'stateID' in op ? op.stateID : 0 });
      this.queue.push({ id, op });
      if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate, not a microtask: writes started by other I/O callbacks of this loop turn join too.
        setImmediate(() => this.send());
      }
    });
  }

  private send() {
    this.scheduled = false;
    const ops = this.queue;
    this.queue = [];
    if (ops.length === 0) return;
    if (!this.thread) {
      this.inline ??= new SqliteWriter(this.file, this.synchronous);
      const acks = this.inline.run(ops.map((o) => o.op));
      this.settle(ops.map((o, i) => ({ id: o.id, ...acks[i]! })));
      return;
    }
    const w = this.ensureWorker();
    w.ref(); // an idle writer does not keep the process alive, one with writes under way does
    w.postMessage({ ops });
  }

  private settle(acks: ({ id: number } & WriteAck)[]) {
    this.stats.commits++;
    this.stats.writes += acks.length;
    for (const a of acks) {
      const p = this.pending.get(a.id);
      if (!p) continue;
      this.pending.delete(a.id);
      if (a.ok) p.resolve(a.out);
      else p.reject(errorOf(a, p));
    }
    if (this.pending.size === 0) this.worker?.unref();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = spawnWriter(this.file, this.synchronous);
    w.on('message', (m: { acks?: ({ id: number } & WriteAck)[] }) => {
      if (m.acks) this.settle(m.acks);
    });
    const fail = (e: unknown) => {
      if (this.worker !== w) return;
      this.worker = undefined;
      // Whatever it had not acknowledged is not known to be stored: those moves fail and are not sent.
      const err = e instanceof Error ? e : new Error(`the store's writer stopped (${String(e)})`);
      for (const [id, p] of this.pending) {
        this.pending.delete(id);
        p.reject(err);
      }
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the store's writer exited (${code})`)));
    this.worker = w;
    return w;
  }

  /** After every write has been acknowledged (the store drains first). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.inline?.close();
      const w = this.worker;
      if (!w) return;
      this.worker = undefined;
      w.ref();
      await new Promise<void>((resolve) => {
        w.on('message', (m: { closed?: boolean }) => {
          if (m.closed) resolve();
        });
        w.once('exit', () => resolve());
        w.postMessage({ close: true });
      });
      await w.terminate();
    })();
    return this.closing;
  }
}

function errorOf(a: { ok: false; code?: string; message: string }, { matchID, stateID }: Pending): Error {
  if (a.code === 'stale') return new StaleStateError(matchID, stateID);
  if (a.code === 'not_found') return new MatchNotFoundError(matchID);
  if (a.code === 'rebase') return new RebaseError(a.message);
  return new Error(a.message);
}

/**
 * The writer's thread: the bundle's sibling dist/sqlite-writer.cjs in production (scripts/build.mjs),
 * else the TypeScript source run through tsx's loader (dev server, tests, benchmarks).
 */
function spawnWriter(file: string, synchronous: string): Worker {
  const here = import.meta.url;
  const workerData = { file, synchronous };
  if (here.endsWith('.cjs')) return new Worker(new URL('./sqlite-writer.cjs', here), { workerData });
  // Node 20 does not apply loaders given in a worker's execArgv to its entry file: register tsx first.
  const tsxApi = new URL('./api/index.mjs', pathToFileURL(require.resolve('tsx/esm'))).href;
  const entry = new URL('./sqlite-worker.ts', here).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, workerData });
}
