import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isObject, random } from './scan-test-lines.ts';
import { writeIngestReport } from '../../../../../bench/ingest-corpus.mjs';
import { compileShape, ESCAPED, JsonScan, NULL, NUMBER, STRING, TRUE, type CompiledShape } from './json-scan.ts';
import { ScanTemplate } from './scan-template.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../packages/runner/src/import/fixtures');

// The fields the events read (as events-state.ts does), and a few more kinds of value.
const F = { caseStarted: 0, step: 1, status: 2, message: 3, exceptionMessage: 4, seconds: 5, nanos: 6, id: 7, testCase: 8, attempt: 9, worker: 10, flag: 11 };
const TIMESTAMP = { seconds: F.seconds, nanos: F.nanos };
const SHAPES: Record<string, CompiledShape> = {
  testStepStarted: compileShape({ testStepStarted: { testCaseStartedId: F.caseStarted, testStepId: F.step, timestamp: TIMESTAMP } }),
  testStepFinished: compileShape({
    testStepFinished: { testCaseStartedId: F.caseStarted, testStepId: F.step, testStepResult: { status: F.status, message: F.message, exception: { message: F.exceptionMessage } } },
  }),
  testCaseStarted: compileShape({ testCaseStarted: { id: F.id, testCaseId: F.testCase, attempt: F.attempt, workerId: F.worker, timestamp: TIMESTAMP } }),
  testCaseFinished: compileShape({ testCaseFinished: { testCaseStartedId: F.caseStarted, timestamp: TIMESTAMP, willBeRetried: F.flag } }),
};
const FIELDS = Object.keys(F).length;

