import { defineConfig } from 'vitest/config';

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

// One run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Two files at a time on the two-core machines this project runs on (vitest's default leaves one
    // core idle there): the game's random games and bot tests are single-threaded CPU work.
    maxWorkers: 2,
    projects: [
      { test: { name: 'game', include: ['packages/game/test/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'deres', include: ['packages/deres/test/**/*.test.ts'], environment: 'node' } },
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
