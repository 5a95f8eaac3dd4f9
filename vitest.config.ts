import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { workspaces } from './packages/platform/src/game-packages.ts';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const CLOCK_E2E = 'apps/web/e2e/clocks.e2e.ts';
/** Browser tests that time what a person would notice (a closed tab shown as away within 2 s): alone, last. */
const ALONE_E2E = ['apps/web/e2e/table.e2e.ts'];

const browserTests = {
  environment: 'node',
  globalSetup: ['apps/web/e2e/build-once.ts'],
  testTimeout: 240_000,
  hookTimeout: 120_000,
  // After the unit projects, on a quieter machine: they race real servers and browsers.
  sequence: { groupOrder: 1 },
} as const;

/** A timeout catches a hang, not slowness: a shared 2-core machine runs a 1 s test in 8. */
const UNIT_TIMEOUTS = { testTimeout: 30_000, hookTimeout: 30_000 } as const;

/** Each workspace's test files (paths from the repository's root) whose first 2,000 characters match `mark`. */
function filesMarked(mark: RegExp, dirs = workspaces(ROOT).map((w) => w.dir)): string[] {
  return dirs.flatMap((d) => {
    const dir = path.join(ROOT, d, 'test');
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.test\.tsx?$/.test(f) && mark.test(readFileSync(path.join(dir, f), 'utf8').slice(0, 2000)))
      .map((f) => `${d}/test/${f.split(path.sep).join('/')}`);
  });
}

/**
 * Test files whose docblock says `@module-tag slow` (hundreds of random games, crashes, several
 * processes, the production build): `npm run test:quick` (vitest's mode `quick`) leaves them out,
 * and the browser tests with them; `npm test` runs everything.
 */
const slowFiles = () => filesMarked(/(\/\/|\*)\s*@module-tag\s+slow\b/);

/**
 * One project per package with a test folder, named by its folder (`--project deres`): a new game's
 * tests run with no edit here. A package's files share their worker's modules (`isolate: false`: the
 * engines keep no state between calls, and importing them again for each of a hundred files was a
 * quarter of the run); a file that replaces a module (`vi.mock`) runs isolated in `<name>-mocks`.
 */
const packageProjects = workspaces(ROOT)
  .filter((w) => w.dir.startsWith('packages/') && existsSync(path.join(ROOT, w.dir, 'test')))
  .flatMap((w) => {
    const name = path.basename(w.dir);
    const mocking = filesMarked(/\bvi\.(do)?mock\(/, [w.dir]);
    const shared = { name, include: [`${w.dir}/test/**/*.test.ts`], exclude: mocking, isolate: false };
    const isolated = mocking.length ? [{ name: `${name}-mocks`, include: mocking }] : [];
    return [shared, ...isolated].map((t) => ({ test: { exclude: [], ...t, environment: 'node', ...UNIT_TIMEOUTS } }));
  });

/**
 * The files marked slow first, then vitest's own order (the longest first where it has timed them
 * before, else the largest): with two workers, a long file started last would run on alone.
 */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = new Set(slowFiles().map((f) => path.join(ROOT, f)));
    return [...sorted.filter((f) => slow.has(f.moduleId)), ...sorted.filter((f) => !slow.has(f.moduleId))];
  }
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
    { test: { name: 'web', include: ['apps/web/test/**/*.test.{ts,tsx}'], environment: 'jsdom', ...UNIT_TIMEOUTS } },
  ].map((p) => ({ test: { ...p.test, exclude: [...exclude, ...('exclude' in p.test ? p.test.exclude : [])] } }));
  const browserProjects = [
    {
      // Browser tests: the real server and Debian's Chromium (see apps/web/e2e), two files at a time:
      // most of their time is spent waiting (for computer moves, polls, the other page).
      test: {
        ...browserTests,
        name: 'e2e',
        include: ['apps/web/e2e/**/*.e2e.ts'],
        exclude: [CLOCK_E2E, ...ALONE_E2E],
      },
    },
    {
      test: { ...browserTests, name: 'e2e-alone', include: ALONE_E2E, fileParallelism: false, sequence: { groupOrder: 2 } },
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
      sequence: { sequencer: SlowFirst },
      tags: [{ name: 'slow', description: 'Left out of npm run test:quick: long random-game, crash, several-process and build tests.' }],
      projects: quick ? unitProjects : [...unitProjects, ...browserProjects],
    },
  };
});
