import { isUtf8 } from 'node:buffer';
import type { Envelope } from '@cucumber/messages';
import { parseEnvelopeLine, ReportFormatError } from '../ndjson-lines.ts';

/**
 * The lines of an NDJSON report that grows in a shared buffer while it is uploaded: each line once,
 * wherever the upload's pieces were cut, its message type from its first bytes, and the bytes checked
 * to be UTF-8 a range at a time.
 */

export const MAX_LINE = 256 * 1024 * 1024;

/** A line of the report: its bytes [start, stop) in the buffer (without the newline and a '\r' before it). */
export interface ScannedLine {
  start: number;
  stop: number;
  /** From 1. */
  lineNo: number;
  /** The file ends on this line without a newline. */
  last: boolean;
}

/** Every message type of the Cucumber messages protocol (others are parsed to be known). */
const MESSAGE_TYPES = [
  'attachment',
  'externalAttachment',
  'gherkinDocument',
  'hook',
  'meta',
  'parameterType',
  'parseError',
  'pickle',
  'source',
  'stepDefinition',
  'suggestion',
  'testCase',
  'testCaseFinished',
  'testCaseStarted',
  'testRunFinished',
  'testRunStarted',
  'testStepFinished',
  'testStepStarted',
  'testRunHookStarted',
  'testRunHookFinished',
  'undefinedParameterType',
];
/**
 * Known types by a key of their name's length, 5th and last letters (unique among them: checked
 * here). A line whose key matches is taken to be of that type without comparing every letter: a line
 * of an unknown type that shares a key goes to the worker of the known type, which parses it and,
 * like any worker, acts only on the types it knows.
 */
const typeKey = (length: number, fifth: number, last: number) => length | (fifth << 8) | (last << 16);
const TYPE_BY_KEY = new Map<number, string>();
for (const name of MESSAGE_TYPES) {
  // hook and meta (a few lines of a report) are parsed to be known.
  if (name.length < 5) continue;
  const key = typeKey(name.length, name.charCodeAt(4), name.charCodeAt(name.length - 1));
  if (TYPE_BY_KEY.has(key)) throw new Error(`Message types ${TYPE_BY_KEY.get(key)} and ${name} share a key`);
  TYPE_BY_KEY.set(key, name);
}

/** A line of spaces, tabs and carriage returns only (the first 4096 bytes are looked at: a longer line is not blank). */
function isBlank(head: string, length: number): boolean {
  return length <= 4096 && head.trim() === '';
}

export class LineScanner {
  private readonly sab: SharedArrayBuffer;
  /**
   * The bytes, or when the shared buffer is growable (an upload of unknown length), the worker's own
   * copy of them so far, at the same offsets: script reads the bytes of a growable buffer about
   * 8x more slowly, and a copy of each new range costs less.
   */
  private buf: Buffer = Buffer.alloc(0);
  private copied = 0;
  /** Bytes before this were found to be UTF-8 (whole lines, checked a range at a time). */
  private utf8Until = 0;
  /** Lines before this byte are checked one by one: their range was not all UTF-8. */
  private checkLinesUntil = 0;
  private pos = 0;
  private lineNo = 0;

  constructor(sab: SharedArrayBuffer) {
    this.sab = sab;
    // A buffer made at the upload's size is read as it is.
    if (!sab.growable) {
      this.buf = Buffer.from(sab);
      this.copied = sab.byteLength;
    }
  }

  /** The bytes read so far (lines are [start, stop) in them). */
  get bytes(): Buffer {
    return this.buf;
  }

