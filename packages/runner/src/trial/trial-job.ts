// A trial session: `node trial-job.ts` with an IPC channel, run in the run sandbox. It loads the step
// library and the workspace's step files (their `@cucumber/cucumber` is a collecting shim), opens one
// Chromium page at the environment, and runs single steps on command: an existing step by its text,
// or candidate code for a new one. What AI step generation grounds itself in, and tries its code on,
// before anything is offered. Protocol: see trial-protocol.ts.
import { register } from 'node:module';
import { CucumberExpression, ParameterTypeRegistry, RegularExpression } from '@cucumber/cucumber-expressions';
import type { Browser, Page } from 'playwright-core';
import type { TrialOptions, TrialReply, TrialRequest, TrialSnapshot } from './trial-protocol.ts';

register('./cucumber-shim-hooks.mjs', import.meta.url);
const exit = process.exit.bind(process);
const registry = new ParameterTypeRegistry();
const ARIA_TIMEOUT_MS = 3000;
/** How long a snapshot waits for the page to settle (each wait ends as soon as the page is quiet). */
const SETTLE_TIMEOUT_MS = 5000;
/** How long a step's navigation has to show its request before a snapshot is taken. */
const NAVIGATION_GRACE_MS = 100;
const EXPLORE_PAGES = 10;
const EXPLORE_TIMEOUT_MS = 10_000;

interface Definition {
  pattern: string | RegExp;
  code: (...args: unknown[]) => unknown;
  timeout: number | null;
}
interface Loaded {
  expression: CucumberExpression | RegularExpression;
  definition: Definition;
}

let browser: Browser | null = null;
let page: Page | null = null;
let options: TrialOptions | null = null;
let world: Record<string, unknown> = {};
const steps: Loaded[] = [];

function send(reply: TrialReply | { type: 'ready' }): void {
  if (process.send && process.connected) process.send(reply);
}

function compile(pattern: string | RegExp): CucumberExpression | RegularExpression {
  return typeof pattern === 'string' ? new CucumberExpression(pattern, registry) : new RegularExpression(pattern, registry);
}

async function open(opts: TrialOptions): Promise<{ blank: TrialSnapshot; known: TrialSnapshot[] }> {
  options = opts;
  // The very module the hook gives step files for `@cucumber/cucumber`.
  const shim = (await import(new URL('./cucumber-shim.mjs', import.meta.url).href)) as { definitions: Definition[] };
  for (const file of [...opts.libraryFiles, ...opts.stepFiles]) {
    const before = shim.definitions.length;
    try {
      await import(file);
    } catch (error) {
      // A step file that does not load leaves its definitions out; the others still count.
      process.stderr.write(`trial: ${file} did not load: ${(error as Error).message}\n`);
      shim.definitions.splice(before);
    }
  }
  for (const definition of shim.definitions) {
    try {
      steps.push({ expression: compile(definition.pattern), definition });
    } catch {
      // An expression cucumber would refuse: not a step.
    }
  }
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: opts.chromiumPath, headless: true, args: ['--disable-gpu', '--disable-dev-shm-usage'] });
  const context = await browser.newContext({ viewport: opts.viewport, baseURL: opts.baseUrl });
  page = await context.newPage();
  watchNavigations(page);
  world = { page, context, browser, env: { name: opts.envName, baseUrl: opts.baseUrl }, testData: { ...opts.testData }, parameters: {} };
  world.loadStoredUser = async () => null;
  // The environment's home page and the pages it links to ground steps that go somewhere ("open the
  // shop", "go to the login page"); then, like a scenario of a run, the walk starts on a blank page.
  const known: TrialSnapshot[] = [];
  if (opts.baseUrl) {
    const opened = await page.goto(opts.baseUrl, { timeout: opts.stepTimeoutMs }).then(() => true, () => false);
    if (opened) known.push(...(await explore(page, opts.baseUrl)));
    await page.goto('about:blank').catch(() => {});
  }
  return { blank: await snapshot(), known };
}

/** The page open now (the home page) and one page per path it links to under the base URL, at most EXPLORE_PAGES. */
async function explore(current: Page, baseUrl: string): Promise<TrialSnapshot[]> {
  const pages = [await snapshot()];
  const seen = new Set([new URL(current.url()).pathname]);
  const readLinks = () => current.$$eval('a[href]', (links) => links.map((a) => (a as unknown as { href: string }).href));
  // Read again once if the document changed under the read (its context destroyed by a navigation).
  const hrefs = await readLinks().catch(async () => {
    await current.waitForLoadState('load', { timeout: SETTLE_TIMEOUT_MS }).catch(() => {});
    return readLinks().catch(() => [] as string[]);
  });
  const targets: string[] = [];
  for (const href of hrefs) {
    const url = URL.canParse(href) ? new URL(href) : null;
    if (!url || !href.startsWith(baseUrl.replace(/[^/]*$/, '')) || seen.has(url.pathname)) continue;
    seen.add(url.pathname);
    targets.push(url.href);
  }
  for (const href of targets.slice(0, EXPLORE_PAGES)) {
    if (await current.goto(href, { timeout: EXPLORE_TIMEOUT_MS }).then(() => true, () => false)) pages.push(await snapshot());
  }
  return pages;
}

