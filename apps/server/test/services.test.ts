import { afterEach, describe, expect, it, vi } from 'vitest';

// A port nothing listens on: the service is "missing".
const NOWHERE = 'redis://127.0.0.1:1';

async function freshServices(env: Record<string, string>) {
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  vi.resetModules();
  return import('./services');
}

describe('a test that needs a missing service', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('fails under CI=true, naming the service, where it is and the setting that points at it', async () => {
    const { needs } = await freshServices({ CI: 'true', TEST_REDIS_URL: NOWHERE });
    await expect(needs('redis')).rejects.toThrow(`Redis is not reachable at ${NOWHERE}`);
    await expect(needs('redis')).rejects.toThrow(/under CI=true/);
    await expect(needs('redis')).rejects.toThrow(/TEST_REDIS_URL/);
  });

  it('is skipped, with a warning, outside CI', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { needs } = await freshServices({ CI: '', TEST_REDIS_URL: NOWHERE });
    expect(await needs('redis')).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`Redis is not reachable at ${NOWHERE}`));
    warn.mockRestore();
  });
});
