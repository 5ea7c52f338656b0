import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** True when a string anywhere in the value (objects, arrays) holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  // A streamed body (report uploads) is checked by whoever reads it.
  if (typeof (value as { pipe?: unknown }).pipe === 'function' || Buffer.isBuffer(value)) return false;
  const items = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return items.some((v) => containsNul(v, depth + 1));
}

/**
 * PostgreSQL text and jsonb cannot hold NUL, so a request carrying one would fail in the database
 * with a 500; it is refused up front as the client's mistake.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) throw badRequest(NUL_MESSAGE);
  });
}
