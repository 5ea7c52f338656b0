import type { Envelope } from '@cucumber/messages';
import { ReportImportError } from '@stepwise/runner/report-model';

/** A report that cannot be read, with where: 'Line 12: Unexpected end of JSON input'. */
export class ReportFormatError extends ReportImportError {}

const MAX_LINE = 256 * 1024 * 1024;

/**
 * Cucumber messages (NDJSON), one envelope per line, fed chunk by chunk: each complete line is parsed
 * and handed to `onEnvelope` at once (synchronously: no promise per line). Anything that is not a JSON
 * object is refused with its line number; a file cut in the middle of a line fails on that line.
 */
export class NdjsonLineReader {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly onEnvelope: (envelope: Envelope) => void;
  private rest = '';
  private lineNo = 0;
  /** Envelopes read. */
  count = 0;

  constructor(onEnvelope: (envelope: Envelope) => void) {
    this.onEnvelope = onEnvelope;
  }

  push(chunk: Uint8Array | string): void {
    let text: string;
    try {
      text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    } catch {
      throw new ReportFormatError(`Line ${this.lineNo + 1}: the file is not UTF-8 text`);
    }
    let start = 0;
    let nl = text.indexOf('\n');
    if (nl !== -1 && this.rest) {
      this.line(this.rest + text.slice(0, nl));
      this.rest = '';
      start = nl + 1;
      nl = text.indexOf('\n', start);
    }
    for (; nl !== -1; nl = text.indexOf('\n', start)) {
      this.line(text.slice(start, nl));
      start = nl + 1;
    }
    this.rest = start === 0 ? this.rest + text : text.slice(start);
    if (this.rest.length > MAX_LINE) throw new ReportFormatError(`Line ${this.lineNo + 1}: longer than ${MAX_LINE / 1024 / 1024} MB`);
  }

  /** The end of the stream: the last line (without a newline) is read too. */
  end(): void {
    let tail = this.rest;
    try {
      tail += this.decoder.decode();
    } catch {
      // Bytes of a character cut at the end of the file: a cut file, told as such by the line.
    }
    this.rest = '';
    this.line(tail, true);
  }

  /** `last`: the file ended on this line without a newline (a cut file, when it does not parse). */
  private line(raw: string, last = false): void {
    this.lineNo += 1;
    const value = parseEnvelopeLine(raw, this.lineNo, last);
    if (value === null) return;
    this.count += 1;
    this.onEnvelope(value);
  }
}

/**
 * One line of Cucumber messages: its envelope, or null for a blank line. Anything that is not a JSON
 * object is refused with its line number; `last`: the file ended on this line without a newline (a
 * cut file, when it does not parse).
 */
export function parseEnvelopeLine(raw: string, lineNo: number, last: boolean): Envelope | null {
  let text = raw;
  // Lines start with '{'; blank lines (and whitespace around a message) are allowed.
  if (text.length === 0) return null;
  if (text.charCodeAt(0) !== 0x7b) {
    text = text.trim();
    if (!text) return null;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const at = /at position (\d+)/.exec(message);
    if (last && (/^Unexpected end|^Unterminated/.test(message) || (at && Number(at[1]) >= text.length))) {
      throw new ReportFormatError(`Line ${lineNo}: Unexpected end of JSON input (the file ends in the middle of this line)`);
    }
    throw new ReportFormatError(`Line ${lineNo}: ${message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ReportFormatError(`Line ${lineNo}: a message must be a JSON object`);
  return value as Envelope;
}

/** Reads a whole NDJSON stream into `onEnvelope`; returns the number of envelopes. */
export async function readNdjsonInto(stream: AsyncIterable<Uint8Array | string>, onEnvelope: (envelope: Envelope) => void): Promise<number> {
  const reader = new NdjsonLineReader(onEnvelope);
  for await (const chunk of stream) reader.push(chunk);
  reader.end();
  return reader.count;
}

/** The envelopes of an NDJSON stream, one at a time (the same checks, for callers that pull). */
export async function* ndjsonEnvelopes(stream: AsyncIterable<Uint8Array | string>): AsyncGenerator<Envelope> {
  const out: Envelope[] = [];
  const reader = new NdjsonLineReader((e) => out.push(e));
  for await (const chunk of stream) {
    reader.push(chunk);
    yield* out.splice(0);
  }
  reader.end();
  yield* out.splice(0);
}
