import { expect } from 'vitest';
import type { ApiResult } from './api-client.ts';

/** The response is the error envelope `{ status: 'error', error }` with this status and a readable text. */
export function expectError(res: ApiResult, status: number, error?: string | RegExp): void {
  const seen = `${res.status} ${JSON.stringify(res.body)}`;
  expect(res.status, seen).toBe(status);
  expect(res.body?.status, seen).toBe('error');
  expect(typeof res.body.error, seen).toBe('string');
  expect(res.body.error.length, seen).toBeGreaterThan(0);
  if (typeof error === 'string') expect(res.body.error).toBe(error);
  else if (error) expect(res.body.error).toMatch(error);
}

/** The response is a 200 with `status: 'success'`. */
export function expectOk(res: ApiResult): void {
  const seen = `${res.status} ${JSON.stringify(res.body)}`;
  expect(res.status, seen).toBe(200);
  expect(res.body?.status, seen).toBe('success');
}
