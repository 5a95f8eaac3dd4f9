/**
 * The outside services some server tests need (PostgreSQL, Redis). Where one does not answer, a
 * developer's run skips those tests and says which service was missing; under CI (CI=true) the
 * file fails instead, naming the service, so a machine without it never passes quietly.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function pgReachable(): Promise<boolean> {
  const { Client: Pg } = require('pg') as typeof import('pg');
  const c = new Pg({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

export async function redisReachable(): Promise<boolean> {
  const { Redis } = require('ioredis') as typeof import('ioredis');
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => {}); // the refused connection is the answer, not an error to print
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

export type Service = 'postgres' | 'redis';

const SERVICES: Record<Service, { label: string; where: string; setting: string; reachable: () => Promise<boolean> }> = {
  postgres: { label: 'PostgreSQL', where: PG_URL, setting: 'TEST_DATABASE_URL', reachable: pgReachable },
  redis: { label: 'Redis', where: REDIS_URL, setting: 'TEST_REDIS_URL', reachable: redisReachable },
};

export const underCI = (env: NodeJS.ProcessEnv = process.env): boolean => /^(1|true)$/i.test(env.CI ?? '');

/** What a run without the service is told. */
export function missingMessage(service: Service): string {
  const s = SERVICES[service];
  return `${s.label} is not reachable at ${s.where} (start it, or point ${s.setting} at one)`;
}

const answers = new Map<Service, Promise<boolean>>();

/**
 * True when every service named answers. When one does not: throws under CI, and otherwise warns
 * once and returns false, for the caller to skip.
 */
export async function needs(...services: Service[]): Promise<boolean> {
  for (const service of services) {
    let answer = answers.get(service);
    if (!answer) {
      answer = SERVICES[service].reachable();
      answers.set(service, answer);
      if (!(await answer) && !underCI()) console.warn(`skipped: ${missingMessage(service)}`);
    }
    if (await answer) continue;
    if (underCI()) throw new Error(`${missingMessage(service)}; under CI=true a test that needs it fails instead of skipping`);
    return false;
  }
  return true;
}
