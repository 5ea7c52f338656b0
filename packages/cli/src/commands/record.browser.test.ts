import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { EXECUTION_EVENTS, type ExecutionDto, type LiveStatus } from '@stepwise/shared';
import { RECORDED_STEPS_FILE } from '@stepwise/recorder';
import { startTestServer, type TestServer } from '../../../../apps/server/src/test/test-server.ts';
import { createAccessKey, createProject, signUpUser, type TestUser } from '../../../../apps/server/src/test/factories.ts';
import { expectOk } from '../../../../apps/server/src/test/assertions.ts';
import { stepsSeen } from '../../../../apps/server/src/test/run-diagnosis.ts';
import type { StatusMessage } from '../../../../apps/server/src/executions/execution-hub.ts';
import { listTestCases } from '../../../../apps/server/src/runs/runs.repository.ts';
import { CLI_BIN } from './register-protocol.ts';
import { freePort } from '../../../../apps/server/src/test/free-port.ts';

/**
 * `stepwise record` as a person uses it, on a display of its own (Xvfb): the headed Chromium it opens
 * is driven with the mouse and keyboard through a purchase in the demo shop (reached over the
 * browser's DevTools port, the hidden --remote-debugging-port option), an assertion is added with the
 * in-page toolbar, the browser is closed, and the scenario the command published then passes in a
 * real execution of the server.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const XVFB_RUN = ['/usr/bin/xvfb-run', '/usr/local/bin/xvfb-run'].find((p) => fs.existsSync(p));
const skipReason = !XVFB_RUN ? 'xvfb-run is not installed (apt-get install xvfb)' : !fs.existsSync(CHROMIUM) ? `no Chromium at ${CHROMIUM}` : null;
if (skipReason) console.warn(`stepwise record under Xvfb skipped: ${skipReason}`);

let server: TestServer;
let alice: TestUser;
let project: string;
let key: string;
const events: StatusMessage[] = [];

beforeAll(async () => {
  if (skipReason) return;
  server = await startTestServer({}, { chromiumPath: CHROMIUM });
  server.ctx.executions.hub.onStatus((m) => events.push(m));
  alice = await signUpUser(server.baseUrl);
  project = await createProject(alice, { name: 'Recorded shop', demo: true });
  key = (await createAccessKey(alice, project, 'Local recorder')).token;
});

afterAll(async () => {
  await server?.close();
});

interface Recorder {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number>;
}

function startRecorder(args: string[]): Recorder {
  let output = '';
  // The shell prints its process id and becomes the command (exec): the test can signal it directly.
  const script = 'echo "pid $$"; exec "$0" "$@"';
  const child = spawn(XVFB_RUN!, ['-a', '-s', '-screen 0 1280x900x24', 'sh', '-c', script, process.execPath, CLI_BIN, 'record', ...args], {
    env: { ...process.env, STEPWISE_TOKEN: key, CHROMIUM_PATH: CHROMIUM },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  return { child, output: () => output, exited };
}

async function until<T>(probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await Promise.resolve(probe()).catch(() => null);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A click in the middle of what `locator` finds, with the mouse, as a person does it. */
async function clickOn(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  await locator.waitFor();
  const box = (await locator.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** As a person does: acts once the toolbar shows REC (the recorder in the page hears what is done). */
async function recordingIn(page: Page): Promise<void> {
  await page.locator('x-pw-glass[data-stepwise][data-recording]').waitFor({ state: 'attached' });
}

/** The page reached `url` and records. */
async function arrived(page: Page, url: RegExp): Promise<void> {
  await page.waitForURL(url);
  await recordingIn(page);
}

async function typeInto(page: Page, locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await clickOn(page, locator);
  await page.keyboard.type(text, { delay: 15 });
}

describe.skipIf(!!skipReason)('stepwise record under Xvfb', () => {
  it('records a purchase in the headed browser, publishes it when the browser closes, and the scenario runs green', async () => {
    const port = await freePort();
    const recorder = startRecorder([
      '--project', project, '--env', 'demo', '--feature', 'features/shopping/recorded.feature', '--scenario', 'Buy a steel water bottle',
      '--server', server.baseUrl, '--remote-debugging-port', String(port),
    ]);
    let browser: Browser | undefined;
    try {
      browser = await until(() => chromium.connectOverCDP(`http://127.0.0.1:${port}`), 'the recorder browser', 60_000);
      const page = await until(() => browser!.contexts()[0]?.pages().find((p) => p.url().includes('/demo-shop/')), 'the demo shop page');
      await page.waitForLoadState();
      await recordingIn(page);

      await clickOn(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }));
      await arrived(page, /login/);
      await typeInto(page, page.getByLabel('Username'), 'demo');
      await typeInto(page, page.getByLabel('Password'), 'demo123');
      await clickOn(page, page.getByRole('button', { name: 'Log in' }));
      await arrived(page, /account/);
      await typeInto(page, page.getByRole('searchbox', { name: 'Search products' }), 'bottle');
      await page.keyboard.press('Enter');
      await arrived(page, /search/);
      await clickOn(page, page.getByRole('link', { name: 'Steel Water Bottle' }).first());
      await arrived(page, /product/);
      await clickOn(page, page.getByRole('button', { name: 'Add to cart' }));
      await clickOn(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Cart/ }));
      await arrived(page, /cart/);
      await clickOn(page, page.getByRole('link', { name: 'Proceed to checkout' }));
      await arrived(page, /checkout/);
      await page.getByLabel('Full name').waitFor();

      // The toolbar's last button, Assert URL, at the bottom right of the page.
      const size = await page.evaluate(() => { const w = globalThis as unknown as { innerWidth: number; innerHeight: number }; return { width: w.innerWidth, height: w.innerHeight }; });
      await page.mouse.click(size.width - 50, size.height - 30);
      await until(() => recorder.output().includes('Then the URL should contain "/checkout"'), 'the URL assertion').catch((e: Error) => {
        throw new Error(`${e.message}\n${recorder.output()}`);
      });

      await typeInto(page, page.getByLabel('Full name'), 'Ada Lovelace');
      await typeInto(page, page.getByLabel('Email'), 'ada@example.com');
      await typeInto(page, page.getByLabel('Address'), '12 Analytical Street');
      await typeInto(page, page.getByLabel('City'), 'London');
      await page.getByLabel('Country').selectOption('United Kingdom');
      await clickOn(page, page.getByLabel('I accept the terms and conditions'));
      await clickOn(page, page.getByRole('button', { name: 'Place order' }));
      await arrived(page, /confirmation/);
      await page.getByText('Thank you for your order').waitFor();
      await until(() => recorder.output().includes('Place order'), 'the last step printed');

      // The user closes the browser.
      const cdp = await browser.newBrowserCDPSession();
      await cdp.send('Browser.close').catch(() => {});
    } finally {
      await browser?.close().catch(() => {});
    }

    const code = await Promise.race([recorder.exited, new Promise<number>((r) => setTimeout(() => r(-1), 60_000))]);
    if (code === -1) recorder.child.kill('SIGKILL');
    const out = recorder.output();
    expect(code, out).toBe(0);
    expect(out).toContain('The browser was closed: recording ended.');
    expect(out, out).toMatch(/\+ Given I am on the home page/);
    // A field typed into is said once it has been still for a moment: on a loaded machine a pause between
    // two keys says it early (`+` with part of the text), then again as it changed (`~`).
    expect(out, out).toMatch(/[+~] When I fill .*"Full name".* "Ada Lovelace"/);
    expect(out, out).toMatch(/[+~] When I fill .*"Password".* "\{\{password\}\}"/);
    expect(out).not.toContain('demo123');
    expect(out).toMatch(/Publishing "Buy a steel water bottle" \(\d+ steps, 1 secret as test data\)/);
    const saved = /in features\/(\S+\.feature) on main \(commit ([0-9a-f]{8})\)/.exec(out);
    expect(saved, out).not.toBeNull();
    expect(saved![1]).toBe('shopping/recorded.feature');

    const repo = server.ctx.workspaces.repo(project);
    const head = (await repo.branchHead('main'))!;
    expect(head.startsWith(saved![2])).toBe(true);
    const feature = (await repo.readFile(head, `features/${saved![1]}`))!;
    expect(feature).toContain('Scenario: Buy a steel water bottle');
    expect(feature).toContain('Then the URL should contain "/checkout"');
    // The shop goes to the account page by itself once its login call answers: the scenario waits for it.
    expect(feature, feature).toMatch(/(When|And) I click the "Log in" button\s+Then the URL should contain "\/account"\s+When I fill/);
    // The password typed is test data of the environment, not text of the scenario.
    expect(feature).toContain('{{password}}');
    expect(feature).not.toContain('demo123');
    const stepsFile = await repo.readFile(head, RECORDED_STEPS_FILE);
    if (stepsFile) expect(stepsFile).toContain('// source: recorder');

    const created = await alice.api.post('executions/new', {
      projectId: project,
      execution: {
        name: 'Recorded run',
        env: 'demo',
        branch: 'main',
        flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'G', threadCount: 1, tags: [], scenarios: [{ featureIndex: 0, scenarioIndex: 0, command: '', featurePath: saved![1], scenarioName: 'Buy a steel water bottle' }] }] }],
      },
    });
    expectOk(created);
    const live = await server.ctx.executions.runner.start({ execution: created.body.execution as ExecutionDto, trigger: 'manual', userId: alice.userId, headless: true });
    const final = await until(
      () => events.find((e) => e.event === EXECUTION_EVENTS.stop && (e.payload as LiveStatus).executionInstanceId === live.executionInstanceId)?.payload as LiveStatus | undefined,
      'the execution',
      150_000,
    );
    const cases = await listTestCases(server.ctx.db, final.reportLink.split('/').pop()!);
    const outcome = cases.map((c) => [c.scenario_name, c.status, c.error_message]);
    const seen = cases.some((c) => c.status !== 'PASSED') ? await stepsSeen(alice.api, cases[0].id) : '';
    expect(outcome, `${feature}\n${JSON.stringify(outcome)}\n${seen}`).toEqual([['Buy a steel water bottle', 'PASSED', null]]);
  }, 300_000);

  it('stops on Ctrl+C and, with --no-publish, prints the Gherkin (default name, no question without a terminal) and saves nothing', async () => {
    const port = await freePort();
    const headBefore = await server.ctx.workspaces.repo(project).branchHead('main');
    const recorder = startRecorder(['--project', project, '--env', 'demo', '--url', 'product?id=ceramic-mug', '--no-publish', '--server', server.baseUrl, '--remote-debugging-port', String(port)]);
    let browser: Browser | undefined;
    try {
      browser = await until(() => chromium.connectOverCDP(`http://127.0.0.1:${port}`), 'the recorder browser', 60_000);
      const page = await until(() => browser!.contexts()[0]?.pages().find((p) => p.url().includes('/demo-shop/product')), 'the product page');
      // As a person does, and as the first test does: the toolbar shows REC (on a very busy machine, a click
      // made as soon as the page had loaded was once not recorded).
      await recordingIn(page);
      await clickOn(page, page.getByRole('button', { name: 'Add to cart' }));
      await until(() => recorder.output().includes('Add to cart'), 'the click printed');
    } finally {
      await browser?.close().catch(() => {});
    }
    const pid = Number(/^pid (\d+)$/m.exec(recorder.output())![1]);
    process.kill(pid, 'SIGINT');
    const code = await Promise.race([recorder.exited, new Promise<number>((r) => setTimeout(() => r(-1), 30_000))]);
    if (code === -1) recorder.child.kill('SIGKILL');
    const out = recorder.output();
    expect(code, out).toBe(0);
    expect(out).toContain('Recording stopped.');
    expect(out).toMatch(/Feature: Recorded scenarios\n\n {2}Scenario: Recorded scenario \d{4}-\d\d-\d\d \d\d:\d\d\n {4}Given I open the "\/product\?id=ceramic-mug" page\n {4}When I click the "Add to cart" button\n/);
    expect(out).not.toContain('Publishing');
    expect(await server.ctx.workspaces.repo(project).branchHead('main')).toBe(headBefore);
  }, 120_000);
});
