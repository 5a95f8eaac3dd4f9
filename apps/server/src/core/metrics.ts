import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from './log';

/**
 * What an operator watches, in Prometheus' text format at GET /metrics. One registry per server (the
 * tests start several servers in one process, and prom-client's global registry would mix them).
 * Labels carry only bounded sets (move outcome codes, refusal codes, HTTP status classes): never a
 * match id, player id or move argument.
 */
export class ServerMetrics {
  readonly registry = new Registry();

  private readonly moves = new Counter({
    name: 'kon_moves_total',
    help: 'Moves submitted, by who made them (player or server) and outcome (ok or the refusal code).',
    labelNames: ['by', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly moveSeconds = new Histogram({
    name: 'kon_move_duration_seconds',
    help: 'From a move reaching the move path to its answer: check, reducer, durable write and patches.',
    labelNames: ['by'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  private readonly storeSeconds = new Histogram({
    name: 'kon_store_write_duration_seconds',
    help: 'Durable write of one move (the store commit, fsync included).',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });
  private readonly socketRefusals = new Counter({
    name: 'kon_socket_refusals_total',
    help: 'Socket messages refused, by refusal code.',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  private readonly botDecisions = new Counter({
    name: 'kon_bot_decisions_total',
    help: 'Computer-player decisions, by outcome (ok or failed).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly botSeconds = new Histogram({
    name: 'kon_bot_decision_duration_seconds',
    help: 'Time a computer player took to decide, waiting for a worker included.',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly httpRequests = new Counter({
    name: 'kon_http_requests_total',
    help: 'HTTP requests answered, by method and status class (2xx, 4xx, 5xx).',
    labelNames: ['method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: 'kon_errors_total',
    help: 'Errors logged at level error, by component.',
    labelNames: ['component'] as const,
    registers: [this.registry],
  });

  constructor(sources: { liveMatches: () => number; sockets: () => number }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'kon_' });
    new Gauge({
      name: 'kon_live_matches',
      help: 'Matches held in this process’s memory (someone connected or a move recently).',
      registers: [this.registry],
      collect() {
        this.set(sources.liveMatches());
      },
    });
    new Gauge({
      name: 'kon_sockets',
      help: 'Open game sockets on this process.',
      registers: [this.registry],
      collect() {
        this.set(sources.sockets());
      },
    });
  }

  move(by: 'player' | 'server', outcome: string, seconds: number) {
    this.moves.inc({ by, outcome });
    this.moveSeconds.observe({ by }, seconds);
  }

  storeWrite(seconds: number) {
    this.storeSeconds.observe(seconds);
  }

  refusal(code: string) {
    this.socketRefusals.inc({ code });
  }

  botDecision(ok: boolean, seconds: number) {
    this.botDecisions.inc({ outcome: ok ? 'ok' : 'failed' });
    this.botSeconds.observe(seconds);
  }

  httpRequest(method: string, status: number) {
    this.httpRequests.inc({ method, status: `${Math.floor(status / 100)}xx` });
  }

  error(component: string) {
    this.errors.inc({ component });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** Seconds since a `process.hrtime.bigint()` reading. */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** The same logger, counting its error lines by component (the `component` field of its children). */
export function countingErrors(log: Logger, metrics: ServerMetrics, component = 'server'): Logger {
  return {
    debug: (m, f) => log.debug(m, f),
    info: (m, f) => log.info(m, f),
    warn: (m, f) => log.warn(m, f),
    error: (m, f) => {
      metrics.error(component);
      log.error(m, f);
    },
    child: (fields) => countingErrors(log.child(fields), metrics, typeof fields.component === 'string' ? fields.component : component),
  };
}
