import { MSG } from '@stepwise/shared';
import { ApiError } from './client';

/** The spec's failure text, followed by the server's reason when it gave one. */
export function failureText(fallback: string, err: unknown): string {
  const detail = err instanceof ApiError && err.status > 0 && err.message && err.message !== MSG.unexpected ? err.message : null;
  if (!detail || detail === fallback) return fallback;
  return /[.!?]$/.test(fallback) ? `${fallback} ${detail}` : `${fallback}: ${detail}`;
}
