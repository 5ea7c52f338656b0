import { describe, expect, it } from 'vitest';
import { ReportFormatError } from '../ndjson-lines.ts';
import { LineScanner, typeOfEnvelope, type ScannedLine } from './line-scanner.ts';

/** A shared buffer holding `text`, as the ingest fills it: growable (an upload of unknown length), or of its size. */
function bufferOf(text: string, growable = true): { sab: SharedArrayBuffer; end: number } {
  const bytes = Buffer.from(text, 'utf8');
  const sab = growable ? new SharedArrayBuffer(Math.max(16, bytes.length), { maxByteLength: 1 << 20 }) : new SharedArrayBuffer(bytes.length);
  new Uint8Array(sab).set(bytes);
  return { sab, end: bytes.length };
}

function linesOf(text: string, cuts: number[] = [], growable = true): Array<{ text: string; type: string | null; lineNo: number; last: boolean }> {
  const { sab, end } = bufferOf(text, growable);
  const scanner = new LineScanner(sab);
  const out: Array<{ text: string; type: string | null; lineNo: number; last: boolean }> = [];
  const visit = (line: ScannedLine) => {
    out.push({ text: scanner.text(line), type: scanner.typeOf(line), lineNo: line.lineNo, last: line.last });
  };
  for (const cut of cuts) scanner.scan(cut, false, visit);
  scanner.scan(end, true, visit);
  return out;
}

describe('LineScanner', () => {
  it('gives each line once, wherever the bytes were cut, without its line end', () => {
    const text = '{"meta":{}}\r\n\n{"testCase":{"id":"1"}}\n  \n{"pickle":{"name":"café"}}';
    const whole = linesOf(text);
    expect(whole.map((l) => [l.text, l.type, l.lineNo, l.last])).toEqual([
      ['{"meta":{}}', null, 1, false],
      ['', '', 2, false],
      ['{"testCase":{"id":"1"}}', 'testCase', 3, false],
      ['  ', '', 4, false],
      ['{"pickle":{"name":"café"}}', 'pickle', 5, true],
    ]);
    // Cut inside a line, inside "\r\n" and inside the two bytes of "é": the same lines.
    const at = Buffer.from(text).indexOf('é');
    expect(linesOf(text, [5, 12, 13, at + 1])).toEqual(whole);
    expect(linesOf(text, [5, 12, 13, at + 1], false)).toEqual(whole);
    expect(linesOf(text, [], false)).toEqual(whole);
  });

  it('knows every message type by its first bytes, and no type of a line that starts otherwise', () => {
    const types = ['attachment', 'gherkinDocument', 'pickle', 'source', 'stepDefinition', 'testCase', 'testCaseStarted', 'testCaseFinished', 'testStepStarted', 'testStepFinished', 'testRunStarted', 'testRunFinished', 'testRunHookStarted', 'testRunHookFinished', 'parameterType', 'undefinedParameterType', 'parseError'];
    const got = linesOf(types.map((t) => `{"${t}":{}}`).join('\n')).map((l) => l.type);
    expect(got).toEqual(types);
    // A space, a BOM, an escaped key, no colon: parsed to be known.
    expect(linesOf(' {"pickle":{}}\n\uFEFF{"pickle":{}}\n{"pick\\u006ce":{}}\n{"pickle" :{}}').map((l) => l.type)).toEqual([null, null, null, null]);
  });

  it('refuses a line that is not UTF-8 or not a JSON object, naming the line; tells a cut last line', () => {
    // A bad byte in the second line: the lines before it are read, then the scan stops at it,
    // whether the bytes arrive at once or in pieces, in either kind of buffer.
    for (const growable of [true, false])
      for (const cuts of [[], [3, 13, 15, 20]]) {
        const { sab, end } = bufferOf('{"meta":{}}\n{"a":"\u00e9"}\n{"b":1}\n', growable);
        new Uint8Array(sab)[14] = 0xff;
        const scanner = new LineScanner(sab);
        const seen: number[] = [];
        const visit = (line: ScannedLine) => void seen.push(line.lineNo);
        const scanAll = () => {
          for (const cut of cuts) scanner.scan(cut, false, visit);
          scanner.scan(end, true, visit);
        };
        expect(scanAll).toThrow(new ReportFormatError('Line 2: the file is not UTF-8 text'));
        expect(seen).toEqual([1]);
      }

    const cut = bufferOf('{"meta":{}}\n[1,2]\n{"pickle":{"na');
    const s2 = new LineScanner(cut.sab);
    const messages: string[] = [];
    s2.scan(cut.end, true, (line) => {
      try {
        const e = s2.envelope(line);
        if (e) expect(typeOfEnvelope(e)).toBe('meta');
      } catch (err) {
        messages.push((err as Error).message);
      }
    });
    expect(messages).toEqual(['Line 2: a message must be a JSON object', 'Line 3: Unexpected end of JSON input (the file ends in the middle of this line)']);
  });
});
