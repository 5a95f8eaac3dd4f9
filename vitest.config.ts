import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'game', include: ['packages/game/test/**/*.test.ts'], environment: 'node' } },
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
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // After the other projects, on a quieter machine: several of these measure what a person
          // would notice (a closed tab shown as away within 2 s) and race real servers and browsers.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
