import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/runner */
export const RUNNER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `.ts` in the source, `.js` in the command line's package (scripts/pack-cli.mjs compiles it). */
const EXT = path.extname(fileURLToPath(import.meta.url));

/**
 * The built-in step library (read-only 'utils' file of the server's steps area), loaded before a
 * workspace's steps; the command line's package carries a copy in the runner's `builtin` folder.
 */
const PACKED_LIBRARY_PATH = path.join(RUNNER_DIR, 'builtin/utils.mjs');
export const BUILTIN_LIBRARY_PATH = fs.existsSync(PACKED_LIBRARY_PATH) ? PACKED_LIBRARY_PATH : path.resolve(RUNNER_DIR, '../../apps/server/src/steps/builtin/utils.mjs');

/** Support code loaded by cucumber in every worker: browser, World, per-step recording. */
export const SUPPORT_FILE = path.join(RUNNER_DIR, `src/support/world${EXT}`);
/** AI recovery of steps failing on a locator (loaded when the run has it on). */
export const AI_RECOVERY_SUPPORT_FILE = path.join(RUNNER_DIR, `src/support/ai-recovery${EXT}`);
/** Loaded after every step file when the run sets a step timeout (so that it wins over library defaults). */
export const TIMEOUT_SUPPORT_FILE = path.join(RUNNER_DIR, `src/support/step-timeout${EXT}`);

/** The child-process entry of a run. */
export const RUN_JOB_FILE = path.join(RUNNER_DIR, `src/run-job${EXT}`);
/** Loads what a run process loads and exits: fills Node's compile cache for the run processes. */
export const COMPILE_WARMUP_FILE = path.join(RUNNER_DIR, `src/compile-warmup${EXT}`);

/** Directory of the @cucumber/cucumber package the runner uses (workspace steps must import this very instance). */
export const CUCUMBER_PACKAGE_DIR = path.dirname(createRequire(import.meta.url).resolve('@cucumber/cucumber/package.json'));

/**
 * What a run process reads of this installation, and nothing else: the runner, the shared package,
 * the step library's folder and the node_modules folders its packages come from (a sandbox binds
 * exactly these, read-only).
 */
export function runnerCodePaths(): string[] {
  const require = createRequire(import.meta.url);
  const moduleRoot = (pkg: string) => {
    const dir = fs.realpathSync(path.dirname(require.resolve(`${pkg}/package.json`)));
    const at = dir.lastIndexOf(`${path.sep}node_modules${path.sep}`);
    return at >= 0 ? dir.slice(0, at + '/node_modules'.length) : dir;
  };
  const paths = new Set([
    fs.realpathSync(RUNNER_DIR),
    packageDir(fs.realpathSync(require.resolve('@stepwise/shared'))),
    path.dirname(BUILTIN_LIBRARY_PATH),
    moduleRoot('@cucumber/cucumber'),
    moduleRoot('playwright-core'),
  ]);
  return [...paths];
}

function packageDir(file: string): string {
  let dir = path.dirname(file);
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
