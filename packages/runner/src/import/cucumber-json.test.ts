import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RunReport } from '@stepwise/shared';
import type { ReportMeta } from '../report-builder.ts';
import { ReportImportError, type ReportSource } from './common.ts';
import { cucumberJsonToReport, LOG_MEDIA_TYPE } from './cucumber-json.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const META: ReportMeta = { name: 'Imported', mode: 'local', username: 'ann', env: { name: 'ci', baseUrl: null }, branch: 'main' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The fixture streamed in small chunks, as a large upload arrives. */
const stream = (name: string) => fs.createReadStream(path.join(FIXTURES, name), { highWaterMark: 97 });
const text = (blob: { body: Buffer } | undefined) => blob?.body.toString('utf8');

describe('cucumberJsonToReport: cucumber-jvm', () => {
  it('makes a test case of each scenario element, with its background steps, tags and times', async () => {
    const { report } = await cucumberJsonToReport(stream('cucumber-jvm.json'), META);
    expect(() => RunReport.parse(report)).not.toThrow();
    expect(report).toMatchObject({ name: 'Imported', mode: 'local', username: 'ann', branch: 'main', success: false, errors: [] });
    expect(report.testCases.map((tc) => [tc.scenarioName, tc.line, tc.result.status])).toEqual([
      ['Add socks to the cart', 8, 'FAILED'],
      ['Pay with card', 20, 'PASSED'],
      ['Pay with voucher', 21, 'UNDEFINED'],
      ['Gift wrapping', 24, 'PENDING'],
      ['Checkout as guest', 28, 'FAILED'],
    ]);
    const [cart, card, voucher, gift, guest] = report.testCases;
    expect(cart).toMatchObject({ featureName: 'Shopping', featurePath: 'features/shopping.feature', tags: ['@shop', '@cart'], attempt: 0, failedStep: 2 });
    // The background's step comes first; the passing Before hook is left out.
    expect(cart.steps.map((s) => `${s.keyword} ${s.text} ${s.result.status}`)).toEqual([
      'Given the shop is open PASSED',
      'When I add "socks" to the cart PASSED',
      'Then the cart holds 2 items FAILED',
      'And the total is 9.99 SKIPPED',
    ]);
    expect(cart.steps[0]).toMatchObject({ type: 'Context', line: 5, match: 'com.example.ShopSteps.shopIsOpen()' });
    expect(cart.result.message).toBe('java.lang.AssertionError: expected 2 items but was 1');
    expect(cart.steps[2].result.errorStack).toContain('at com.example.CartSteps.count(CartSteps.java:31)');
    // Times laid end to end from start_timestamp: Before hook 2 ms, background 1 ms, then the steps.
    expect(cart.result.startTime).toBe('2024-05-01T10:00:00.000Z');
    expect(cart.steps[0].result).toMatchObject({ startTime: '2024-05-01T10:00:00.002Z', endTime: '2024-05-01T10:00:00.003Z', duration: 1 });
    expect(cart.steps[2].result).toMatchObject({ startTime: '2024-05-01T10:00:00.006Z', duration: 4 });
    expect(cart.result.endTime).toBe('2024-05-01T10:00:00.015Z');
    expect(report.startTime).toBe('2024-05-01T10:00:00.000Z');
    expect(card).toMatchObject({ tags: ['@shop', '@pay'], failedStep: null, result: { status: 'PASSED', message: null } });
    expect(voucher).toMatchObject({ failedStep: 1, result: { message: 'Undefined step: "I pay with voucher"' } });
    expect(voucher.steps[1].match).toBeNull();
    expect(gift).toMatchObject({ failedStep: null, result: { status: 'PENDING' } });
    expect(gift.steps[0].result.message).toBe('io.cucumber.java.PendingException: TODO: implement me');
    // A failing Before hook is a step of its own.
    expect(guest.steps.map((s) => `${s.keyword}|${s.text}|${s.result.status}`)).toEqual(['Before|Before hook|FAILED', 'When|I check out as a guest|SKIPPED']);
    expect(guest).toMatchObject({ failedStep: 0, result: { message: 'java.lang.IllegalStateException: no test user' } });
    expect(guest.steps[0].match).toBe('com.example.Hooks.login()');
  });

  it('keeps embeddings and output as attachments: the After hook screenshot on the failed step, text decoded from base64', async () => {
    const { report, attachments } = await cucumberJsonToReport(stream('cucumber-jvm.json'), META);
    const cart = report.testCases[0];
    const shot = cart.steps[2].screenshotId!;
    expect(attachments.get(shot)).toMatchObject({ mediaType: 'image/png' });
    expect(attachments.get(shot)!.body.equals(PNG)).toBe(true);
    const [log, output] = cart.steps[1].attachments!;
    expect(log).toMatchObject({ mediaType: 'text/plain', fileName: 'cart log' });
    expect(text(attachments.get(log.id))).toBe('cart: 1 item');
    expect(output).toMatchObject({ mediaType: LOG_MEDIA_TYPE });
    expect(text(attachments.get(output.id))).toBe('added socks\ncart has 1 item');
    // Every attachment is referenced by exactly one step.
    const referenced = report.testCases.flatMap((tc) => tc.steps.flatMap((s) => [s.screenshotId, ...(s.attachments ?? []).map((a) => a.id)])).filter(Boolean);
    expect(referenced.sort()).toEqual([...attachments.keys()].sort());
  });
});

