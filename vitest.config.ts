import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workspaces } from './packages/platform/src/game-packages';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const CLOCK_E2E = 'apps/web/e2e/clocks.e2e.ts';

const browserTests = {
  environment: 'node',
  globalSetup: ['apps/web/e2e/build-once.ts'],
  testTimeout: 240_000,
  hookTimeout: 120_000,
  // After the other projects, on a quieter machine: several of these measure what a person would
  // notice (a closed tab shown as away within 2 s) and race real servers and browsers.
  sequence: { groupOrder: 1 },
} as const;

/** One project per package with a test folder, named by its folder (`--project deres`): a new game's tests run with no edit here. */
const packageProjects = workspaces(ROOT)
  .filter((w) => w.dir.startsWith('packages/') && existsSync(path.join(ROOT, w.dir, 'test')))
  .map((w) => ({ test: { name: path.basename(w.dir), include: [`${w.dir}/test/**/*.test.ts`], environment: 'node' } }));

// One run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Two files at a time on the two-core machines this project runs on (vitest's default leaves one
    // core idle there): the game's random games and bot tests are single-threaded CPU work.
    maxWorkers: 2,
    projects: [
      ...packageProjects,
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/test/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
      {
        // Browser tests: the real server and Debian's Chromium (see apps/web/e2e).
        test: {
          ...browserTests,
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          exclude: [CLOCK_E2E],
          fileParallelism: false,
        },
      },
      {
        // The clock test mostly waits out a one-minute deadline, which the server's timer keeps however
        // busy the machine is: it waits beside the other projects' tests instead of after them.
        test: { ...browserTests, name: 'e2e-clock', include: [CLOCK_E2E], sequence: { groupOrder: 0 } },
      },
    ],
  },
});
