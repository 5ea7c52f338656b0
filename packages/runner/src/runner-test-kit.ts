import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { RunReport, TestCaseResult } from '@stepwise/shared';
import type { RunOptions } from './index.ts';

// Shared by the runner tests (runner-*.test.ts). Real runs: a child run process, cucumber-js, Chromium
// (CHROMIUM_PATH or /usr/bin/chromium) against pages the test file serves on 127.0.0.1.

export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const TOTP_KEY = 'JBSWY3DPEHPK3PXP';

export const HOME = `<!doctype html><html><head><title>Shop</title></head><body>
<h1>Welcome</h1><p>Total: <span id="total">41</span></p>
<button onclick="console.error('payment widget failed'); fetch('/api/missing'); document.body.insertAdjacentHTML('beforeend', '<p>Paid</p>')">Pay</button>
</body></html>`;

let server: http.Server;
/** The page server's address, set once its beforeAll ran. */
export let baseUrl = '';
/** Folders and files removed after the test file. */
export const tmpDirs: string[] = [];
const findTimeout = process.env.STEPWISE_FIND_TIMEOUT_MS;

/** Serves HOME on 127.0.0.1 for the test file, and cleans up after it: call once at the top of a test file. */
export function usePageServer(): void {
  beforeAll(async () => {
    // The built-in steps wait this long for an element (the run process inherits the variable).
    process.env.STEPWISE_FIND_TIMEOUT_MS = '1000';
    server = http.createServer((req, res) => {
      if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(HOME) });
        res.end(HOME);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    if (findTimeout === undefined) delete process.env.STEPWISE_FIND_TIMEOUT_MS;
    else process.env.STEPWISE_FIND_TIMEOUT_MS = findTimeout;
    server?.close();
    for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  });
}

/** A workspace folder with the given files (paths relative to it). */
export function workspace(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-runner-test-'));
  tmpDirs.push(dir);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

export const STEPS = `import assert from 'node:assert/strict';
import { Before, Given, When, Then } from '@cucumber/cucumber';

Then('the total should be {int}', async function (expected) {
  assert.equal(Number(await this.page.locator('#total').textContent()), expected);
});
When('I do the ambiguous thing', function () {});
When(/^I do the ambiguous (thing|stuff)$/, function () {});
Then('the stored code is six digits', function () {
  assert.match(this.testData.totp, /^\\d{6}$/);
  assert.equal(this.testData.username, 'alice@example.com');
});
When('I exit the worker', function () {
  process.exit(1);
});
When('I kill the run process', function () {
  process.kill(process.pid, 'SIGKILL');
});
When('I wait {int} ms', async function (ms) {
  await new Promise((r) => setTimeout(r, ms));
});
Before({ tags: '@broken-hook' }, function () {
  throw new Error('the hook broke');
});
`;

export const FEATURES = {
  'features/pay.feature': `Feature: Payment
  @smoke
  Scenario: Paying shows a confirmation
    Given I open the "/" page
    Then I should see "{{greeting}}"
    When click "Pay"
    Then I should see "Paid"
`,
  'features/failures.feature': `Feature: Failures
  Scenario: Wrong total
    Given I open the "/" page
    Then the total should be 42
    And I should see "Welcome"

  Scenario: Missing button
    Given I open the "/" page
    When click "Refund"
    Then I should see "Refunded"

  Scenario: Undefined step
    Given I open the "/" page
    When I teleport to the moon
    Then I should see "Moon"
    And I should see "Welcome"

  Scenario: Ambiguous step
    Given I open the "/" page
    When I do the ambiguous thing
    Then I should see "Welcome"

  @broken-hook
  Scenario: Broken hook
    Given I open the "/" page
`,
  'features/outline.feature': `Feature: Outline
  Scenario Outline: Seeing <text>
    Given I open the "/" page
    Then I should see "<text>"

    Examples:
      | text    | note  |
      | Welcome | first |
      | Pay     | other |

  Scenario: Stored user
    Given Load user test data for user "alice"
    Then the stored code is six digits
`,
};

export function baseOptions(workDir: string, extra: Partial<RunOptions> = {}): RunOptions {
  return {
    workDir,
    env: { name: 'test', baseUrl },
    testData: { greeting: 'Welcome' },
    storedUsers: { alice: { username: 'alice@example.com', password: 'pw', totpSecret: TOTP_KEY } },
    runName: 'runner test',
    mode: 'local',
    ...extra,
  };
}

export const byName = (report: RunReport, name: string): TestCaseResult => {
  const tc = report.testCases.find((t) => t.scenarioName === name);
  if (!tc) throw new Error(`no test case "${name}" in ${report.testCases.map((t) => t.scenarioName).join(', ')}`);
  return tc;
};
export const statuses = (tc: TestCaseResult) => tc.steps.map((s) => s.result.status);
