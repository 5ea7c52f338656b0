import { configDefaults, defineConfig } from 'vitest/config';

const include = ['apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'];

/**
 * Test files that run in a fresh process each: they drive Chromium or the run sandbox in-process and
 * set process-wide environment variables for it. Every other file shares its worker process (and its
 * loaded modules) with the files before it: importing the server once per worker instead of once per
 * file halves the CPU time of the suite. A file in the shared project leaves no process-wide state
 * behind (servers closed in afterAll, environment and globals restored).
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
      { extends: true, test: { name: 'shared', include, exclude: [...configDefaults.exclude, ...isolated, ...timed], isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
      { extends: true, test: { name: 'timed', include: timed, isolate: true } },
    ],
  },
});
