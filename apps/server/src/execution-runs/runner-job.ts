import { RUN_JOB_FILE, type JobOptions } from '@stepwise/runner';

/** The runner's child entry: `node run-job.ts <job.json>` (its real path: type stripping skips node_modules). */
export const RUN_JOB_ENTRY = RUN_JOB_FILE;

/** The runner's options as the job file holds them. */
export type RunJob = JobOptions;

/**
 * The runner's environment: enough to find programs and a home, nothing of the server's own
 * (DATABASE_URL, SECRET_KEY, SMTP_URL stay out of reach of the project's step code).
 */
export function runnerEnv(): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    LANG: process.env.LANG ?? 'C.UTF-8',
    TMPDIR: process.env.TMPDIR ?? '/tmp',
  };
  for (const name of ['TZ', 'CHROMIUM_PATH', 'STEPWISE_FIND_TIMEOUT_MS', 'STEPWISE_NPM', 'PLAYWRIGHT_BROWSERS_PATH', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy']) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env;
}
