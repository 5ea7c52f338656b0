import { createHash } from 'node:crypto';
import { stripVTControlCharacters } from 'node:util';
import type { FailureCategory } from '../ai/ai-types.ts';

/**
 * The one place a failure is normalised and hashed, for the scenario history and for root-cause
 * analysis. A failure's parts: the error message's head (before the call log or the stack, plus the
 * element a locator waited for) with what changes from run to run masked (numbers, ids, hex, UUIDs,
 * the hosts, ports and paths of URLs, the folders of file paths), the failing step's text (quoted
 * values kept: "Add to cart" and "Checkout" are different failures) and the top stack frame (its
 * function and file name; folders, line and column masked).
 *
 * Two signatures are made of these parts:
 * - `signatureOf` (the history's failure groups): message + step + top frame, the same failure at the
 *   same place in the code;
 * - `failureSignature` (root-cause analysis, "same cause"): the analysed category + step + message,
 *   the same cause wherever the code failed.
 */

export interface FailureParts {
  message: string;
  step: string | null;
  frame: string | null;
}

const STACK_FRAME_RE = /^\s*at\s/;
const FRAME_RE = /^\s*at\s+(.*)$/;
const HEAD_END_RE = /^\s*(?:Call log:|={3,}|-{3,})/;
const MAX_HEAD_LINES = 3;
const NO_MESSAGE = '(no message)';
/** A file path: absolute (/x/y, C:\x\y, file://...) or relative (./x, ../x), up to a space, quote, bracket or line:column; not a URL's path. */
const PATH_RE = /(?<![:/\w.])(?:file:\/\/)?(?:[A-Za-z]:\\|\.{1,2}[\\/]|\/)(?:[^\s'"`()<>[\]:\\/]+[\\/])*([^\s'"`()<>[\]:\\/]+)/g;

/** The error without terminal colours and with Windows line ends made plain. */
export function plainError(error: string): string {
  return stripVTControlCharacters(error).replace(/\r\n?/g, '\n');
}

/** The lines that say what went wrong: before the call log or the stack, and the element a locator waited for. */
export function errorHead(error: string): string {
  const lines = plainError(error).split('\n');
  const head: string[] = [];
  for (const line of lines) {
    if (!line.trim()) {
      if (head.length) break;
      continue;
    }
    if (HEAD_END_RE.test(line) || STACK_FRAME_RE.test(line)) break;
    head.push(line.trim());
    if (head.length === MAX_HEAD_LINES) break;
  }
  const waiting = lines.find((l) => /^\s*-?\s*waiting for /.test(l));
  if (waiting && !head.some((l) => l.includes(waiting.trim()))) head.push(waiting.replace(/^\s*-?\s*/, ''));
  return head.join('\n');
}

/** Run-to-run details masked: URLs, UUIDs, ULIDs, IP addresses, hex, numbers; whitespace made single. */
export function maskVolatile(text: string): string {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*):\/\/[^\s'"`)<>\]]+/gi, (_, scheme: string) => `${scheme.toLowerCase()}://<host>/<path>`)
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/\b[0-9A-HJKMNP-TV-Z]{26}\b/g, '<id>')
    .replace(/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, '<host>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<hex>')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{6,}\b/gi, '<hex>')
    .replace(/\d+/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Folders of a path masked, its file name kept (`<path>/cart.mjs`). */
export function maskPaths(text: string): string {
  return text.replace(PATH_RE, (_m, file: string) => `<path>/${file}`);
}

/** The first stack frame of an error, normalised. */
export function topFrame(error: string): string | null {
  for (const line of plainError(error).split('\n')) {
    const m = FRAME_RE.exec(line);
    if (m) return maskVolatile(maskPaths(m[1]));
  }
  return null;
}

/** A failure's normalised parts. */
export function failureParts(error: string | null, stepText: string | null): FailureParts {
  const text = error ?? '';
  const step = stepText ? stepText.replace(/\s+/g, ' ').trim() : '';
  return {
    message: maskVolatile(maskPaths(errorHead(text))) || NO_MESSAGE,
    step: step || null,
    frame: topFrame(text),
  };
}

const sha16 = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 16);

/** The history's signature (failure groups): sha1 of message, step and top frame, 16 hex digits. */
export function signatureOf(parts: FailureParts): string {
  return sha16([parts.message, parts.step ?? '', parts.frame ?? ''].join('\n'));
}

/** The text root-cause analysis hashes: category, step and message (kept apart for tests and for reading why two failures group). */
export function signatureText(category: FailureCategory, stepText: string, error: string): string {
  const parts = failureParts(error, stepText);
  return [category, parts.step ?? '', parts.message].join('\n');
}

/** Root-cause analysis' signature (same cause): sha1 of the signature text, 16 hex digits. */
export function failureSignature(category: FailureCategory, stepText: string, error: string): string {
  return sha16(signatureText(category, stepText, error));
}
