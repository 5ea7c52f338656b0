import type { Envelope } from '@cucumber/messages';

/** A report that cannot be read, with where: 'Line 12: Unexpected end of JSON input'. */
export class ReportFormatError extends Error {}

const MAX_LINE = 256 * 1024 * 1024;

/**
 * Envelopes of a Cucumber messages (NDJSON) stream, one per line, with the line number of anything
 * that is not a JSON object. A file cut in the middle of a line fails on that line.
 */
export async function* ndjsonEnvelopes(stream: AsyncIterable<Buffer | string>): AsyncGenerator<Envelope> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  let lineNo = 0;
  const parse = (line: string): Envelope | null => {
    lineNo += 1;
    const text = line.trim();
    if (!text) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new ReportFormatError(`Line ${lineNo}: ${(err as Error).message}`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ReportFormatError(`Line ${lineNo}: a message must be a JSON object`);
    return value as Envelope;
  };
  for await (const chunk of stream) {
    let text: string;
    try {
      text = rest + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    } catch {
      throw new ReportFormatError(`Line ${lineNo + 1}: the file is not UTF-8 text`);
    }
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const envelope = parse(text.slice(start, nl));
      if (envelope) yield envelope;
      start = nl + 1;
    }
    rest = text.slice(start);
    if (rest.length > MAX_LINE) throw new ReportFormatError(`Line ${lineNo + 1}: longer than ${MAX_LINE / 1024 / 1024} MB`);
  }
  const envelope = parse(rest + decoder.decode());
  if (envelope) yield envelope;
}
