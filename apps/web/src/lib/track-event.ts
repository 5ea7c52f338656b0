import type { TRACKED_EVENTS } from '@stepwise/shared';
import { apiRequest } from '../api/client';

export type TrackedEvent = (typeof TRACKED_EVENTS)[number];

/** Best-effort product usage event; failures are ignored. */
export function trackEvent(event: TrackedEvent, projectId?: string): void {
  apiRequest('storage/event', { method: 'POST', body: { event, projectId }, ignoreUnauthorized: true }).catch(() => {});
}
