import { createHash } from 'node:crypto';
import { stripVTControlCharacters } from 'node:util';
import type { FailureCategory } from '../ai-types.ts';

/**
 * A failure's signature: the same cause in another run gives the same one. Built from the category,
 * the failed step's text (quoted values kept: "Add to cart" and "Checkout" are different causes) and
 * the error's leading lines with what changes from run to run masked (numbers, ids, hex, UUIDs, the
 * hosts, ports and paths of URLs), hashed.
 */

const STACK_FRAME_RE = /^\s*at\s/;
const HEAD_END_RE = /^\s*(?:Call log:|={3,}|-{3,})/;
const MAX_HEAD_LINES = 3;

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

/** The error's head with run-to-run details masked. */
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

/** The text the signature hashes (kept apart for tests and for reading why two failures group). */
export function signatureText(category: FailureCategory, stepText: string, error: string): string {
  return [category, stepText.replace(/\s+/g, ' ').trim(), maskVolatile(errorHead(error))].join('\n');
}

/** sha1 of the signature text, 16 hex digits. */
export function failureSignature(category: FailureCategory, stepText: string, error: string): string {
  return createHash('sha1').update(signatureText(category, stepText, error)).digest('hex').slice(0, 16);
}
