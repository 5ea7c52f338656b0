import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CucumberExpression, ParameterTypeRegistry } from '@cucumber/cucumber-expressions';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BUILTIN_LIBRARY_PATH } from './builtin-library.ts';
import { chromiumPathOf, failedLocatorOf } from '@stepwise/runner';

/**
 * The built-in library driving a real Chromium: its definitions are registered through a stand-in
 * for cucumber's Given/When/Then and run with a World like the runner's (page, env, testData).
 */
// The browser a headless run takes: Debian's headless shell when installed.
const CHROMIUM = chromiumPathOf({});
const PAGES: Record<string, string> = {
  '/': `<title>Shop Home</title><h1>Welcome</h1><a href="/cart">Cart</a>
    <label>Email <input id="email"></label><input placeholder="Search" id="search">
    <label for="country">Country</label><select id="country"><option>Spain</option><option>France</option></select>
    <label><input type="checkbox" id="terms"> Accept terms</label>
    <button onclick="setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p>Paid!</p>'), 300)">Pay</button>
    <div id="secret" style="display:none">hidden</div><input id="keys" onkeydown="this.dataset.key = event.key">`,
  '/cart': '<title>Cart</title><h1>Your cart</h1>',
};

type StepFn = (this: World, ...args: unknown[]) => Promise<unknown>;
interface World {
  page: Page;
  env: { name: string; baseUrl: string };
  testData: Record<string, string>;
  loadStoredUser?: (name: string) => Promise<unknown>;
}

const registry = new ParameterTypeRegistry();
const definitions: Array<{ expression: CucumberExpression; fn: StepFn }> = [];
let browser: Browser | undefined;
let server: http.Server;
let world: World;
let timeoutSet: number | undefined;

async function run(text: string): Promise<void> {
  const found = definitions.map((d) => ({ d, args: d.expression.match(text) })).filter((m) => m.args);
  if (found.length !== 1) throw new Error(`${found.length} definitions match "${text}"`);
  await found[0].d.fn.apply(world, found[0].args!.map((a) => a.getValue(world)));
}

beforeAll(async () => {
  if (!fs.existsSync(CHROMIUM)) return;
  process.env.STEPWISE_FIND_TIMEOUT_MS = '1500';
  const define = (pattern: string, ...rest: unknown[]) => definitions.push({ expression: new CucumberExpression(pattern, registry), fn: rest.pop() as StepFn });
  (globalThis as any).__cucumber = { Given: define, When: define, Then: define, setDefaultTimeout: (ms: number) => (timeoutSet = ms) };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-lib-'));
  const source = fs.readFileSync(BUILTIN_LIBRARY_PATH, 'utf8').replace(/^import \{([^}]+)\} from '@cucumber\/cucumber';$/m, 'const {$1} = globalThis.__cucumber;');
  fs.writeFileSync(path.join(dir, 'utils.mjs'), source);
  await import(pathToFileURL(path.join(dir, 'utils.mjs')).href);
  server = http.createServer((req, res) => res.writeHead(PAGES[req.url ?? ''] ? 200 : 404, { 'content-type': 'text/html' }).end(PAGES[req.url ?? ''] ?? 'Not found'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  world = {
    page,
    env: { name: 'local', baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}` },
    testData: { email: 'ada@example.com' },
    loadStoredUser: async (name) => (name === 'ada' ? { username: 'ada', password: 's3cret', totp: '123456' } : null),
  };
});
afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe.skipIf(!fs.existsSync(CHROMIUM))('the built-in step library in Chromium', () => {
  it('sets the default step timeout to 60 s', () => {
    expect(timeoutSet).toBe(60_000);
  });

  it('opens pages, fills, selects, checks, presses and clicks by visible names', async () => {
    await run('I am on the home page');
    await run('Verify the text "Welcome" can be found in the page');
    await run('the page title should be "Shop Home"');
    await run('the page title should contain "Shop"');
    await run('fill "Email" with "{{email}}"');
    expect(await world.page.inputValue('#email')).toBe('ada@example.com');
    await run('I fill the "Search" field with "shoes"');
    expect(await world.page.inputValue('#search')).toBe('shoes');
    await run('I select "France" from "Country"');
    expect(await world.page.inputValue('#country')).toBe('France');
    await run('I check "Accept terms"');
    expect(await world.page.isChecked('#terms')).toBe(true);
    await run('I uncheck "Accept terms"');
    expect(await world.page.isChecked('#terms')).toBe(false);
    await world.page.focus('#keys');
    await run('I press "Enter"');
    expect(await world.page.getAttribute('#keys', 'data-key')).toBe('Enter');
    await run('I click the "Pay" button');
    await run('I wait for the text "Paid!"');
    await run('the element "h1" should be visible');
    await run('the element "#secret" should not be visible');
    await run('click on "Cart"');
    await run('the URL should contain "/cart"');
    await run('I should see "Your cart"');
    await run('I should not see "Welcome"');
    await run('I open the "/" page');
    await run('I click the "Cart" link');
    await run('I should see "Your cart"');
    await run('I am on the home page');
    await run('click "Cart"');
    await run('the URL should contain "/cart"');
  });

  it('loads a stored user into the test data', async () => {
    await run('I open the "/" page');
    await run('Load user test data for user "ada"');
    expect(world.testData).toMatchObject({ username: 'ada', password: 's3cret', totp: '123456', email: 'ada@example.com' });
    await run('fill "Email" with "{{password}}"');
    expect(await world.page.inputValue('#email')).toBe('s3cret');
  });

  it('fails with a readable message', async () => {
    await run('I open the "/" page');
    await expect(run('Verify the text "Nowhere" can be found in the page')).rejects.toThrow('The text "Nowhere" was not found in the page');
    await expect(run('click on "Missing button"')).rejects.toThrow('Could not find "Missing button" to click on the page');
    await expect(run('fill "x" with "{{unknown}}"')).rejects.toThrow('No test data named "unknown" for this environment');
    await expect(run('Load user test data for user "bob"')).rejects.toThrow('No stored user named "bob" in this project');
    // An element check's failure names the locator as Playwright's own timeout does: AI recovery repairs it from there.
    const missing = await run('the element "#nowhere" should be visible').then(() => null, (e: Error) => e.message);
    expect(missing).toMatch(/^The element "#nowhere" is not visible after \d+ ms\n/);
    expect(failedLocatorOf(missing!)).toBe("locator('#nowhere').first()");
    await expect(run('the element "h1" should not be visible')).rejects.toThrow('The element "h1" is still visible');
    await expect(run('the element "[[broken" should be visible')).rejects.toThrow(/selector|Unexpected/i);
  });
});
