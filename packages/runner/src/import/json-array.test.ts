import { describe, expect, it } from 'vitest';
import { ReportImportError } from './common.ts';
import { JsonArrayReader, locateJsonError } from './json-array.ts';

/** Feeds `text` in pieces of `size` characters; returns the elements, or the error message. */
function read(text: string, size = text.length): unknown[] | string {
  const reader = new JsonArrayReader();
  const out: unknown[] = [];
  try {
    for (let i = 0; i < text.length; i += size) out.push(...reader.push(text.slice(i, i + size)));
    reader.end();
    return out;
  } catch (err) {
    if (err instanceof ReportImportError) return err.message;
    throw err;
  }
}

describe('JsonArrayReader', () => {
  const features = [
    { uri: 'features/a.feature', name: 'Quotes "inside" and \\ backslashes \\\\" and brackets ] } [ {', elements: [{ steps: [{ name: 'x\\' }] }] },
    { uri: 'features/b.feature', elements: [], tags: [{ name: '@a' }], note: 'ünïcödé ✓ \u2028 "\\"' },
    [1, 2, { three: [] }],
  ];
  const text = `\uFEFF  [\n${features.map((f) => JSON.stringify(f, null, 2)).join(' ,\n')}\n]\n  `;

  it('gives each element of the array, whatever the chunk boundaries (escapes and strings split anywhere)', () => {
    for (const size of [1, 2, 3, 5, 7, 64, text.length]) expect(read(text, size), `chunks of ${size}`).toEqual(features);
  });

  it('reads an empty array, and refuses an empty file, an object and what follows the array', () => {
    expect(read(' [ ] ')).toEqual([]);
    expect(read('')).toBe('The report is empty');
    expect(read(' \n ')).toBe('The report is empty');
    expect(read('{"uri":"x"}')).toBe('Position 0 (line 1, column 1): a Cucumber JSON report is an array of features, not an object');
    expect(read('[{}] x')).toBe('Position 5 (line 1, column 6): Unexpected non-whitespace character after JSON');
    expect(read('[{} {}]')).toBe("Position 4 (line 1, column 5): Expected ',' or ']' after array element");
    expect(read('[{},]')).toBe("Position 4 (line 1, column 5): Unexpected token ']' after a comma");
    expect(read('[1]')).toBe('Position 1 (line 1, column 2): feature 1 is not a JSON object');
  });

  it('tells where a truncated file ends: position, line and column', () => {
    const whole = `[\n${JSON.stringify(features[0], null, 2)},\n${JSON.stringify(features[1], null, 2)}\n]`;
    const cut = whole.slice(0, whole.indexOf('ünïcödé') + 3);
    const lines = cut.split('\n');
    for (const size of [4, cut.length]) {
      expect(read(cut, size)).toBe(`Position ${cut.length} (line ${lines.length}, column ${lines.at(-1)!.length + 1}): Unexpected end of JSON input`);
    }
    // Cut between elements, and after the last one.
    expect(read('[{"a":1},')).toBe('Position 9 (line 1, column 10): Unexpected end of JSON input');
    expect(read('[{"a":1}\n')).toBe('Position 9 (line 2, column 1): Unexpected end of JSON input');
    expect(read('[{"a": tr')).toBe('Position 9 (line 1, column 10): Unexpected end of JSON input');
  });

  it('tells where a malformed element goes wrong, with JSON.parse\'s words, in the second element too', () => {
    const bad = '[\n  {"a": 1},\n  {"b": 2 "c": 3}\n]';
    expect(read(bad)).toBe("Position 24 (line 3, column 11): Expected ',' or '}' after property value");
    expect(bad[24]).toBe('"');
    // JSON.parse says no position for an unexpected token: the place is found by walking the element.
    const token = '[{"a": 1},\n {"b": [1, 2,\n   x]}]';
    const at = token.indexOf('x');
    expect(read(token, 3)).toBe(`Position ${at} (line 3, column 4): Unexpected token 'x'`);
    // An error before the cut of a truncated file is the error told.
    expect(read('[{"a": 1 "b"')).toBe("Position 9 (line 1, column 10): Expected ',' or '}' after property value");
  });
});

describe('locateJsonError', () => {
  it('finds the first character that cannot be there', () => {
    expect(locateJsonError('{"a": x}')).toBe(6);
    expect(locateJsonError('{"a": tru}')).toBe(9);
    expect(locateJsonError('[1, 2,]')).toBe(6);
    expect(locateJsonError('{"a": "\\q"}')).toBe(8);
    expect(locateJsonError('{"a": "\u0001"}')).toBe(7);
    expect(locateJsonError('{"a": -}')).toBe(7);
    expect(locateJsonError('{"a": 1} 2')).toBe(9);
    expect(locateJsonError('{"a": [1, {"b": null}]}')).toBe(-1);
  });
});
