import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPES, RunReport, type TestCaseResult } from '@stepwise/shared';
import { messagesToReport, readNdjson, runScenarios, RUN_JOB_FILE, type Envelope, type JobMessage, type RunOptions } from './index.ts';
import { MEDIA } from './support/media-types.ts';

// Real runs: a child run process, cucumber-js, Chromium (CHROMIUM_PATH or /usr/bin/chromium) against
// pages this file serves on 127.0.0.1.

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TOTP_KEY = 'JBSWY3DPEHPK3PXP';

const HOME = `<!doctype html><html><head><title>Shop</title></head><body>
<h1>Welcome</h1><p>Total: <span id="total">41</span></p>
<button onclick="console.error('payment widget failed'); fetch('/api/missing'); document.body.insertAdjacentHTML('beforeend', '<p>Paid</p>')">Pay</button>
</body></html>`;

let server: http.Server;
let baseUrl = '';
const tmpDirs: string[] = [];
const findTimeout = process.env.STEPWISE_FIND_TIMEOUT_MS;

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

/** A workspace folder with the given files (paths relative to it). */
function workspace(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-runner-test-'));
  tmpDirs.push(dir);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const STEPS = `import assert from 'node:assert/strict';
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

const FEATURES = {
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

function baseOptions(workDir: string, extra: Partial<RunOptions> = {}): RunOptions {
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

const byName = (report: RunReport, name: string): TestCaseResult => {
  const tc = report.testCases.find((t) => t.scenarioName === name);
  if (!tc) throw new Error(`no test case "${name}" in ${report.testCases.map((t) => t.scenarioName).join(', ')}`);
  return tc;
};
const statuses = (tc: TestCaseResult) => tc.steps.map((s) => s.result.status);

describe('runScenarios', () => {
  let mainDir = '';
  let main: Awaited<ReturnType<typeof runScenarios>>;
  let messagesFile = '';
  const live: Envelope[] = [];

  beforeAll(async () => {
    mainDir = workspace({ ...FEATURES, 'steps/custom.mjs': STEPS });
    messagesFile = path.join(mainDir, '..', `${path.basename(mainDir)}.ndjson`);
    tmpDirs.push(messagesFile);
    main = await runScenarios(baseOptions(mainDir, { messagesFile, onMessage: (e) => live.push(e) }));
  }, 120_000);

  it('reports a run that conforms to the report schema', () => {
    expect(() => RunReport.parse(main.report)).not.toThrow();
    expect(main.success).toBe(false);
    expect(main.report.name).toBe('runner test');
    expect(main.report.meta).toEqual({ implementation: 'cucumber-js', version: expect.any(String) });
    expect(main.report.testCases).toHaveLength(9);
    expect(main.report.errors).toEqual([]);
    expect(live.some((e) => e.testRunFinished)).toBe(true);
  });

  it('passes a scenario written with the built-in steps and test data', () => {
    const tc = byName(main.report, 'Paying shows a confirmation');
    expect(tc.result.status).toBe('PASSED');
    expect(tc.failedStep).toBeNull();
    expect(tc.featurePath).toBe('features/pay.feature');
    expect(tc.featureName).toBe('Payment');
    expect(tc.tags).toEqual(['@smoke']);
    expect(tc.line).toBe(3);
    expect(tc.browser).toBe('chromium');
    expect(tc.viewport).toBe('1024x768');
    expect(tc.steps.map((s) => [s.keyword, s.type, s.text, s.line])).toEqual([
      ['Given', 'Context', 'I open the "/" page', 4],
      ['Then', 'Outcome', 'I should see "{{greeting}}"', 5],
      ['When', 'Action', 'click "Pay"', 6],
      ['Then', 'Outcome', 'I should see "Paid"', 7],
    ]);
    expect(tc.steps[0].match).toMatch(/^utils\.mjs:\d+$/);
    for (const step of tc.steps) {
      expect(step.result.startTime).toBeTruthy();
      expect(step.result.duration).toBeGreaterThan(0);
      expect(step.commands.map((c) => c.type)).toEqual(['step_complete']);
      expect(step.commands[0].screenshotId).toBe(step.screenshotId);
      expect(step.page?.url).toBe(`${baseUrl}/`);
      expect(step.page?.title).toBe('Shop');
    }
    expect(tc.steps[0].page?.ariaSnapshot).toContain('heading "Welcome"');
  });

  it('keeps a PNG screenshot of every step; a step that changed nothing shares the previous one', () => {
    const tc = byName(main.report, 'Paying shows a confirmation');
    expect(tc.steps[1].screenshotId).toBe(tc.steps[0].screenshotId);
    expect(tc.steps[2].screenshotId).not.toBe(tc.steps[1].screenshotId);
    for (const step of tc.steps) {
      const shot = main.attachments.get(step.screenshotId!);
      expect(shot?.mediaType).toBe(ATTACHMENT_TYPES.screenshot);
      expect(shot!.body.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
      expect(shot!.body.length).toBeGreaterThan(1000);
    }
  });

  it('records console messages and network requests of the step that caused them', () => {
    const tc = byName(main.report, 'Paying shows a confirmation');
    const open = tc.steps[0];
    expect(open.networkData).toContainEqual(expect.objectContaining({ requestUrl: `${baseUrl}/`, method: 'GET', status: 200, type: 'document' }));
    expect(open.networkData[0].size).toBe(Buffer.byteLength(HOME));
    expect(open.networkData[0].responseTime).toBeGreaterThanOrEqual(0);
    // The click's console.error and 404 fetch land on the click step or the next one (the fetch is async).
    const later = tc.steps.slice(2);
    const logs = later.flatMap((s) => s.webLog);
    expect(logs).toContainEqual(expect.objectContaining({ type: 'error', text: 'payment widget failed' }));
    expect(logs.every((l) => !Number.isNaN(Date.parse(l.time)))).toBe(true);
    const requests = later.flatMap((s) => s.networkData);
    expect(requests).toContainEqual(expect.objectContaining({ requestUrl: `${baseUrl}/api/missing`, status: 404, type: 'fetch' }));
    // No content-length (chunked): the size is what came over the wire.
    expect(requests.find((r) => r.requestUrl.endsWith('/api/missing'))!.size).toBeGreaterThanOrEqual('not found'.length);
  });

  it('fails a scenario on a failed assertion and skips the rest', () => {
    const tc = byName(main.report, 'Wrong total');
    expect(tc.result.status).toBe('FAILED');
    expect(statuses(tc)).toEqual(['PASSED', 'FAILED', 'SKIPPED']);
    expect(tc.failedStep).toBe(1);
    expect(tc.steps[1].result.message).toMatch(/41.*42|Expected values to be strictly equal/s);
    expect(tc.steps[1].result.errorStack).toContain('custom.mjs');
    expect(tc.steps[1].match).toMatch(/^steps\/custom\.mjs:\d+$/);
    expect(tc.steps[1].screenshotId).toBeTruthy();
    expect(tc.result.message).toBe(tc.steps[1].result.message);
  });

  it('fails a scenario whose element is missing, after the find timeout', () => {
    const tc = byName(main.report, 'Missing button');
    expect(statuses(tc)).toEqual(['PASSED', 'FAILED', 'SKIPPED']);
    expect(tc.steps[1].result.message).toBe('Could not find "Refund" to click on the page');
    expect(tc.steps[1].result.duration).toBeGreaterThanOrEqual(900);
    expect(main.attachments.get(tc.steps[1].screenshotId!)?.body.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  });

  it('marks an undefined step, and skips the steps after it', () => {
    const tc = byName(main.report, 'Undefined step');
    expect(tc.result.status).toBe('UNDEFINED');
    expect(statuses(tc)).toEqual(['PASSED', 'UNDEFINED', 'SKIPPED', 'SKIPPED']);
    expect(tc.failedStep).toBe(1);
    expect(tc.steps[1].result.message).toBe('Undefined step: "I teleport to the moon"');
    expect(tc.steps[1].match).toBeNull();
  });

  it('marks an ambiguous step, naming both definitions', () => {
    const tc = byName(main.report, 'Ambiguous step');
    expect(tc.result.status).toBe('AMBIGUOUS');
    expect(statuses(tc)).toEqual(['PASSED', 'AMBIGUOUS', 'SKIPPED']);
    expect(tc.steps[1].match).toMatch(/^steps\/custom\.mjs:\d+, steps\/custom\.mjs:\d+$/);
    expect(tc.steps[1].result.message).toContain('matches several step definitions');
  });

  it('includes a hook only when it failed', () => {
    const tc = byName(main.report, 'Broken hook');
    expect(tc.result.status).toBe('FAILED');
    expect(tc.steps.map((s) => [s.type, s.result.status])).toEqual([
      ['Before', 'FAILED'],
      ['Context', 'SKIPPED'],
    ]);
    expect(tc.steps[0].result.message).toBe('the hook broke');
    expect(tc.failedStep).toBe(0);
    const passing = byName(main.report, 'Paying shows a confirmation');
    expect(passing.steps.some((s) => s.type === 'Before' || s.type === 'After')).toBe(false);
  });

  it('gives each outline example its own test case with its values as parameters', () => {
    const welcome = byName(main.report, 'Seeing Welcome');
    const pay = byName(main.report, 'Seeing Pay');
    expect(welcome.parameters).toEqual({ text: 'Welcome', note: 'first' });
    expect(pay.parameters).toEqual({ text: 'Pay', note: 'other' });
    expect(welcome.line).toBe(8);
    expect(pay.line).toBe(9);
    expect(welcome.result.status).toBe('PASSED');
    expect(pay.steps[1].text).toBe('I should see "Pay"');
  });

  it('gives steps the stored users with a current TOTP code', () => {
    expect(byName(main.report, 'Stored user').result.status).toBe('PASSED');
  });

  it('writes the messages as valid NDJSON, and messagesToReport rebuilds the same report from it', async () => {
    const lines = fs.readFileSync(messagesFile, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    const envelopes = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const e of envelopes) expect(Object.keys(e)).toHaveLength(1);
    expect(Object.keys(envelopes[0])[0]).toBe('meta');
    expect(Object.keys(envelopes.at(-1)!)[0]).toBe('testRunFinished');
    expect(envelopes.length).toBe(live.length);
    // Secrets go to the World as parameters, never into the messages.
    expect(fs.readFileSync(messagesFile, 'utf8')).not.toContain(TOTP_KEY);

    const rebuilt = await messagesToReport(readNdjson(messagesFile), {
      name: 'runner test',
      mode: 'local',
      env: { name: 'test', baseUrl },
      browser: 'chromium',
      viewport: '1024x768',
    });
    expect(rebuilt.report).toEqual(main.report);
    expect([...rebuilt.attachments.keys()]).toEqual([...main.attachments.keys()]);
    for (const [id, blob] of main.attachments) expect(rebuilt.attachments.get(id)!.body.equals(blob.body)).toBe(true);
  });
});

describe('runScenarios selection', () => {
  it('runs only the scenarios of a tag expression, a name or a feature line', async () => {
    const dir = workspace({ ...FEATURES, 'steps/custom.mjs': STEPS });
    const tagged = await runScenarios(baseOptions(dir, { tags: '@smoke', screenshots: 'off' }));
    expect(tagged.report.testCases.map((t) => t.scenarioName)).toEqual(['Paying shows a confirmation']);
    expect(tagged.success).toBe(true);
    expect(tagged.report.testCases[0].steps.every((s) => !s.screenshotId)).toBe(true);
    expect(tagged.attachments.size).toBe(0);

    const picked = await runScenarios(baseOptions(dir, { paths: ['features/outline.feature:9'], names: [], screenshots: 'on-failure' }));
    expect(picked.report.testCases.map((t) => t.scenarioName)).toEqual(['Seeing Pay']);

    const named = await runScenarios(baseOptions(dir, { names: ['^Seeing'], tags: 'not @smoke' }));
    expect(named.report.testCases.map((t) => t.scenarioName).sort()).toEqual(['Seeing Pay', 'Seeing Welcome']);
  }, 90_000);

  it('fails a step that runs longer than the step timeout', async () => {
    const dir = workspace({
      'features/slow.feature': 'Feature: Slow\n  Scenario: Too slow\n    Given I open the "/" page\n    When I wait 5000 ms\n',
      'steps/custom.mjs': STEPS,
    });
    const result = await runScenarios(baseOptions(dir, { stepTimeoutMs: 800, screenshots: 'off' }));
    expect(result.report.errors).toEqual([]);
    const step = result.report.testCases[0].steps[1];
    expect(step.result.status).toBe('FAILED');
    expect(step.result.message).toMatch(/function timed out.*800 milliseconds/);
  }, 60_000);
});

describe('runScenarios in parallel', () => {
  it('runs on two workers; a step calling process.exit fails its scenario, the others run to the end', async () => {
    const features: Record<string, string> = {};
    for (let i = 1; i <= 4; i++) {
      features[`features/f${i}.feature`] = `Feature: F${i}
  Scenario: S${i}
    Given I open the "/" page
    ${i === 2 ? 'When I exit the worker' : 'When I wait 300 ms'}
    Then I should see "Welcome"
`;
    }
    const dir = workspace({ ...features, 'steps/custom.mjs': STEPS });
    const started = performance.now();
    const result = await runScenarios(baseOptions(dir, { parallel: 2 }));
    expect(performance.now() - started).toBeLessThan(60_000);
    const report = result.report;
    expect(report.testCases.map((t) => [t.scenarioName, t.result.status]).sort()).toEqual([
      ['S1', 'PASSED'],
      ['S2', 'FAILED'],
      ['S3', 'PASSED'],
      ['S4', 'PASSED'],
    ]);
    expect(byName(report, 'S2').steps[1].result.message).toContain('process.exit(1)');
    expect(new Set(report.testCases.map((t) => t.workerId))).toEqual(new Set(['0', '1']));
    expect(result.success).toBe(false);
  }, 90_000);

  it('ends with the results so far and an error when the run process itself dies', async () => {
    const dir = workspace({
      'features/a.feature': `Feature: A
  Scenario: First
    Given I open the "/" page
  Scenario: Killer
    Given I open the "/" page
    When I kill the run process
  Scenario: Never
    Given I open the "/" page
`,
      'steps/custom.mjs': STEPS,
    });
    const result = await runScenarios(baseOptions(dir));
    expect(result.success).toBe(false);
    expect(result.report.testCases.map((t) => [t.scenarioName, t.result.status])).toEqual([
      ['First', 'PASSED'],
      ['Killer', 'FAILED'],
    ]);
    expect(byName(result.report, 'Killer').steps[1].result.message).toMatch(/did not finish/);
    expect(result.report.errors).toEqual(expect.arrayContaining([expect.stringContaining('signal SIGKILL')]));
  }, 60_000);
});

describe('stopping a run', () => {
  it('ends promptly when the signal aborts', async () => {
    const dir = workspace({
      'features/slow.feature': `Feature: Slow
  Scenario: Waits long
    Given I open the "/" page
    When I wait 30 seconds
  Scenario: Quick one
    Given I open the "/" page
`,
    });
    const controller = new AbortController();
    let abortedAt = 0;
    const result = await runScenarios(
      baseOptions(dir, {
        parallel: 2,
        signal: controller.signal,
        onMessage: (e) => {
          if (e.testStepStarted && !abortedAt) {
            abortedAt = performance.now();
            setTimeout(() => controller.abort(), 1500);
          }
        },
      }),
    );
    const took = performance.now() - abortedAt - 1500;
    expect(took).toBeLessThan(4000);
    expect(result.success).toBe(false);
    expect(result.report.errors).toContain('The run was stopped');
    const slow = result.report.testCases.find((t) => t.scenarioName === 'Waits long');
    expect(slow?.result.status).toBe('FAILED');
  }, 60_000);

  it('run-job.ts: reports progress over IPC and stops within 3 s of SIGTERM', async () => {
    const dir = workspace({
      'features/slow.feature': `Feature: Slow
  Scenario: Quick
    Given I open the "/" page
  Scenario: Waits long
    Given I open the "/" page
    When I wait 30 seconds
`,
    });
    const jobFile = path.join(dir, 'job.json');
    const messagesFile = path.join(dir, 'messages.ndjson');
    fs.writeFileSync(jobFile, JSON.stringify({ ...baseOptions(dir), messagesFile, screenshots: 'off' }));
    const child = fork(RUN_JOB_FILE, [jobFile], { stdio: 'pipe', execArgv: [] });
    const got: JobMessage[] = [];
    let termAt = 0;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.on('message', (m: JobMessage) => {
      got.push(m);
      if (m.type === 'progress' && m.event === 'testCaseStarted' && m.testCase?.name === 'Waits long' && !termAt) {
        setTimeout(() => {
          termAt = performance.now();
          child.kill('SIGTERM');
        }, 1000);
      }
    });
    const code = await exited;
    expect(performance.now() - termAt).toBeLessThan(3000);
    expect(code).toBe(143);
    const progress = got.filter((m) => m.type === 'progress');
    expect(progress.find((m) => m.event === 'testCaseFinished')).toMatchObject({ planned: 2, finished: 1, passed: 1, testCase: { name: 'Quick', status: 'PASSED' } });
    expect(got.filter((m) => m.type === 'message').map((m) => Object.keys(m.envelope)[0])).toEqual([
      'testCaseStarted',
      'testCaseFinished',
      'testCaseStarted',
      'testRunFinished',
    ]);
    const last = fs.readFileSync(messagesFile, 'utf8').trim().split('\n').pop()!;
    expect(JSON.parse(last)).toMatchObject({ testRunFinished: { success: false, message: 'The run was stopped' } });
  }, 60_000);
});

describe('run errors', () => {
  it('fails with a clear message when the browser is not installed', async () => {
    const dir = workspace({ 'features/a.feature': 'Feature: A\n  Scenario: S\n    Given I open the "/" page\n' });
    const firefox = await runScenarios(baseOptions(dir, { browser: 'firefox' }));
    expect(firefox.success).toBe(false);
    expect(firefox.report.errors).toEqual(['Browser firefox is not installed on this machine']);
    const chromium = await runScenarios(baseOptions(dir, { chromiumPath: '/nonexistent/chromium' }));
    expect(chromium.report.errors.join('\n')).toContain('Browser chromium is not installed on this machine');
  }, 60_000);

  it('reports a step file that does not load, and a feature file that does not parse', async () => {
    const broken = workspace({ 'features/a.feature': 'Feature: A\n  Scenario: S\n    Given I open the "/" page\n', 'steps/bad.mjs': 'export const = ;\n' });
    const r1 = await runScenarios(baseOptions(broken));
    expect(r1.success).toBe(false);
    expect(r1.report.errors.join('\n')).toMatch(/Unexpected token|SyntaxError/);
    const unparsable = workspace({ 'features/a.feature': 'Feature: A\n  Scenario: S\n    Given I open the "/" page\n  Oops this is not gherkin\n' });
    const r2 = await runScenarios(baseOptions(unparsable));
    expect(r2.success).toBe(false);
    expect(r2.report.errors.join('\n')).toContain('Parse error in features/a.feature');
  }, 60_000);
});

describe('support media types', () => {
  it('are the report schema attachment types', () => {
    expect(MEDIA).toEqual(ATTACHMENT_TYPES);
  });
});
