import type { DashboardDataDto } from '@stepwise/shared';
import type { DateRange } from './periods';

export interface ChartBucket {
  /** YYYY-MM-DD (a day) or YYYY-MM (a month). */
  key: string;
  label: string;
  passed: number;
  failed: number;
  /** Seconds. */
  executionTime: number;
}

/** Up to this many days (a month and today) the chart has one bar per day; longer periods have one per month. */
export const MAX_DAILY_BARS = 32;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

function dayCount(range: DateRange): number {
  const start = new Date(range.start.getFullYear(), range.start.getMonth(), range.start.getDate());
  const end = new Date(range.end.getFullYear(), range.end.getMonth(), range.end.getDate());
  return Math.round((end.getTime() - start.getTime()) / 86_400_000) + 1;
}

/**
 * The per-day `series` of the dashboard data laid on every day (or month) of the period, days
 * without runs at 0, so the x axis is continuous. Entries outside the period are left out.
 */
export function chartBuckets(series: DashboardDataDto['series'], range: DateRange): ChartBucket[] {
  const monthly = dayCount(range) > MAX_DAILY_BARS;
  const buckets = new Map<string, ChartBucket>();
  const cursor = new Date(range.start.getFullYear(), range.start.getMonth(), range.start.getDate());
  while (cursor <= range.end) {
    const key = monthly ? dayKey(cursor).slice(0, 7) : dayKey(cursor);
    if (!buckets.has(key)) {
      const label = monthly ? `${MONTHS[cursor.getMonth()]} ${cursor.getFullYear()}` : `${MONTHS[cursor.getMonth()]} ${cursor.getDate()}`;
      buckets.set(key, { key, label, passed: 0, failed: 0, executionTime: 0 });
    }
    cursor.setDate(cursor.getDate() + 1);
  }
  for (const entry of series) {
    const day = entry.date.slice(0, 10);
    const bucket = buckets.get(monthly ? day.slice(0, 7) : day);
    if (!bucket) continue;
    bucket.passed += entry.passed || 0;
    bucket.failed += entry.failed || 0;
    bucket.executionTime += entry.executionTime || 0;
  }
  return [...buckets.values()];
}

export function hasRuns(buckets: readonly ChartBucket[]): boolean {
  return buckets.some((b) => b.passed + b.failed > 0);
}
