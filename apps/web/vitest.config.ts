/**
 * Tests of the web client. Component tests (test/*.test.ts[x]) run in jsdom (each file also says so in a
 * docblock, so a root `vitest run` without this config still runs them right). Browser tests
 * (e2e/*.e2e.ts) start the real server and drive Debian's Chromium; run them with `--project e2e`.
 */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        plugins: [react()],
        test: { name: 'web', root: import.meta.dirname, include: ['test/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        test: {
          name: 'e2e',
          root: import.meta.dirname,
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
