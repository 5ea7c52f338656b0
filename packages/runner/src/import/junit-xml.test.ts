import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RunReport } from '@stepwise/shared';
import type { ReportMeta } from '../report-builder.ts';
import { ReportImportError, type ReportSource } from './common.ts';
import { junitXmlToReport } from './junit-xml.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const META: ReportMeta = { name: 'JUnit', mode: 'local' };
const stream = (name: string) => fs.createReadStream(path.join(FIXTURES, name), { highWaterMark: 61 });
const text = (blob: { body: Buffer } | undefined) => blob?.body.toString('utf8');

describe('junitXmlToReport', () => {
  it('reads the steps Cucumber writes into system-out and the failure text (cucumber-jvm junit formatter)', async () => {
    const { report, attachments } = await junitXmlToReport(stream('junit-cucumber-jvm.xml'), META);
    expect(() => RunReport.parse(report)).not.toThrow();
    expect(report.testCases.map((tc) => [tc.featureName, tc.scenarioName, tc.result.status, tc.failedStep])).toEqual([
      ['Shopping', 'Add socks to the cart', 'FAILED', 2],
      ['Shopping', 'Pay with card', 'PASSED', null],
      ['Shopping', 'Gift wrapping', 'PENDING', null],
    ]);
    const [cart, card, gift] = report.testCases;
    expect(cart.steps.map((s) => `${s.keyword}|${s.type}|${s.text}|${s.result.status}`)).toEqual([
      'Given|Context|the shop is open|PASSED',
      'When|Action|I add "socks" to the cart|PASSED',
      'Then|Outcome|the cart holds 2 items|FAILED',
      'And|Conjunction|the total is 9.99|SKIPPED',
    ]);
    expect(cart.result.message).toBe('java.lang.AssertionError: expected 2 items but was 1');
    expect(cart.steps[2].result.errorStack).toMatch(/^java\.lang\.AssertionError: expected 2 items but was 1\n\tat com\.example/);
    // Times: the suite's timestamp (no zone: UTC), testcases one after the other.
    expect(cart.result).toMatchObject({ startTime: '2024-05-01T10:00:00.000Z', endTime: '2024-05-01T10:00:00.200Z' });
    expect(card.result).toMatchObject({ startTime: '2024-05-01T10:00:00.200Z', endTime: '2024-05-01T10:00:00.312Z' });
    expect(gift.steps[0].result).toMatchObject({ status: 'PENDING', message: 'The scenario has pending or undefined step(s)' });
    // system-out that holds only the step lines is not kept again as an attachment.
    expect(attachments.size).toBe(0);
    expect(report.success).toBe(false);
  });

  it('reads testsuites with properties, failures, errors, skipped, system-out/err and Surefire\'s flaky attempts', async () => {
    const { report, attachments, properties } = await junitXmlToReport(stream('junit-surefire.xml'), META);
    expect(properties).toEqual({ browser: 'firefox', 'java.version': '21.0.2' });
    expect(report.testCases.map((tc) => [tc.scenarioName, tc.result.status, tc.attempt, tc.rerunId])).toEqual([
      ['logs in with a valid password', 'PASSED', 0, null],
      ['refuses a wrong password', 'FAILED', 0, null],
      ['locks the account', 'FAILED', 0, null],
      ['remembers me', 'SKIPPED', 0, null],
      ['finds a lamp', 'FAILED', 0, null],
      ['finds a lamp', 'PASSED', 1, 'tc-5'],
    ]);
    const [login, wrong, locks, remember, flaky] = report.testCases;
    expect(login).toMatchObject({
      featureName: 'com.example.LoginTest',
      featurePath: 'src/test/java/com/example/LoginTest.java',
      tags: ['@smoke', '@login'],
      parameters: { user: 'alice & co' },
      result: { startTime: '2024-05-02T08:30:00.000Z', endTime: '2024-05-02T08:30:01.250Z' },
    });
    expect(login.steps).toHaveLength(1);
    expect(login.steps[0]).toMatchObject({ text: 'logs in with a valid password', result: { status: 'PASSED', duration: 1250 } });
    // [[ATTACHMENT|...]] references stay in the kept text.
    const out = login.steps[0].attachments![0];
    expect(out).toMatchObject({ mediaType: 'text/plain', fileName: 'system-out.txt' });
    expect(text(attachments.get(out.id))).toBe('opened /login\n[[ATTACHMENT|/builds/42/screenshots/login.png]]\n');
    expect(wrong.result.message).toBe('org.opentest4j.AssertionFailedError: expected <Invalid password> but was <Welcome>');
    expect(text(attachments.get(wrong.steps[0].attachments![0].id))).toBe('WARN slow response (1200 ms)');
    expect(locks.steps[0].result).toMatchObject({ status: 'FAILED', message: 'java.net.ConnectException: Connection refused' });
    expect(remember.steps[0].result.message).toBe('not on this browser');
    // The suite's own system-out goes with its last testcase.
    expect(remember.steps[0].attachments![0]).toMatchObject({ fileName: 'com.example.LoginTest system-out.txt' });
    expect(flaky).toMatchObject({ featurePath: 'com.example.SearchTest', result: { message: 'java.util.concurrent.TimeoutException: timeout after 500 ms' } });
    expect(flaky.steps[0].result.errorStack).toContain('first try');
    expect(report.success).toBe(false);
    expect(report).toMatchObject({ startTime: '2024-05-02T08:30:00.000Z', endTime: '2024-05-02T08:30:04.000Z' });
  });

  it('decodes the encoding the XML declaration names', async () => {
    const xml = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<testsuite name="Caf\xe9"><testcase classname="Men\xfc" name="cr\xe8me br\xfbl\xe9e"/></testsuite>';
    const { report } = await junitXmlToReport(Buffer.from(xml, 'latin1'), META);
    expect(report.testCases[0]).toMatchObject({ featureName: 'Menü', scenarioName: 'crème brûlée', result: { status: 'PASSED' } });
  });
});

