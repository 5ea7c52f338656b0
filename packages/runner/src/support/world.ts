// Stepwise runner support code: loaded by cucumber-js in every worker before the step library and the
// workspace's steps. One browser per worker (BeforeAll), a new context and page per scenario (Before),
// and after every step its record (step-recorder.ts): a PNG screenshot, the console messages and network
// requests since the previous step, the page the step ended on and a 'step_complete' command.
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import {
  After,
  AfterAll,
  AfterStep,
  Before,
  BeforeAll,
  BeforeStep,
  World,
  setWorldConstructor,
  type IWorld,
  type IWorldOptions,
  type ITestStepHookParameter,
} from '@cucumber/cucumber';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { totpCode } from './totp.ts';
import { CHANGE_WATCH, Recorder } from './step-recorder.ts';
import type { StepwiseParameters, StoredUser } from './parameters.ts';

// Steps must not end the worker (cucumber would end the whole run): process.exit() in step code
// becomes that step's failure. In a worker thread process.reallyExit ends the thread too; in the main
// thread the run process itself needs it to exit.
function refuseExit(name: string) {
  return (code?: number | string | null): never => {
    throw new Error(`Step code called process.${name}(${code ?? ''}); a step cannot end the test run`);
  };
}
process.exit = refuseExit('exit') as typeof process.exit;
if (!isMainThread) (process as unknown as { reallyExit: unknown }).reallyExit = refuseExit('reallyExit');

/** Our hooks' own timeout: the run's step timeout (cucumber's default timeout) is for steps, not for starting a browser. */
const HOOK_TIMEOUT_MS = 60_000;


let browser: Browser | null = null;
let launchError: Error | null = null;

function paramsOf(parameters: unknown): StepwiseParameters {
  const p = (parameters as { stepwise?: StepwiseParameters } | undefined)?.stepwise;
  if (!p) throw new Error('The Stepwise runner parameters are missing (run scenarios through @stepwise/runner)');
  return p;
}

/** Starts the run's browser. Playwright is imported here, not at the top: cucumber's coordinator loads this file too, and never launches anything. */
export async function launchBrowser(p: StepwiseParameters): Promise<Browser> {
  const { chromium, firefox, webkit } = await import('playwright-core');
  const common = { headless: p.headless, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false };
  if (p.browser !== 'firefox' && p.browser !== 'webkit') {
    if (!fs.existsSync(p.chromiumPath)) throw new Error(`Browser chromium is not installed on this machine (no ${p.chromiumPath})`);
    return chromium.launch({ ...common, executablePath: p.chromiumPath });
  }
  const type = p.browser === 'firefox' ? firefox : webkit;
  let executable = '';
  try {
    executable = type.executablePath();
  } catch {
    /* not in the registry */
  }
  if (!executable || !fs.existsSync(executable)) throw new Error(`Browser ${p.browser} is not installed on this machine`);
  return type.launch(common);
}

BeforeAll({ timeout: HOOK_TIMEOUT_MS }, async function () {
  try {
    browser = await launchBrowser(paramsOf(this.parameters));
  } catch (error) {
    launchError = error as Error;
    throw error;
  }
});

AfterAll({ timeout: HOOK_TIMEOUT_MS }, async function () {
  const b = browser;
  browser = null;
  await b?.close().catch(() => {});
});

/** The World of a scenario: the page, the environment, its test data and stored users. */
export class StepwiseWorld extends World {
  page!: Page;
  context!: BrowserContext;
  env: { name: string; baseUrl: string };
  testData: Record<string, string>;
  private readonly storedUsers: Record<string, StoredUser>;

  constructor(options: IWorldOptions) {
    super(options);
    const p = paramsOf(options.parameters);
    this.env = { ...p.env };
    this.testData = { ...p.testData };
    this.storedUsers = p.storedUsers ?? {};
  }

  /** A stored user of the project: { username, password, totp } (totp: the current code, when it has a key). */
  async loadStoredUser(name: string): Promise<{ username: string; password: string; totp: string | null } | null> {
    return storedUser(this.storedUsers, name);
  }
}

function storedUser(users: Record<string, StoredUser>, name: string) {
  const user = users[name];
  if (!user) return null;
  return { username: user.username, password: user.password, totp: user.totpSecret ? totpCode(user.totpSecret) : null };
}

const RECORDER = Symbol('stepwise.recorder');
type RunnerWorld = IWorld & { page?: Page; context?: BrowserContext; [RECORDER]?: Recorder } & Record<string, unknown>;

setWorldConstructor(StepwiseWorld);

Before({ name: 'Open the browser page', timeout: HOOK_TIMEOUT_MS }, async function (this: RunnerWorld) {
  const p = paramsOf(this.parameters);
  if (!browser) throw launchError ?? new Error('The browser is not running');
  // A browser that crashed (or was closed by a step) is started again for the next scenarios.
  if (!browser.isConnected()) browser = await launchBrowser(p);
  // A workspace may set its own World: it gets the same members.
  if (!(this instanceof StepwiseWorld)) {
    this.env ??= { ...p.env };
    this.testData ??= { ...p.testData };
    this.loadStoredUser ??= async (name: string) => storedUser(p.storedUsers ?? {}, name);
  }
  const context = await browser.newContext({ viewport: p.viewport });
  Object.defineProperty(this, RECORDER, { value: new Recorder(context), configurable: true });
  this.context = context;
  // The change watch only matters from the first navigation on: no need to wait for it before the page.
  const [page] = await Promise.all([context.newPage(), context.addInitScript({ content: CHANGE_WATCH })]);
  this.page = page;
});

BeforeStep({ timeout: HOOK_TIMEOUT_MS }, function (this: RunnerWorld) {
  this[RECORDER]?.markStepStart();
});

AfterStep({ timeout: HOOK_TIMEOUT_MS }, async function (this: RunnerWorld, arg: ITestStepHookParameter) {
  await this[RECORDER]?.recordStep(this, arg, paramsOf(this.parameters));
});

After({ name: 'Close the browser page', timeout: HOOK_TIMEOUT_MS }, async function (this: RunnerWorld) {
  const recorder = this[RECORDER];
  if (!recorder) return;
  await recorder.flushLeftovers(this);
  await recorder.close();
});