  private copy(end: number): void {
    if (end <= this.copied) return;
    if (end > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(end, Math.min(this.sab.maxByteLength, this.buf.length * 2)));
      this.buf.copy(grown, 0, 0, this.copied);
      this.buf = grown;
    }
    this.buf.set(new Uint8Array(this.sab, this.copied, end - this.copied), this.copied);
    this.copied = end;
  }

  /** One UTF-8 check for the complete lines up to `end` (a range that ends at a newline is UTF-8 if each of its lines is). */
  private checkUtf8(end: number, final: boolean): void {
    if (end <= this.utf8Until) return;
    // The search goes back no further than the checked bytes (a long line arrives in many ranges).
    const stop = final ? end : this.utf8Until + this.buf.subarray(this.utf8Until, end).lastIndexOf(10) + 1;
    if (stop <= this.utf8Until) return;
    if (!isUtf8(this.buf.subarray(this.utf8Until, stop))) this.checkLinesUntil = stop;
    this.utf8Until = stop;
  }

  /** The line being visited (one object, reused: a visitor keeps its numbers, never the object). */
  private readonly current: ScannedLine = { start: 0, stop: 0, lineNo: 0, last: false };

  /**
   * Visits the complete lines up to byte `end` (and, when `final`, the last one without a newline).
   * Stops early when `visit` returns false.
   */
  scan(end: number, final: boolean, visit: (line: ScannedLine) => boolean | void): void {
    this.copy(end);
    this.checkUtf8(end, final);
    // Bytes past `end` are not there yet: the search stops there.
    const buf = end < this.buf.length ? this.buf.subarray(0, end) : this.buf;
    while (this.pos < end) {
      let nl = buf.indexOf(10, this.pos);
      const last = nl === -1 || nl >= end;
      if (last) {
        if (!final) {
          if (end - this.pos > MAX_LINE) throw new ReportFormatError(`Line ${this.lineNo + 1}: longer than ${MAX_LINE / 1024 / 1024} MB`);
          return;
        }
        nl = end;
      }
      const start = this.pos;
      let stop = nl;
      if (stop > start && buf[stop - 1] === 13) stop--;
      this.pos = nl + 1;
      this.lineNo++;
      const line = this.current;
      line.start = start;
      line.stop = stop;
      line.lineNo = this.lineNo;
      line.last = last && final;
      if (start < this.checkLinesUntil && !isUtf8(buf.subarray(start, stop))) throw new ReportFormatError(`Line ${line.lineNo}: the file is not UTF-8 text`);
      if (visit(line) === false) return;
    }
  }

  /**
   * The message type of a line from its first bytes (`{"testStepFinished":...`), '' for a blank line,
   * null when the line does not start that way (whitespace, a BOM, a type of no known name: it must be
   * parsed to be known).
   */
  typeOf(line: ScannedLine): string | null {
    const { buf } = this;
    const { start, stop } = line;
    if (start === stop) return '';
    if (buf[start] !== 0x7b || buf[start + 1] !== 0x22) return isBlank(buf.toString('latin1', start, Math.min(stop, start + 4096)), stop - start) ? '' : null;
    const quote = buf.indexOf(0x22, start + 2);
    const length = quote - start - 2;
    if (quote === -1 || quote >= stop || length < 5 || buf[quote + 1] !== 0x3a) return null;
    return TYPE_BY_KEY.get(typeKey(length, buf[start + 6], buf[quote - 1])) ?? null;
  }

  /** The line as text (its bytes were found to be UTF-8 before it was visited). */
  text(line: ScannedLine): string {
    return this.buf.toString('utf8', line.start, line.stop);
  }

  /** The line's message (null for a blank line); refused with its line number when it is not a JSON object. */
  envelope(line: ScannedLine, text = this.text(line)): Envelope | null {
    return parseEnvelopeLine(text, line.lineNo, line.last);
  }
}

/** The first key of a parsed message: its type. */
export function typeOfEnvelope(envelope: Envelope): string {
  for (const key in envelope) return key;
  return '';
}

/** A refusal of the report as the threads tell it: its line (from 'Line 12: ...') and message. */
export function problemOf(err: Error): { line: number; message: string } {
  return { line: Number(/^Line (\d+)/.exec(err.message)?.[1] ?? 0), message: err.message };
}
