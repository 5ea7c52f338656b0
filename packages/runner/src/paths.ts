import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/runner */
export const RUNNER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The built-in step library (read-only 'utils' file of the server's steps area), loaded before a workspace's steps. */
export const BUILTIN_LIBRARY_PATH = path.resolve(RUNNER_DIR, '../../apps/server/src/steps/builtin/utils.mjs');

/** Support code loaded by cucumber in every worker: browser, World, per-step recording. */
export const SUPPORT_FILE = path.join(RUNNER_DIR, 'src/support/world.ts');
/** Loaded after every step file when the run sets a step timeout (so that it wins over library defaults). */
export const TIMEOUT_SUPPORT_FILE = path.join(RUNNER_DIR, 'src/support/step-timeout.ts');

/** The child-process entry of a run. */
export const RUN_JOB_FILE = path.join(RUNNER_DIR, 'src/run-job.ts');

/** Directory of the @cucumber/cucumber package the runner uses (workspace steps must import this very instance). */
export const CUCUMBER_PACKAGE_DIR = path.dirname(createRequire(import.meta.url).resolve('@cucumber/cucumber/package.json'));
