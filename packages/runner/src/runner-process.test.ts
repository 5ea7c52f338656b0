import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarios, RUN_JOB_FILE, type JobMessage } from './index.ts';
import { baseOptions, byName, FEATURES, STEPS, usePageServer, workspace } from './runner-test-kit.ts';

// Runs as processes: selection, timeouts, parallel workers, dying and stopped runs, run errors.

usePageServer();

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
      'features/slow.feature': 'Feature: Slow\n  Scenario: Too slow\n    Given I open the "/" page\n    When I wait 12000 ms\n',
      'steps/custom.mjs': STEPS,
    });
    // Long enough for opening the page on a loaded machine (the timeout is every step's).
    const result = await runScenarios(baseOptions(dir, { stepTimeoutMs: 4000, screenshots: 'off' }));
    expect(result.report.errors).toEqual([]);
    const step = result.report.testCases[0].steps[1];
    expect(step.result.status).toBe('FAILED');
    expect(step.result.message).toMatch(/function timed out.*4000 milliseconds/);
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
    const chromium = await runScenarios(baseOptions(dir, { chromiumPath: '/nonexistent/chromium', chromiumHeadlessPath: '/nonexistent/headless-shell' }));
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