const typeOf = (line: string) => /^\{"(\w+)"/.exec(line)?.[1] ?? '';

/** What a scan left in its fields. */
function fieldsOf(scan: JsonScan): Array<[number, number, number]> {
  return Array.from(scan.kinds, (kind, f) => (kind === 0 ? [0, 0, 0] : [kind, scan.starts[f], scan.ends[f]]));
}

/** The general scan's answer for a line: its fields, or null when it refuses the line. */
function scanned(bytes: Buffer, start: number, stop: number, shape: CompiledShape): Array<[number, number, number]> | null {
  const scan = new JsonScan(FIELDS);
  return scan.scan(bytes, start, stop, shape) ? fieldsOf(scan) : null;
}

function learn(line: string, shape: CompiledShape): ScanTemplate | null {
  const scan = new JsonScan(FIELDS);
  const bytes = Buffer.from(line, 'utf8');
  expect(scan.scan(bytes, 0, bytes.length, shape), line).toBe(true);
  return ScanTemplate.learn(scan, bytes, 0, bytes.length);
}

/** Whether a line matches a layout, checked against the general scan: a match reads what the scan reads. */
function matches(layout: ScanTemplate, line: string, shape: CompiledShape): boolean {
  const bytes = Buffer.from(line, 'utf8');
  // In a larger buffer too: a match never reads past the line's end.
  const padded = Buffer.concat([Buffer.from('{"'), bytes, Buffer.from('"}]}1')]);
  const scan = new JsonScan(FIELDS);
  const matched = layout.match(scan, bytes, 0, bytes.length);
  const fields = fieldsOf(scan);
  const again = new JsonScan(FIELDS);
  expect(layout.match(again, padded, 2, 2 + bytes.length), `the same in a larger buffer: ${line}`).toBe(matched);
  if (matched) {
    expect(isObject(line), `a matched line is JSON: ${line}`).toBe(true);
    expect(fields, line).toEqual(scanned(bytes, 0, bytes.length, shape));
    expect(fieldsOf(again).map(([k, s, e]) => (k === 0 ? [0, 0, 0] : [k, s - 2, e - 2])), line).toEqual(fields);
  }
  return matched;
}

function reportLines(): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-scan-template-'));
  try {
    const file = path.join(dir, 'report.ndjson');
    writeIngestReport(file, { features: 3, scenariosPerFeature: 20 });
    return [fs.readFileSync(file, 'utf8'), ...['cucumber-jvm-7.ndjson', 'messages-13.ndjson', 'messages-28.ndjson'].map((f) => fs.readFileSync(path.join(FIXTURES, f), 'utf8'))]
      .flatMap((text) => text.split('\n'))
      .filter((l) => SHAPES[typeOf(l)]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('ScanTemplate', () => {
  const lines = reportLines();

  it("matches the lines of real reports laid out as the one before them, reading each field where the scanner does", () => {
    const last = new Map<string, ScanTemplate>();
    let matched = 0;
    for (const line of lines) {
      const type = typeOf(line);
      const layout = last.get(type);
      if (layout && matches(layout, line, SHAPES[type])) matched++;
      else {
        const learned = learn(line, SHAPES[type]);
        if (learned) last.set(type, learned);
      }
    }
    // Most lines are laid out as the one before them (a failed step's result is not).
    expect(matched).toBeGreaterThan(lines.length * 0.8);
  });

  it('matches a damaged line only when it is JSON read the same way, and never past its end', () => {
    const next = random(11);
    const pieces = ['"', '\\', ',', ':', '{', '}', '[', ']', ' ', '0', '1', '-', 'e', '.', 'u', 'n', '\u0001', 'é'];
    let matched = 0;
    let refused = 0;
    for (let k = 0; k < 4000; k++) {
      const line = lines[Math.floor(next() * lines.length)];
      const shape = SHAPES[typeOf(line)];
      const layout = learn(line, shape)!;
      const at = Math.floor(next() * line.length);
      const piece = pieces[Math.floor(next() * pieces.length)];
      const how = next();
      const damaged = how < 0.33 ? line.slice(0, at) + line.slice(at + 1) : how < 0.66 ? line.slice(0, at) + piece + line.slice(at) : line.slice(0, at) + piece + line.slice(at + 1);
      if (matches(layout, damaged, shape)) matched++;
      else refused++;
    }
    // Damage inside a value often leaves the layout as it was: both answers are tried, many times.
    expect(matched).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(1000);
  });

  it('refuses a line cut anywhere, even when the bytes after the cut complete it', () => {
    const line = '{"testStepFinished":{"testCaseStartedId":"c1","testStepId":"s1","testStepResult":{"duration":{"seconds":0,"nanos":12},"status":"PASSED"}}}';
    const shape = SHAPES.testStepFinished;
    const layout = learn(line, shape)!;
    const bytes = Buffer.from(line);
    for (let cut = 0; cut < bytes.length; cut++) expect(layout.match(new JsonScan(FIELDS), bytes, 0, cut), line.slice(0, cut)).toBe(false);
    expect(layout.match(new JsonScan(FIELDS), bytes, 0, bytes.length)).toBe(true);
  });

  it('asks for the same keys, punctuation and kinds of values, with values of any length', () => {
    const shape = SHAPES.testCaseStarted;
    const layout = learn('{"testCaseStarted":{"id":"a","testCaseId":"b","attempt":0,"timestamp":{"seconds":1,"nanos":2}}}', shape)!;
    const same = [
      '{"testCaseStarted":{"id":"a much longer id","testCaseId":"","attempt":12,"timestamp":{"seconds":-1.5e3,"nanos":20000000}}}',
      '{"testCaseStarted":{"id":"caf\u00e9 \\u00e9\\n","testCaseId":"b","attempt":0,"timestamp":{"seconds":1,"nanos":2}}}',
    ];
    for (const line of same) expect(matches(layout, line, shape), line).toBe(true);
    const other = [
      // Other key order, other keys, other spacing.
      '{"testCaseStarted":{"testCaseId":"b","id":"a","attempt":0,"timestamp":{"seconds":1,"nanos":2}}}',
      '{"testCaseStarted":{"id":"a","testCaseId":"b","attempt":0,"workerId":"w","timestamp":{"seconds":1,"nanos":2}}}',
      '{"testCaseStarted":{"id":"a","testCaseId":"b","attempt":0,"timestamp":{"seconds":1, "nanos":2}}}',
      // Other kinds of values.
      '{"testCaseStarted":{"id":1,"testCaseId":"b","attempt":0,"timestamp":{"seconds":1,"nanos":2}}}',
      '{"testCaseStarted":{"id":"a","testCaseId":"b","attempt":"0","timestamp":{"seconds":1,"nanos":2}}}',
      '{"testCaseStarted":{"id":"a","testCaseId":"b","attempt":null,"timestamp":{"seconds":1,"nanos":2}}}',
      // Not valid values.
      '{"testCaseStarted":{"id":"a\u0001","testCaseId":"b","attempt":0,"timestamp":{"seconds":1,"nanos":2}}}',
      '{"testCaseStarted":{"id":"a\\x","testCaseId":"b","attempt":0,"timestamp":{"seconds":1,"nanos":2}}}',
      '{"testCaseStarted":{"id":"a","testCaseId":"b","attempt":01,"timestamp":{"seconds":1,"nanos":2}}}',
      '{"testCaseStarted":{"id":"a","testCaseId":"b","attempt":0,"timestamp":{"seconds":1.,"nanos":2}}}',
      // Anything after the end.
      '{"testCaseStarted":{"id":"a","testCaseId":"b","attempt":0,"timestamp":{"seconds":1,"nanos":2}}} ',
    ];
    for (const line of other) expect(matches(layout, line, shape), line).toBe(false);
    const scan = new JsonScan(FIELDS);
    const escaped = Buffer.from(same[1]);
    layout.match(scan, escaped, 0, escaped.length);
    expect([scan.kinds[F.id], scan.string(F.id), scan.kinds[F.attempt], scan.number(F.attempt)]).toEqual([ESCAPED, 'café é\n', NUMBER, 0]);
  });

  it("keeps a field's true, false or null as a word of the layout, and learns nothing of a field that holds an object or a list", () => {
    const shape = SHAPES.testCaseFinished;
    const layout = learn('{"testCaseFinished":{"testCaseStartedId":"c","timestamp":{"seconds":1,"nanos":2},"willBeRetried":true}}', shape)!;
    const line = '{"testCaseFinished":{"testCaseStartedId":"other","timestamp":{"seconds":10,"nanos":20},"willBeRetried":true}}';
    expect(matches(layout, line, shape)).toBe(true);
    const scan = new JsonScan(FIELDS);
    layout.match(scan, Buffer.from(line), 0, line.length);
    expect([scan.kinds[F.flag], scan.kinds[F.caseStarted], scan.string(F.caseStarted)]).toEqual([TRUE, STRING, 'other']);
    expect(matches(layout, line.replace('true', 'false'), shape)).toBe(false);
    expect(matches(layout, line.replace('true', 'null'), shape)).toBe(false);
    const nulls = learn('{"testStepFinished":{"testCaseStartedId":"c","testStepId":"s","testStepResult":{"status":"FAILED","message":null}}}', SHAPES.testStepFinished)!;
    const failed = '{"testStepFinished":{"testCaseStartedId":"c2","testStepId":"s2","testStepResult":{"status":"PASSED","message":null}}}';
    expect(matches(nulls, failed, SHAPES.testStepFinished)).toBe(true);
    scan.kinds.fill(0);
    nulls.match(scan, Buffer.from(failed), 0, failed.length);
    expect(scan.kinds[F.message]).toBe(NULL);
    expect(learn('{"testCaseFinished":{"testCaseStartedId":"c","timestamp":{"seconds":1,"nanos":2},"willBeRetried":[]}}', shape)).toBe(null);
    expect(learn('{"testStepFinished":{"testCaseStartedId":{},"testStepId":"s"}}', SHAPES.testStepFinished)).toBe(null);
  });
});
