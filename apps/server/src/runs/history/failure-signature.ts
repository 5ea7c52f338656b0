import { createHash } from 'node:crypto';
import { errorHead, maskVolatile, plainError } from '../../ai/rca/failure-signature.ts';

/**
 * A failure's normalised signature across runs: the error message's head with numbers, ids, hex,
 * UUIDs, URLs and file paths masked, the failing step's text, and the top stack frame (its function
 * and file name; the folders, line and column masked). Failures with the same three group together.
 */

export interface FailureParts {
  message: string;
  step: string | null;
  frame: string | null;
}

const FRAME_RE = /^\s*at\s+(.*)$/;
/** A file path: absolute (/x/y, C:\x\y, file://...) or relative (./x, ../x), up to a space, quote, bracket or line:column; not a URL's path. */
const PATH_RE = /(?<![:/\w.])(?:file:\/\/)?(?:[A-Za-z]:\\|\.{1,2}[\\/]|\/)(?:[^\s'"`()<>[\]:\\/]+[\\/])*([^\s'"`()<>[\]:\\/]+)/g;

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

export function failureParts(error: string | null, stepText: string | null): FailureParts {
  const text = error ?? '';
  const head = errorHead(text);
  return {
    message: maskVolatile(maskPaths(head)) || '(no message)',
    step: stepText ? stepText.replace(/\s+/g, ' ').trim() : null,
    frame: topFrame(text),
  };
}

/** sha1 of the three parts, 16 hex digits. */
export function signatureOf(parts: FailureParts): string {
  return createHash('sha1').update([parts.message, parts.step ?? '', parts.frame ?? ''].join('\n')).digest('hex').slice(0, 16);
}
