import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'game', include: ['packages/game/test/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'server', include: ['apps/server/test/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 } },
    ],
  },
});
