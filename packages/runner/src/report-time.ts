import type * as messages from '@cucumber/messages';
import type { StepStatus } from '@stepwise/shared';

/** Timestamps, durations and statuses of Cucumber messages, as the report has them. */

type Timestamp = messages.Timestamp;

/** Worst first: the order of cucumber's getWorstTestStepResult. */
export const SEVERITY: Record<string, number> = { UNKNOWN: 0, PASSED: 1, SKIPPED: 2, PENDING: 3, UNDEFINED: 4, AMBIGUOUS: 5, FAILED: 6 };
export const FAILING = new Set(['FAILED', 'UNDEFINED', 'AMBIGUOUS']);
const KNOWN_STATUSES = new Set(['PASSED', 'FAILED', 'UNDEFINED', 'AMBIGUOUS', 'SKIPPED', 'PENDING', 'UNKNOWN']);

/** The ISO text of the last second converted, up to the milliseconds: timestamps of a run come in order. */
let isoSecond = NaN;
let isoPrefix = '';

export function timestampToIso(ts: Timestamp | undefined | null): string | null {
  if (!ts) return null;
  const seconds = Number(ts.seconds);
  const millis = Math.floor(Number(ts.nanos ?? 0) / 1e6);
  if (Number.isInteger(seconds) && millis >= 0 && millis < 1000) {
    if (seconds !== isoSecond) {
      const iso = new Date(seconds * 1000).toISOString();
      if (iso.length !== 24) return new Date(seconds * 1000 + millis).toISOString();
      isoSecond = seconds;
      isoPrefix = iso.slice(0, 20);
    }
    return `${isoPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
  }
  const ms = seconds * 1000 + millis;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

export function durationMs(d: messages.Duration | undefined): number {
  if (!d) return 0;
  return Number(d.seconds) * 1000 + Number(d.nanos ?? 0) / 1e6;
}

export function status(s: string | undefined): StepStatus {
  return (s && KNOWN_STATUSES.has(s) ? s : 'UNKNOWN') as StepStatus;
}
