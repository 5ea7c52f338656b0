import { isUtf8 } from 'node:buffer';
import type { Envelope } from '@cucumber/messages';
import { parseEnvelopeLine, ReportFormatError } from '../ndjson-lines.ts';

/**
 * The lines of an NDJSON report that grows in a shared buffer while it is uploaded. Each ingest worker
 * scans every line (finding a line and its message type costs little) and reads only the messages it
 * owns: the work of parsing is shared out by message type, without copying a byte.
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
  private buf: Buffer;
  private pos = 0;
  private lineNo = 0;

  constructor(sab: SharedArrayBuffer) {
    this.sab = sab;
    this.buf = Buffer.from(sab);
  }

  /** The line being visited (one object, reused: a visitor keeps its numbers, never the object). */
  private readonly current: ScannedLine = { start: 0, stop: 0, lineNo: 0, last: false };

  /**
   * Visits the complete lines up to byte `end` (and, when `final`, the last one without a newline).
   * Stops early when `visit` returns false.
   */
  scan(end: number, final: boolean, visit: (line: ScannedLine) => boolean | void): void {
    if (this.buf.length < end) this.buf = Buffer.from(this.sab);
    // Bytes past `end` may still be being written: the search stops there.
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
      if (visit(line) === false) return;
    }
  }

  /**
   * The message type of a line from its first bytes (`{"testStepFinished":...`), '' for a blank line,
   * null when the line does not start that way (whitespace, a BOM, a type of no known name: it must be
   * parsed to be known). Only native searches and comparisons touch the shared bytes (reading them
   * one by one from script is slow on a growable buffer).
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

  /** The line as text; refused unless it is UTF-8. */
  text(line: ScannedLine): string {
    const bytes = this.buf.subarray(line.start, line.stop);
    if (!isUtf8(bytes)) throw new ReportFormatError(`Line ${line.lineNo}: the file is not UTF-8 text`);
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
