/**
 * A small pool of worker threads that make the bots' decisions, so a thinking bot never holds up the
 * event loop that carries every other match's moves. A worker that crashes or overruns its time is
 * replaced and the decision retried (a few times, then refused): it never takes the server down.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ModuleMove } from '@kon/platform';
import type { Logger } from '../core/log';
import type { DecideReply, DecideRequest } from './protocol';

export interface BotPoolOptions {
  size: number;
  /** A decision not answered in this time is abandoned: the worker is replaced, the decision retried. */
  timeoutMs: number;
  /** Attempts per decision (crashes and time-outs count) before it is refused. */
  attempts?: number;
  log: Logger;
  /** How a worker is made (tests hand in workers that crash); default: bots/worker.ts. */
  spawn?: () => Worker;
  /** Told of every decision once it is given or refused, with the seconds it took (GET /metrics). */
  onDecision?: (ok: boolean, seconds: number) => void;
}

export class BotDecisionError extends Error {}

/** A computer player's move and how many legal moves it chose from. */
export interface BotAnswer {
  move: ModuleMove;
  legalCount: number;
}

/** Attempts per decision unless the options say otherwise. */
export const BOT_ATTEMPTS = 3;

interface Job {
  req: Omit<DecideRequest, 'id'>;
  /** A decision nobody is watching for: a free worker takes every other waiting decision first. */
  background: boolean;
  attempts: number;
  resolve(a: BotAnswer): void;
  reject(e: Error): void;
}
interface Slot {
  /** Started when the slot first gets a decision (an idle worker holds ~26 MB). */
  worker?: Worker;
  job?: { id: number; job: Job; timer: NodeJS.Timeout };
}

/**
 * The worker's file: the bundle's sibling dist/bot-worker.cjs in production (see scripts/build.mjs),
 * else the TypeScript source run through tsx's loader (dev server, tests, benchmarks).
 */
export function defaultSpawn(): Worker {
  const here = import.meta.url;
  if (here.endsWith('.cjs')) return new Worker(new URL('./bot-worker.cjs', here));
  // Node 20 does not apply loaders given in a worker's execArgv to its entry file: register tsx first.
  // tsx's ESM register() (require.resolve would give its CommonJS build, which cannot register).
  const tsxApi = new URL('./api/index.mjs', pathToFileURL(createRequire(here).resolve('tsx/esm'))).href;
  const entry = new URL('./worker.ts', here).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true });
}

export class BotPool {
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private nextID = 1;
  private closed = false;
  private readonly log: Logger;
  private readonly attempts: number;

  constructor(private readonly opts: BotPoolOptions) {
    this.log = opts.log.child({ component: 'bot-pool' });
    this.attempts = opts.attempts ?? BOT_ATTEMPTS;
    // No worker yet: a server without computer seats never starts one (see dispatch).
    for (let i = 0; i < opts.size; i++) this.slots.push({});
  }

  /** Workers started so far and running (for tests and benchmarks). */
  get started(): number {
    return this.slots.filter((s) => s.worker).length;
  }

  /** The move the bot of `strength` chooses from `view`; rejects with BotDecisionError when no worker could answer. */
  decide(req: Omit<DecideRequest, 'id'>, { background = false }: { background?: boolean } = {}): Promise<BotAnswer> {
    if (this.closed) return Promise.reject(new BotDecisionError('the bot pool is closed'));
    const started = process.hrtime.bigint();
    const done = (ok: boolean) => this.opts.onDecision?.(ok, Number(process.hrtime.bigint() - started) / 1e9);
    return new Promise<BotAnswer>((resolve, reject) => {
      this.queue.push({ req, background, attempts: 0, resolve, reject });
      this.dispatch();
    }).then(
      (r) => {
        done(true);
        return r;
      },
      (e: unknown) => {
        done(false);
        throw e;
      },
    );
  }

  /** Decisions waiting for a free worker (for logs and benchmarks). */
  get waiting(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new BotDecisionError('the bot pool is closed'));
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.job) {
          clearTimeout(slot.job.timer);
          slot.job.job.reject(new BotDecisionError('the bot pool is closed'));
          slot.job = undefined;
        }
        await slot.worker?.terminate();
      }),
    );
  }

  private startWorker(slot: Slot): Worker {
    const worker = (this.opts.spawn ?? defaultSpawn)();
    slot.worker = worker;
    worker.on('message', (reply: DecideReply) => this.onReply(slot, reply));
    worker.on('error', (err) => this.onFailure(slot, worker, 'bot worker crashed', err));
    worker.on('exit', (code) => this.onFailure(slot, worker, 'bot worker exited', undefined, code));
    // An idle worker must not keep a stopping process alive; a busy one must (see dispatch).
    worker.unref();
    return worker;
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const first = this.queue.findIndex((j) => !j.background);
      const job = this.queue.splice(Math.max(first, 0), 1)[0];
      if (!job) return;
      const id = this.nextID++;
      const timer = setTimeout(() => this.onTimeout(slot, id), this.opts.timeoutMs);
      timer.unref();
      slot.job = { id, job, timer };
      job.attempts++;
      const worker = slot.worker ?? this.startWorker(slot);
      worker.ref();
      worker.postMessage({ id, ...job.req } satisfies DecideRequest);
    }
  }

  private onReply(slot: Slot, reply: DecideReply) {
    const cur = slot.job;
    if (!cur || cur.id !== reply.id) return; // an answer to a decision already given up on
    clearTimeout(cur.timer);
    slot.job = undefined;
    slot.worker?.unref();
    // A decision that throws is the bot's own fault and would throw again: refused, not retried.
    if (reply.ok) cur.job.resolve({ move: reply.move, legalCount: reply.legalCount });
    else cur.job.reject(new BotDecisionError(reply.error));
    this.dispatch();
  }

  private onTimeout(slot: Slot, id: number) {
    if (slot.job?.id !== id) return;
    this.log.warn('bot decision timed out', { timeoutMs: this.opts.timeoutMs, strength: slot.job.job.req.strength });
    this.replace(slot);
  }

  private onFailure(slot: Slot, worker: Worker, msg: string, err?: unknown, code?: number) {
    if (this.closed || slot.worker !== worker) return; // already replaced (time-out), or shutting down
    this.log.error(msg, { ...(err !== undefined ? { err } : {}), ...(code !== undefined ? { code } : {}) });
    this.replace(slot);
  }

  /** A new worker in the slot; the decision it held goes back to the front of the queue, or is refused. */
  private replace(slot: Slot) {
    const old = slot.worker;
    const cur = slot.job;
    slot.job = undefined;
    if (cur) clearTimeout(cur.timer);
    void old?.terminate().catch(() => undefined);
    if (this.closed) return;
    this.startWorker(slot);
    if (cur) {
      if (cur.job.attempts >= this.attempts) cur.job.reject(new BotDecisionError(`no answer after ${cur.job.attempts} attempts`));
      else this.queue.unshift(cur.job);
    }
    this.dispatch();
  }
}