describe('cucumberJsonToReport: cucumber-js', () => {
  it('reads hidden hook steps, inline background steps, raw text embeddings and ambiguous steps', async () => {
    const { report, attachments } = await cucumberJsonToReport(stream('cucumber-js.json'), META);
    const [lamp, sort] = report.testCases;
    expect(lamp).toMatchObject({ featurePath: 'features/search.feature', scenarioName: 'Find a lamp', line: 6, tags: ['@web', '@search'], failedStep: 2 });
    expect(lamp.steps.map((s) => s.text)).toEqual(['I am on the home page', 'I search for "lamp"', 'I see 3 results']);
    expect(lamp.result).toMatchObject({ status: 'FAILED', message: 'AssertionError [ERR_ASSERTION]: expected 2 to equal 3', startTime: null });
    expect(lamp.steps[1].result.duration).toBe(3);
    const [log, json] = lamp.steps[1].attachments!;
    expect(text(attachments.get(log.id))).toBe('searching for lamp');
    expect(json.mediaType).toBe('application/json');
    expect(JSON.parse(text(attachments.get(json.id))!)).toEqual({ query: 'lamp' });
    expect(attachments.get(lamp.steps[2].screenshotId!)!.body.equals(PNG)).toBe(true);
    expect(sort).toMatchObject({ failedStep: 1, result: { status: 'AMBIGUOUS', message: 'Multiple step definitions match:' } });
    expect(sort.steps[1].result.errorStack).toContain('features/steps/sort.js:8');
  });

  it('reads behave\'s JSON: locations, plain tags, durations in seconds, error lines', async () => {
    const behave = [
      {
        keyword: 'Feature',
        name: 'Accounts',
        tags: ['accounts'],
        location: 'features/accounts.feature:2',
        status: 'failed',
        elements: [
          {
            type: 'scenario',
            keyword: 'Scenario',
            name: 'Close an account',
            tags: ['slow'],
            location: 'features/accounts.feature:5',
            status: 'failed',
            steps: [
              { keyword: 'Given', step_type: 'given', name: 'an account', location: 'features/accounts.feature:6', match: { location: 'steps/accounts.py:4' }, result: { status: 'passed', duration: 0.25 } },
              { keyword: 'When', step_type: 'when', name: 'I close it', location: 'features/accounts.feature:7', result: { status: 'failed', duration: 1.5, error_message: ['Assertion Failed: still open', 'Traceback (most recent call last):'] } },
              { keyword: 'Then', step_type: 'then', name: 'it is gone', location: 'features/accounts.feature:8', result: { status: 'skipped' } },
            ],
          },
        ],
      },
    ];
    const { report } = await cucumberJsonToReport(JSON.stringify(behave), META);
    expect(report.meta).toEqual({ implementation: 'behave', version: null });
    const [tc] = report.testCases;
    expect(tc).toMatchObject({ featurePath: 'features/accounts.feature', line: 5, tags: ['@accounts', '@slow'], failedStep: 1, result: { status: 'FAILED', message: 'Assertion Failed: still open' } });
    expect(tc.steps.map((s) => [s.type, s.line, s.result.duration])).toEqual([
      ['Context', 6, 250],
      ['Action', 7, 1500],
      ['Outcome', 8, 0],
    ]);
  });

  it('numbers a scenario met again as its next attempt, and succeeds when the last attempts pass', async () => {
    const element = (status: string) => ({ type: 'scenario', keyword: 'Scenario', name: 'Flaky', line: 3, steps: [{ keyword: 'Given ', name: 'it flakes', line: 4, result: { status } }] });
    const { report } = await cucumberJsonToReport(JSON.stringify([{ uri: 'features/f.feature', name: 'F', elements: [element('failed'), element('passed')] }]), META);
    expect(report.testCases.map((tc) => [tc.id, tc.attempt, tc.rerunId, tc.result.status])).toEqual([
      ['tc-1', 0, null, 'FAILED'],
      ['tc-2', 1, 'tc-1', 'PASSED'],
    ]);
    expect(report.success).toBe(true);
  });
});

describe('cucumberJsonToReport: files it refuses', () => {
  const refuse = async (source: ReportSource) => {
    try {
      await cucumberJsonToReport(source, META);
    } catch (err) {
      expect(err).toBeInstanceOf(ReportImportError);
      return (err as Error).message;
    }
    throw new Error('not refused');
  };

  it('refuses a truncated or malformed file with the position of the problem', async () => {
    const whole = fs.readFileSync(path.join(FIXTURES, 'cucumber-jvm.json'), 'utf8');
    const cut = whole.slice(0, 2000);
    const lines = cut.split('\n');
    expect(await refuse(cut)).toBe(`Position 2000 (line ${lines.length}, column ${lines.at(-1)!.length + 1}): Unexpected end of JSON input`);
    const broken = whole.replace('"name": "Pay with card",', '"name": "Pay with card"');
    const at = broken.indexOf('"description"', broken.indexOf('"Pay with card"'));
    const before = broken.slice(0, at).split('\n');
    expect(await refuse(broken)).toBe(`Position ${at} (line ${before.length}, column ${before.at(-1)!.length + 1}): Expected ',' or '}' after property value`);
  });

  it('refuses what is not an array of features', async () => {
    expect(await refuse('[{"foo": 1}]')).toBe('Feature 1 is not a Cucumber JSON feature (no uri, keyword or elements)');
    expect(await refuse('[{"uri": "a.feature", "elements": {}}]')).toBe('Feature 1 (a.feature): "elements" is not an array');
    expect(await refuse('{"uri": "a.feature"}')).toMatch(/^Position 0 \(line 1, column 1\): a Cucumber JSON report is an array/);
    expect(await refuse(Buffer.from([0x5b, 0xff, 0x5d]))).toBe('The file: the file is not UTF-8 text');
  });
});
