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

export class LineScanner {
  private readonly sab: SharedArrayBuffer;
  private buf: Buffer;
  private pos = 0;
  private lineNo = 0;

  constructor(sab: SharedArrayBuffer) {
    this.sab = sab;
    this.buf = Buffer.from(sab);
  }

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
      if (visit({ start, stop, lineNo: this.lineNo, last: last && final }) === false) return;
    }
  }

  /**
   * The message type of a line from its first bytes (`{"testStepFinished":...`), '' for a blank line,
   * null when the line does not start that way (whitespace, a BOM: it must be parsed to be known).
   */
  typeOf(line: ScannedLine): string | null {
    const { buf } = this;
    const { start, stop } = line;
    if (start === stop) return '';
    if (buf[start] !== 0x7b || buf[start + 1] !== 0x22) {
      for (let i = start; i < stop; i++) {
        const b = buf[i];
        if (b !== 0x20 && b !== 0x09 && b !== 0x0d) return null;
      }
      return '';
    }
    const limit = Math.min(stop, start + 48);
    for (let i = start + 2; i < limit; i++) {
      const b = buf[i];
      if (b === 0x22) return buf[i + 1] === 0x3a ? buf.toString('latin1', start + 2, i) : null;
      if (b === 0x5c || b < 0x20 || b > 0x7e) return null;
    }
    return null;
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
