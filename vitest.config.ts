import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { workspaces } from './packages/platform/src/game-packages.ts';

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

/**
 * Test files whose docblock says `@module-tag slow` (hundreds of random games, crashes, several
 * processes, the production build): `npm run test:quick` (vitest's mode `quick`) leaves them out,
 * and the browser tests with them; `npm test` runs everything.
 */
function slowFiles(): string[] {
  return workspaces(ROOT).flatMap((w) => {
    const dir = path.join(ROOT, w.dir, 'test');
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter(
        (f) => /\.test\.tsx?$/.test(f) && /(\/\/|\*)\s*@module-tag\s+slow\b/.test(readFileSync(path.join(dir, f), 'utf8').slice(0, 2000)),
      )
      .map((f) => `${w.dir}/test/${f.split(path.sep).join('/')}`);
  });
}

// One run covers every workspace; each project keeps its own environment.
export default defineConfig(({ mode }) => {
  const quick = mode === 'quick';
  const exclude = quick ? [...configDefaults.exclude, ...slowFiles()] : configDefaults.exclude;
  const unitProjects = [
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
  ].map((p) => ({ test: { ...p.test, exclude } }));
  const browserProjects = [
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
  ];
  return {
    test: {
      // Two files at a time on the two-core machines this project runs on (vitest's default leaves one
      // core idle there): the game's random games and bot tests are single-threaded CPU work.
      maxWorkers: 2,
      tags: [{ name: 'slow', description: 'Left out of npm run test:quick: long random-game, crash, several-process and build tests.' }],
      projects: quick ? unitProjects : [...unitProjects, ...browserProjects],
    },
  };
});
