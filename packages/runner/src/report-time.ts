import type * as messages from '@cucumber/messages';
import type { StepStatus } from '@stepwise/shared';

/** Timestamps, durations and statuses of Cucumber messages, as the report has them. */

type Timestamp = messages.Timestamp;

/** Worst first: the order of cucumber's getWorstTestStepResult. */
export const SEVERITY: Record<string, number> = { UNKNOWN: 0, PASSED: 1, SKIPPED: 2, PENDING: 3, UNDEFINED: 4, AMBIGUOUS: 5, FAILED: 6 };
export const FAILING = new Set(['FAILED', 'UNDEFINED', 'AMBIGUOUS']);
const KNOWN_STATUSES = new Set(['PASSED', 'FAILED', 'UNDEFINED', 'AMBIGUOUS', 'SKIPPED', 'PENDING', 'UNKNOWN']);

/** Times a report can mean (years 1 to 9999: ISO 8601's plain form, and PostgreSQL's range), in milliseconds. */
const MIN_TIME_MS = -62_135_596_800_000;
const MAX_TIME_MS = 253_402_300_799_999;
/** The longest duration kept: an `integer` column of milliseconds holds ~24.8 days. */
export const MAX_DURATION_MS = 2_147_483_647;

/** The ISO text of a time in milliseconds; null for one outside the years 1 to 9999 (1e308 seconds, NaN). */
export function isoOrNull(ms: number): string | null {
  return Number.isFinite(ms) && ms >= MIN_TIME_MS && ms <= MAX_TIME_MS ? new Date(ms).toISOString() : null;
}

/** A duration as kept: not negative, at most MAX_DURATION_MS (a larger one, Infinity too, is cut to it), 0 when not a number. */
export function clampDurationMs(ms: number): number {
  return ms > 0 ? Math.min(ms, MAX_DURATION_MS) : 0;
}

/** The ISO text of the last second converted, up to the milliseconds: timestamps of a run come in order. */
let isoSecond = NaN;
let isoPrefix = '';

export function timestampToIso(ts: Timestamp | undefined | null): string | null {
  if (!ts) return null;
  const seconds = Number(ts.seconds);
  const millis = Math.floor(Number(ts.nanos ?? 0) / 1e6);
  if (Number.isInteger(seconds) && millis >= 0 && millis < 1000 && seconds * 1000 >= MIN_TIME_MS && seconds * 1000 <= MAX_TIME_MS) {
    if (seconds !== isoSecond) {
      const iso = new Date(seconds * 1000).toISOString();
      if (iso.length !== 24) return isoOrNull(seconds * 1000 + millis);
      isoSecond = seconds;
      isoPrefix = iso.slice(0, 20);
    }
    return `${isoPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
  }
  return isoOrNull(seconds * 1000 + millis);
}

export function durationMs(d: messages.Duration | undefined): number {
  if (!d) return 0;
  return clampDurationMs(Number(d.seconds) * 1000 + Number(d.nanos ?? 0) / 1e6);
}

export function status(s: string | undefined): StepStatus {
  return (s && KNOWN_STATUSES.has(s) ? s : 'UNKNOWN') as StepStatus;
}
