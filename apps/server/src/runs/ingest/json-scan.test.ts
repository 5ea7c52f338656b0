import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isObject, random } from './scan-test-lines.ts';
import { compileShape, ESCAPED, JsonScan, NUMBER, OBJECT, STRING } from './json-scan.ts';
import { textAt, textEquals } from './json-text.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../packages/runner/src/import/fixtures');

const ANY = compileShape({});

function scans(text: string): boolean {
  const bytes = Buffer.from(text, 'utf8');
  // Bytes around the line: a scan never reads past its end.
  const padded = Buffer.concat([Buffer.from('}]"'), bytes, Buffer.from('}]"1')]);
  const a = new JsonScan(1).scan(bytes, 0, bytes.length, ANY);
  const b = new JsonScan(1).scan(padded, 3, 3 + bytes.length, ANY);
  expect(b, `the same in a larger buffer: ${text}`).toBe(a);
  return a;
}

describe('JsonScan', () => {
  it('accepts what JSON.parse reads as an object, and nothing else', () => {
    const good = [
      '{}',
      ' { } ',
      '\t{"a":1}\r',
      '{"a":[]}',
      '{"a":[1,2,[3,[4]],{"b":{}}]}',
      '{"s":"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uD83D\\uDE00","t":"café 😀"}',
      '{"n":[0,-0,1,-1,10,1.5,-0.25,1e3,1E+3,2e-7,123456789012345678901234567890]}',
      '{"w":[true,false,null]}',
      '{ "a" : 1 , "b" : [ 1 , 2 ] }',
      '{"a":1,"a":2}',
    ];
    for (const text of good) expect(scans(text), text).toBe(true);
    const bad = [
      '',
      '[]',
      '"x"',
      '1',
      'null',
      '{',
      '{"a"}',
      '{"a":}',
      '{"a":1,}',
      '{"a":[1,]}',
      '{,"a":1}',
      '{"a":1}}',
      '{"a":1} x',
      '{"a":01}',
      '{"a":1.}',
      '{"a":.5}',
      '{"a":1e}',
      '{"a":-}',
      '{"a":+1}',
      '{"a":tru}',
      '{"a":nul}',
      '{"a":True}',
      '{"a":"\\x"}',
      '{"a":"\\u12"}',
      '{"a":"\\u12G4"}',
      '{"a":"tab\there"}',
      '{"a":"nul\u0000"}',
      "{'a':1}",
      '{a:1}',
      '{"a":1 /* c */}',
      '{"a":"cut',
      '{"a":[1,2',
    ];
    for (const text of bad) {
      expect(isObject(text), `JSON.parse refuses ${text}`).toBe(false);
      expect(scans(text), text).toBe(false);
    }
  });

  it('agrees with JSON.parse on real reports and on thousands of damaged lines', () => {
    const lines = ['cucumber-jvm-7.ndjson', 'messages-13.ndjson', 'messages-28.ndjson'].flatMap((f) =>
      fs
        .readFileSync(path.join(FIXTURES, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim()),
    );
    for (const line of lines) expect(scans(line), line).toBe(true);
    const next = random(7);
    const pieces = ['"', '\\', ',', ':', '{', '}', '[', ']', ' ', '0', '-', 'e', '.', 'u', '\u0001', 'é'];
    let refused = 0;
    for (let k = 0; k < 5000; k++) {
      const line = lines[Math.floor(next() * lines.length)];
      const at = Math.floor(next() * line.length);
      const piece = pieces[Math.floor(next() * pieces.length)];
      const how = next();
      const damaged = how < 0.33 ? line.slice(0, at) + line.slice(at + 1) : how < 0.66 ? line.slice(0, at) + piece + line.slice(at) : line.slice(0, at) + piece + line.slice(at + 1);
      const want = isObject(damaged);
      if (!want) refused++;
      expect(scans(damaged), damaged).toBe(want);
    }
    // Damage inside a string often leaves a line valid: both sides are tried, many times.
    expect(refused).toBeGreaterThan(1000);
    expect(refused).toBeLessThan(5000);
  });

  it('reads the fields of a shape in any key order, the last of duplicate keys, escaped keys and values', () => {
    const F = { id: 0, status: 1, seconds: 2, nanos: 3, result: 4, item: 5, name: 6 };
    const shape = compileShape({
      step: { id: F.id, result: { status: F.status }, timestamp: { seconds: F.seconds, nanos: F.nanos }, tags: { items: { name: F.name }, item: F.item } },
    });
    const scan = new JsonScan(7);
    const names: Array<string | undefined> = [];
    scan.onItem = (item) => {
      expect(item).toBe(F.item);
      names.push(scan.string(F.name));
      scan.clear(F.name);
    };
    const read = (text: string) => {
      names.length = 0;
      const bytes = Buffer.from(text);
      expect(scan.scan(bytes, 0, bytes.length, shape), text).toBe(true);
      return { id: scan.string(F.id), status: scan.string(F.status), seconds: scan.number(F.seconds), nanos: scan.number(F.nanos), names: [...names] };
    };
    const want = { id: 'a"b', status: 'PASSED', seconds: 1714528800, nanos: 5, names: ['@x', undefined, 'é'] };
    expect(read('{"step":{"id":"a\\"b","result":{"status":"PASSED"},"timestamp":{"seconds":1714528800,"nanos":5},"tags":[{"name":"@x"},{},{"name":"\\u00e9"}]}}')).toEqual(want);
    expect(
      read('{"other":{"id":"x"},"step":{"tags":[{"name":"@x"},{"n":1},{"name":"é"}],"timestamp":{"nanos":5,"seconds":1714528800},"result":{"x":[1],"status":"PASSED"},"id":"a\\"b"}}'),
    ).toEqual(want);
    // The last duplicate wins; an escaped key is its decoded name.
    expect(read('{"step":{"id":"old","\\u0069d":"a\\"b","result":{"status":"PASSED"},"timestamp":{"seconds":1714528800,"nanos":5},"tags":[{"name":"@x"},{},{"name":"é"}]}}')).toEqual(want);
    // Values of other kinds are told by kind; numbers beyond small integers are read as JSON.parse reads them.
    const bytes = Buffer.from('{"step":{"id":{"x":1},"result":{"status":"a\\nb"},"timestamp":{"seconds":-1.5e3,"nanos":12345678901234567890}}}');
    expect(scan.scan(bytes, 0, bytes.length, shape)).toBe(true);
    expect([scan.kinds[F.id], scan.kinds[F.status], scan.kinds[F.seconds]]).toEqual([OBJECT, ESCAPED, NUMBER]);
    expect(scan.string(F.id)).toBeUndefined();
    expect(scan.string(F.status)).toBe('a\nb');
    expect([scan.number(F.seconds), scan.number(F.nanos)]).toEqual([-1500, Number('12345678901234567890')]);
    // A shape's object given as another kind: its fields are absent.
    const flat = Buffer.from('{"step":{"id":"s","result":"PASSED","timestamp":null}}');
    expect(scan.scan(flat, 0, flat.length, shape)).toBe(true);
    expect([scan.kinds[F.id], scan.has(F.status), scan.has(F.seconds)]).toEqual([STRING, false, false]);
  });

  it('compares a string field with a text byte by byte: plain ASCII only, any other case says no', () => {
    const shape = compileShape({ a: 0, b: 1, c: 2, d: 3 });
    const scan = new JsonScan(4);
    const bytes = Buffer.from('{"a":"3f2a-PASSED","b":"x\\"y","c":"é","d":7}');
    expect(scan.scan(bytes, 0, bytes.length, shape)).toBe(true);
    expect(scan.equals(0, '3f2a-PASSED')).toBe(true);
    expect(['3f2a-PASSE', '3f2a-PASSEDx', '3f2a-PASSEd', ''].map((t) => scan.equals(0, t))).toEqual([false, false, false, false]);
    // Escapes, text beyond ASCII (even when its code units match the bytes), other kinds, absent fields.
    expect(scan.equals(1, 'x"y')).toBe(false);
    expect(scan.string(1)).toBe('x"y');
    expect(scan.equals(2, 'é')).toBe(false);
    expect(scan.equals(2, '\u00c3\u00a9')).toBe(false);
    expect(scan.string(2)).toBe('é');
    expect(scan.equals(3, '7')).toBe(false);
    const none = Buffer.from('{}');
    expect(scan.scan(none, 0, none.length, shape)).toBe(true);
    expect(scan.equals(0, '')).toBe(false);
  });

  it('tells a string field, and a non-empty one, without making its text', () => {
    const shape = compileShape({ a: 0, b: 1, c: 2, d: 3, e: 4, f: 5 });
    const scan = new JsonScan(7);
    const bytes = Buffer.from('{"a":"x","b":"","c":"\\n","d":null,"e":7,"f":["x"]}');
    expect(scan.scan(bytes, 0, bytes.length, shape)).toBe(true);
    expect([0, 1, 2, 3, 4, 5, 6].map((f) => scan.isString(f))).toEqual([true, true, true, false, false, false, false]);
    expect([0, 1, 2, 3, 4, 5, 6].map((f) => scan.isNonEmptyString(f))).toEqual([true, false, true, false, false, false, false]);
  });

  it('compares a string field with the bytes of another place, without escapes only', () => {
    const shape = compileShape({ a: 0, b: 1 });
    const scan = new JsonScan(2);
    const bytes = Buffer.from('{"a":"726","b":"7\\u00326"} "726" "72" "7260"');
    expect(scan.scan(bytes, 0, bytes.indexOf('}') + 1, shape)).toBe(true);
    const at = (text: string) => [bytes.indexOf(text, bytes.indexOf('}')) + 1, bytes.indexOf(text, bytes.indexOf('}')) + text.length - 1];
    expect(scan.equalsAt(0, ...(at('"726"') as [number, number]))).toBe(true);
    expect(scan.equalsAt(0, ...(at('"72"') as [number, number]))).toBe(false);
    expect(scan.equalsAt(0, ...(at('"7260"') as [number, number]))).toBe(false);
    // The same text with an escape: not by bytes (the caller compares texts then).
    expect(scan.string(1)).toBe('726');
    expect(scan.equalsAt(1, ...(at('"726"') as [number, number]))).toBe(false);
  });

  it('compares a recorded string with a text whatever its letters and escapes', () => {
    const scan = new JsonScan(1);
    const values = ['abc', 'ab', 'abcd', '', 'é', 'éa', 'aé', 'a"b', 'a\\b', '\u00e9', 'x\ty', '日本'];
    for (const value of values) {
      const bytes = Buffer.from(`{"v":${JSON.stringify(value)}}`, 'utf8');
      expect(scan.scan(bytes, 0, bytes.length, compileShape({ v: 0 }))).toBe(true);
      const [start, end, kind] = [scan.starts[0], scan.ends[0], scan.kinds[0]];
      expect(textAt(bytes, start, end, kind)).toBe(value);
      for (const other of values) expect(textEquals(bytes, start, end, kind, other), `${value} / ${other}`).toBe(value === other);
    }
    // Escapes that spell the same text.
    const escaped = Buffer.from('{"v":"\\u0061b\\u00e9"}', 'utf8');
    expect(scan.scan(escaped, 0, escaped.length, compileShape({ v: 0 }))).toBe(true);
    expect(scan.kinds[0]).toBe(ESCAPED);
    expect(textEquals(escaped, scan.starts[0], scan.ends[0], ESCAPED, 'abé')).toBe(true);
    expect(textEquals(escaped, scan.starts[0], scan.ends[0], ESCAPED, 'ab')).toBe(false);
  });

  it('refuses nesting deeper than it follows (JSON.parse reads those lines)', () => {
    const deep = `{"a":${'['.repeat(300)}${']'.repeat(300)}}`;
    expect(isObject(deep)).toBe(true);
    expect(scans(deep)).toBe(false);
    const fine = `{"a":${'['.repeat(200)}${']'.repeat(200)}}`;
    expect(scans(fine)).toBe(true);
  });
});
