/**
 * Two server processes on one PostgreSQL schema and one Redis key prefix of their own (the
 * several-process tests): the environment each process gets, and the start before a describe's
 * tests and the kill -9 and schema drop after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { dropSchema, freePort, kill9, PG_URL, REDIS_URL, startChild, type Child } from './child-server';

/** A schema name of this run's own, e.g. `kon_cluster_1a2b3c4d`. */
export function runSchema(prefix: string): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
}

/** What a process of the pair runs with on `port`, `extra` last. */
export function clusterEnv(schema: string, port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: String(port),
    DATABASE_URL: PG_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    // Its own keys and channels: other runs on this Redis (tests, benchmarks) count their own limits.
    REDIS_KEY_PREFIX: `${schema}:`,
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...extra,
  };
}

export interface TwoProcesses {
  readonly schema: string;
  /** The running processes, by index (a test may stop one and start it again with `start`). */
  readonly procs: Child[];
  ports: number[];
  urls: string[];
  /** Starts process `i` on its port (again). */
  start(i: number): Promise<Child>;
}

/**
 * Call inside a describe: two processes start before its tests, one after the other (the first
 * creates the schema), each with `opts.env` and node's `--import` of each of `opts.imports`.
 */
export function twoProcesses(prefix: string, opts: { env?: Record<string, string>; imports?: string[] } = {}): TwoProcesses {
  const schema = runSchema(prefix);
  const c: TwoProcesses = {
    schema,
    procs: [],
    ports: [],
    urls: [],
    start: async (i) => {
      const child = await startChild(clusterEnv(schema, c.ports[i]!, opts.env), opts.imports);
      c.procs[i] = child;
      return child;
    },
  };
  beforeAll(async () => {
    c.ports = [await freePort(), await freePort()];
    c.urls = c.ports.map((p) => `http://127.0.0.1:${p}`);
    await c.start(0);
    await c.start(1);
  }, 90_000);
  afterAll(async () => {
    for (const p of c.procs) await kill9(p);
    await dropSchema(schema);
  });
  return c;
}
