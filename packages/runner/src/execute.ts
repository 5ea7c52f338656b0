import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { loadConfiguration, runCucumber } from '@cucumber/cucumber/api';
import type { Envelope } from '@cucumber/messages';
import { chromiumPathOf, DEFAULT_VIEWPORT, type JobOptions } from './options.ts';
import { AI_RECOVERY_SUPPORT_FILE, BUILTIN_LIBRARY_PATH, SUPPORT_FILE, TIMEOUT_SUPPORT_FILE } from './paths.ts';
import type { StepwiseParameters } from './support/parameters.ts';
import { prepareWorkspace } from './workspace.ts';

/**
 * One run in this process: prepares the workspace, then cucumber-js runs the scenarios (in worker
 * threads of this process when `parallel` >= 2) with our support code, and every message goes to
 * `onEnvelope`. Failures outside cucumber (bad workspace, install, missing browser, a step file that
 * does not load) end the message stream with a failed testRunFinished that says why, so that the
 * messages alone tell the whole story.
 */

function timestamp() {
  const ms = Date.now();
  return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 };
}

export function failedRunFinished(message: string, type = 'Error'): Envelope {
  return { testRunFinished: { success: false, timestamp: timestamp(), message, exception: { type, message } } };
}

async function browserMissing(browser: string, chromiumPath: string): Promise<string | null> {
  if (browser === 'chromium') return fs.existsSync(chromiumPath) ? null : `Browser chromium is not installed on this machine (no ${chromiumPath})`;
  const playwright = await import('playwright-core');
  const type = browser === 'firefox' ? playwright.firefox : browser === 'webkit' ? playwright.webkit : null;
  if (!type) return `Unknown browser ${browser}`;
  let executable = '';
  try {
    executable = type.executablePath();
  } catch {
    /* not in playwright's registry */
  }
  return executable && fs.existsSync(executable) ? null : `Browser ${browser} is not installed on this machine`;
}

/**
 * Source references as the report shows them: workspace files relative to the workspace ("steps/cart.mjs"),
 * a step library by its file name ("utils.mjs"), the runner's own support code as "stepwise/<file>".
 */
function sourceLabeller(workDir: string, libraryFiles: string[]): (uri: string) => string {
  const libraries = new Set(libraryFiles);
  const supportDir = path.dirname(SUPPORT_FILE);
  return (uri) => {
    const abs = path.resolve(workDir, uri);
    if (abs.startsWith(workDir + path.sep)) return path.relative(workDir, abs).split(path.sep).join('/');
    if (libraries.has(abs)) return path.basename(abs);
    if (abs.startsWith(supportDir + path.sep)) return `stepwise/${path.basename(abs)}`;
    return uri;
  };
}

export interface ExecuteResult {
  success: boolean;
  /** Set when the run failed outside its scenarios (workspace, install, browser, support code). */
  error: string | null;
}

export async function executeRun(job: JobOptions, onEnvelope: (envelope: Envelope) => void): Promise<ExecuteResult> {
  let sawStarted = false;
  let sawFinished = false;
  const workDir = path.resolve(job.workDir);
  const libraryFiles = (job.libraryFiles ?? [BUILTIN_LIBRARY_PATH]).map((f) => path.resolve(f));
  const labelUri = sourceLabeller(workDir, libraryFiles);
  // cucumber-js keeps every attachment of the run in memory (its EventDataCollector holds the very
  // envelope objects we get). Once a test case is over and its messages are written, their bodies are
  // dropped there, or a long run would hold all its screenshots twice.
  const bodies = new Map<string, { body: string }[]>();
  const emit = (e: Envelope) => {
    const ref = (e.stepDefinition ?? e.hook ?? e.parameterType)?.sourceReference;
    if (ref?.uri) (ref as { uri?: string }).uri = labelUri(ref.uri);
    if (e.testRunStarted) sawStarted = true;
    if (e.testRunFinished) sawFinished = true;
    onEnvelope(e);
    if (e.attachment?.testCaseStartedId && e.attachment.body.length > 1024) {
      const list = bodies.get(e.attachment.testCaseStartedId);
      if (list) list.push(e.attachment);
      else bodies.set(e.attachment.testCaseStartedId, [e.attachment]);
    } else if (e.testCaseFinished) {
      const id = e.testCaseFinished.testCaseStartedId;
      setImmediate(() => {
        for (const a of bodies.get(id) ?? []) a.body = '';
        bodies.delete(id);
      });
    }
  };
  const fail = (message: string): ExecuteResult => {
    if (!sawStarted) emit({ testRunStarted: { timestamp: timestamp() } });
    if (!sawFinished) emit(failedRunFinished(message));
    return { success: false, error: message };
  };

  if (!fs.existsSync(workDir) || !fs.statSync(workDir).isDirectory()) return fail(`The workspace folder ${workDir} does not exist`);
  const browser = job.browser ?? 'chromium';
  const chromiumPath = chromiumPathOf(job);
  const missing = await browserMissing(browser, chromiumPath);
  if (missing) return fail(missing);
  try {
    await prepareWorkspace(workDir, { npmrc: job.npmrc, depsCacheDir: job.depsCacheDir });
  } catch (error) {
    return fail((error as Error).message);
  }

  const parameters: StepwiseParameters = {
    env: job.env,
    testData: job.testData ?? {},
    storedUsers: job.storedUsers ?? {},
    browser,
    viewport: job.viewport ?? DEFAULT_VIEWPORT,
    headless: job.headless ?? true,
    chromiumPath,
    screenshots: job.screenshots ?? 'each-step',
  };
  const importPaths = [SUPPORT_FILE, ...(job.aiRecovery ? [AI_RECOVERY_SUPPORT_FILE] : []), ...libraryFiles, 'steps/**/*.mjs'];
  if (job.stepTimeoutMs) importPaths.push(TIMEOUT_SUPPORT_FILE);
  const env: Record<string, string | undefined> = { ...process.env };
  if (job.stepTimeoutMs) {
    // Workers get `env`; a serial run loads the support code in this very process.
    env.STEPWISE_STEP_TIMEOUT_MS = String(job.stepTimeoutMs);
    process.env.STEPWISE_STEP_TIMEOUT_MS = env.STEPWISE_STEP_TIMEOUT_MS;
  }
  const parallel = job.parallel && job.parallel >= 2 ? Math.floor(job.parallel) : 0;
  const nowhere = new Writable({ write: (_chunk, _enc, done) => done() });
  const environment = { cwd: workDir, stdout: nowhere, stderr: process.stderr, env };
  try {
    const { runConfiguration } = await loadConfiguration(
      {
        file: false,
        provided: {
          paths: job.paths?.length ? job.paths : ['features/**/*.feature'],
          import: importPaths,
          tags: job.tags ?? '',
          name: job.names ?? [],
          parallel,
          retry: job.retry ?? 0,
          format: ['summary'],
          publish: false,
          strict: true,
          worldParameters: { stepwise: parameters } as never,
        },
      },
      environment,
    );
    const result = await runCucumber(runConfiguration, environment, emit);
    if (!sawFinished) return fail('The run did not start: a feature file could not be parsed');
    return { success: result.success, error: null };
  } catch (error) {
    const e = error as Error;
    return fail(e.message || String(e));
  }
}
