import type { Envelope } from '@cucumber/messages';
import { envelopeProblem, ReportImportError } from '@stepwise/runner/report-model';

/** A report that cannot be read, with where: 'Line 12: Unexpected end of JSON input'. */
export class ReportFormatError extends ReportImportError {}

/**
 * One line of Cucumber messages: its envelope, or null for a blank line. Anything that is not a JSON
 * object, or a message with a field of another type than the protocol's (a pickle name that is a
 * number), is refused with its line number (`lineNo`, or a function that counts it, for a line read
 * again by its place); `last`: the file ended on this line without a newline (a cut file, when it does
 * not parse).
 */
export function parseEnvelopeLine(raw: string, lineNo: number | (() => number), last: boolean): Envelope | null {
  let text = raw;
  // Lines start with '{'; blank lines (and whitespace around a message) are allowed.
  if (text.length === 0) return null;
  if (text.charCodeAt(0) !== 0x7b) {
    text = text.trim();
    if (!text) return null;
  }
  let value: unknown;
  const line = () => (typeof lineNo === 'number' ? lineNo : lineNo());
  try {
    value = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const at = /at position (\d+)/.exec(message);
    if (last && (/^Unexpected end|^Unterminated/.test(message) || (at && Number(at[1]) >= text.length))) {
      throw new ReportFormatError(`Line ${line()}: Unexpected end of JSON input (the file ends in the middle of this line)`);
    }
    throw new ReportFormatError(`Line ${line()}: ${message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ReportFormatError(`Line ${line()}: a message must be a JSON object`);
  const problem = envelopeProblem(value);
  if (problem) throw new ReportFormatError(`Line ${line()}: ${problem}`);
  return value as Envelope;
}
