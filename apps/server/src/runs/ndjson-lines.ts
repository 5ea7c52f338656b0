import type { Envelope } from '@cucumber/messages';
import { ReportImportError } from '@stepwise/runner/report-model';

/** A report that cannot be read, with where: 'Line 12: Unexpected end of JSON input'. */
export class ReportFormatError extends ReportImportError {}

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