describe('junitXmlToReport: files it refuses', () => {
  const refuse = async (source: ReportSource) => {
    try {
      await junitXmlToReport(source, META);
    } catch (err) {
      expect(err).toBeInstanceOf(ReportImportError);
      return (err as Error).message;
    }
    throw new Error('not refused');
  };

  it('refuses malformed XML with the line and column of the problem', async () => {
    expect(await refuse('<testsuite>\n  <testcase name="a">\n  </testsuite>')).toBe('Line 3, column 14: Unexpected close tag.');
    expect(await refuse('<testsuites>\n<testsuite name=a/>\n</testsuites>')).toBe('Line 2, column 17: Unquoted attribute value.');
    expect(await refuse('<testsuite>\n<testcase name="&nbsp;"/></testsuite>')).toMatch(/^Line 2, column \d+: Undefined entity/);
  });

  it('refuses a truncated file: where it ends and what is left open', async () => {
    const whole = fs.readFileSync(path.join(FIXTURES, 'junit-surefire.xml'), 'utf8');
    const cut = whole.slice(0, whole.indexOf('</testcase>', whole.indexOf('refuses a wrong password')));
    const lines = cut.split('\n');
    const message = await refuse(cut);
    expect(message).toBe(`Line ${lines.length}, column ${lines.at(-1)!.length}: Unexpected end of the file: not closed: <testsuites> <testsuite> <testcase>`);
  });

  it('refuses XML that is not a JUnit report, and an empty file', async () => {
    expect(await refuse('<?xml version="1.0"?>\n<html><body/></html>')).toBe('Line 2, column 6: Not a JUnit XML report: the root element is <html>, not <testsuites> or <testsuite>');
    expect(await refuse('  \n ')).toBe('The report is empty');
    expect(await refuse('<?xml version="1.0"?>')).toMatch(/^Line 1, column \d+: /);
  });
});
