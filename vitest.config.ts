import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const include = ['apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'];

/**
 * Test files that drive Chromium or the run sandbox in-process and set process-wide environment
 * variables for it: always in a fresh process. The other files share their worker process (and its
 * loaded modules) with the files before it (`isolate: false`): the whole PGlite pass went from 1,528 s
 * to 632 s and the PostgreSQL pass from 482 s to 190 s (docs/PERFORMANCE.md, "Test suite"), every test
 * passing both ways. `VITEST_ISOLATE=1` gives every file a fresh process again, to tell a failure that
 * depends on the files before it from one that does not.
 */
// And the tests that measure their own process's heap: in a shared process other files' modules and garbage are in it too.
const isolated = ['**/*.browser.test.ts', 'apps/server/src/sandbox/**/*.test.ts', 'apps/server/src/runs/export/export-memory.test.ts'];
/** Tests that assert server time: `npm test` runs them alone, one after the other, after each pass (`--project timed`). */
const timed = ['apps/server/src/runs/runs-scale.test.ts', 'apps/server/src/runs/history/history-scale.test.ts'];

export default defineConfig({
  test: {
    // Room for a machine several times slower under load (CI's have run 2.6x slower than ours, beside
    // the browser tests): a test that hangs still fails, a minute later.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Three files at a time on two cores: the tests wait on browsers, processes and sockets about a fifth
    // of the time. The PGlite pass alone: 440 s with two (CPU idle 21%), 349 s with three (7%), 348 s
    // with four (2%). `npm test` runs the PostgreSQL pass with two, beside the browser tests.
    maxWorkers: 3,
    // scrypt at N = 1024 rather than 16384 for the users the tests sign up (passwords.ts; only under NODE_ENV=test).
    // And one compile cache of the run processes for every test server (compile-cache.ts), made once.
    env: { STEPWISE_TEST_SCRYPT_N: '1024', RUN_COMPILE_CACHE_DIR: fileURLToPath(new URL('./node_modules/.cache/run-compile-cache', import.meta.url)) },
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: [...configDefaults.exclude, ...isolated, ...timed], isolate: process.env.VITEST_ISOLATE === '1' } },
      { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
      { extends: true, test: { name: 'timed', include: timed, isolate: true } },
    ],
  },
});
