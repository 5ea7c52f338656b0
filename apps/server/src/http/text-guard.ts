import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const SURROGATE_MESSAGE = 'Text must be valid Unicode (it holds an unpaired surrogate such as \\ud800)';

/** Where a value holds text PostgreSQL cannot store: the field's path ('logs.0.name') and what is wrong. */
export interface BadText {
  path: string;
  problem: 'nul' | 'surrogate';
}

function problemOf(text: string): BadText['problem'] | null {
  if (text.includes('\u0000')) return 'nul';
  return text.isWellFormed() ? null : 'surrogate';
}

/**
 * The first string (or object key) anywhere in the value that holds a NUL character or an unpaired
 * UTF-16 surrogate. Walked without recursion, so that no nesting depth lets a value through.
 */
export function findBadText(value: unknown, root = ''): BadText | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const problem = problemOf(v);
      if (problem) return { path, problem };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    // A streamed body (report uploads) is checked by whoever reads it.
    if (typeof (v as { pipe?: unknown }).pipe === 'function' || Buffer.isBuffer(v)) continue;
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], at(String(i))]);
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      const problem = problemOf(key);
      // The key is named with its bad characters replaced, so that the answer itself is valid text.
      if (problem) return { path: at(key.replaceAll('\u0000', '\ufffd').toWellFormed()), problem };
      stack.push([item, at(key)]);
    }
  }
  return null;
}

/** The message of a refused value: NUL keeps its long-standing text; a surrogate names the field. */
export function badTextMessage(bad: BadText): string {
  return bad.problem === 'nul' ? NUL_MESSAGE : `${bad.path || 'body'}: ${SURROGATE_MESSAGE}`;
}

/**
 * PostgreSQL text and jsonb can hold neither NUL nor an unpaired surrogate (JSON's "\ud800" is valid
 * JSON but not valid Unicode), so a request carrying one would fail in the database with a 500 (or
 * be stored changed, where it is sealed first); it is refused up front as the client's mistake.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const bad = findBadText(request.params) ?? findBadText(request.query) ?? findBadText(request.body);
    if (bad) throw badRequest(badTextMessage(bad));
  });
}
