import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPES, RunReport } from '@stepwise/shared';
import { messagesToReport, readNdjson, runScenarios, type Envelope } from './index.ts';
import { baseOptions, baseUrl, byName, FEATURES, HOME, PNG_MAGIC, statuses, STEPS, tmpDirs, TOTP_KEY, usePageServer, workspace } from './runner-test-kit.ts';

// The report of a real run: its test cases, steps, screenshots, console and network, and its messages.

usePageServer();

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
