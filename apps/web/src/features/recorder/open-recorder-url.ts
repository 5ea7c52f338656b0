import type { RecorderMode } from '../../lib/web-constants';
import { randomId } from '../../lib/random-id';

/** In-app /open-recorder/{mode} link; empty values are left out, a fresh uuid is added. */
export function openRecorderUrl(mode: RecorderMode, params: Record<string, string | number | boolean | null | undefined>): string {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') qs.set(key, String(value));
  }
  if (!qs.has('uuid')) qs.set('uuid', randomId());
  return `/open-recorder/${mode}?${qs.toString()}`;
}