/** Main-frame navigations asked for and not yet committed (a step's Enter or click that leaves the page). */
const pendingNavigations = new Set<unknown>();
function watchNavigations(p: Page): void {
  p.on('request', (r) => r.isNavigationRequest() && r.frame() === p.mainFrame() && pendingNavigations.add(r));
  p.on('requestfailed', (r) => pendingNavigations.delete(r));
  p.on('framenavigated', (f) => f === p.mainFrame() && pendingNavigations.clear());
}

async function snapshot(): Promise<TrialSnapshot> {
  if (!page) throw new Error('The trial session is not open');
  // A step that started a navigation may end before the browser asked for the new document: a moment
  // for its request to show, then the new document committed, so the waits below are about it and
  // not about the page being left.
  await new Promise((r) => setTimeout(r, NAVIGATION_GRACE_MS));
  if (pendingNavigations.size > 0) {
    await page.waitForEvent('framenavigated', { predicate: (f) => f === page?.mainFrame(), timeout: SETTLE_TIMEOUT_MS }).catch(() => {});
  }
  await page.waitForLoadState('domcontentloaded', { timeout: ARIA_TIMEOUT_MS }).catch(() => {});
  // What the page's own scripts fetch and render after it loads is part of what the next step sees:
  // the network goes quiet, and nothing says it is still busy.
  await page.waitForLoadState('load', { timeout: SETTLE_TIMEOUT_MS }).catch(() => {});
  await page.waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT_MS }).catch(() => {});
  await page.waitForFunction('!document.querySelector(\'[aria-busy="true"]\')', null, { timeout: SETTLE_TIMEOUT_MS }).catch(() => {});
  const aria = await page.locator('body').ariaSnapshot({ timeout: ARIA_TIMEOUT_MS }).catch(() => '');
  return { url: page.url(), title: await page.title().catch(() => ''), aria };
}

/** Runs `fn` with the step's arguments in the world, within the timeout. */
async function call(fn: (...args: unknown[]) => unknown, args: unknown[], timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(() => fn.apply(world, args)),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`The step did not finish within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The definitions whose expression matches `text`, with their arguments. */
function matching(text: string): Array<{ loaded: Loaded; args: unknown[] }> {
  const out: Array<{ loaded: Loaded; args: unknown[] }> = [];
  for (const loaded of steps) {
    const args = loaded.expression.match(text);
    if (args) out.push({ loaded, args: args.map((a) => a.getValue(world)) });
  }
  return out;
}

async function runStep(text: string): Promise<{ matched: boolean; snapshot: TrialSnapshot }> {
  const found = matching(text);
  if (found.length === 0) return { matched: false, snapshot: await snapshot() };
  if (found.length > 1) throw new Error(`The step "${text}" matches ${found.length} step definitions`);
  const { loaded, args } = found[0];
  await call(loaded.definition.code, args, loaded.definition.timeout ?? options!.stepTimeoutMs);
  return { matched: true, snapshot: await snapshot() };
}

async function tryCode(text: string, expression: string, params: string[], body: string): Promise<TrialSnapshot> {
  const compiled = new CucumberExpression(expression, registry);
  const args = compiled.match(text);
  if (!args) throw new Error(`The expression "${expression}" does not match "${text}"`);
  if (args.length !== params.length) throw new Error(`The expression has ${args.length} parameters, the function ${params.length}`);
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...a: string[]) => (...args: unknown[]) => Promise<unknown>;
  const fn = new AsyncFunction(...params, body);
  await call(fn, args.map((a) => a.getValue(world)), options!.stepTimeoutMs);
  // Later steps of the same text run the new code too.
  steps.push({ expression: compiled, definition: { pattern: expression, code: fn, timeout: null } });
  return snapshot();
}

async function handle(request: TrialRequest): Promise<unknown> {
  switch (request.type) {
    case 'open':
      return open(request.options);
    case 'step':
      return runStep(request.text);
    case 'code':
      return tryCode(request.text, request.expression, request.params, request.body);
    case 'snapshot':
      return snapshot();
    case 'close':
      await browser?.close().catch(() => {});
      setImmediate(() => exit(0));
      return null;
  }
}

process.on('message', (request: TrialRequest) => {
  handle(request).then(
    (result) => send({ id: request.id, ok: true, result }),
    (error: Error) => send({ id: request.id, ok: false, error: (error?.message ?? String(error)).slice(0, 4000) }),
  );
});
process.on('disconnect', () => {
  void browser?.close().catch(() => {});
  setTimeout(() => exit(0), 1000).unref();
});
send({ type: 'ready' });
