import { configDefaults, defineConfig } from 'vitest/config';

const include = ['apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'];

/**
 * Test files that drive Chromium or the run sandbox in-process and set process-wide environment
 * variables for it: always in a fresh process. The other files could share their worker process (and
 * its loaded modules) with the files before it (`isolate: false` halves the CPU time of 11 API files),
 * but that is off until a whole suite has passed that way on this machine: a file that leaves state
 * behind would make others fail in ways that depend on the order. `VITEST_SHARED_WORKERS=1` turns it on.
 */
const isolated = ['**/*.browser.test.ts', 'apps/server/src/sandbox/**/*.test.ts'];
/** Tests that assert server time: `npm test` runs them alone after each pass (`--project timed`). */
const timed = ['apps/server/src/runs/runs-scale.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: one file per core.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: [...configDefaults.exclude, ...isolated, ...timed], isolate: process.env.VITEST_SHARED_WORKERS !== '1' } },
      { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
      { extends: true, test: { name: 'timed', include: timed, isolate: true } },
    ],
  },
});
