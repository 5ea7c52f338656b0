/** Dashboard periods (spec section 9): the range of days whose runs the metrics count. */
export const DASHBOARD_PERIODS = [
  { id: 'last-7-days', label: 'Last 7 days' },
  { id: 'last-14-days', label: 'Last 14 days' },
  { id: 'last-month', label: 'Last month' },
  { id: 'last-year', label: 'Last year' },
  { id: 'current-year', label: 'Current year' },
] as const;

export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]['id'];
export const DEFAULT_PERIOD: DashboardPeriod = 'last-7-days';

export function isDashboardPeriod(value: string | null | undefined): value is DashboardPeriod {
  return DASHBOARD_PERIODS.some((p) => p.id === value);
}

export function periodLabel(period: DashboardPeriod): string {
  return DASHBOARD_PERIODS.find((p) => p.id === period)?.label ?? period;
}

export interface DateRange {
  /** Local midnight of the first day. */
  start: Date;
  /** The last millisecond of today (local), so runs finished later today still count. */
  end: Date;
}

function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** The same day `months` months earlier; a missing day (31 March -> February) becomes the month's last. */
function monthsBefore(d: Date, months: number): Date {
  const target = new Date(d.getFullYear(), d.getMonth() - months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(d.getDate(), lastDay));
}

/**
 * Whole local days, so the range (and the query key built from it) stays the same all day:
 * "Last 7 days" is today and the 6 days before; "Last month" and "Last year" start on the same
 * day one month or one year ago; "Current year" starts on 1 January.
 */
export function periodRange(period: DashboardPeriod, now: Date = new Date()): DateRange {
  const today = startOfDay(now);
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1, 0, 0, 0, -1);
  switch (period) {
    case 'last-7-days':
      return { start: new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6), end };
    case 'last-14-days':
      return { start: new Date(today.getFullYear(), today.getMonth(), today.getDate() - 13), end };
    case 'last-month':
      return { start: monthsBefore(today, 1), end };
    case 'last-year':
      return { start: monthsBefore(today, 12), end };
    case 'current-year':
      return { start: new Date(today.getFullYear(), 0, 1), end };
  }
}

export interface PeriodQuery {
  startDate: string;
  endDate: string;
  /** The browser's offset east of UTC: the server cuts the per-day series at local midnight. */
  tzOffsetMinutes: number;
}

/** startDate/endDate (ISO 8601) and tzOffsetMinutes of GET runs/project/getProjectMetadata. */
export function periodQuery(period: DashboardPeriod, now: Date = new Date()): PeriodQuery {
  const { start, end } = periodRange(period, now);
  return { startDate: start.toISOString(), endDate: end.toISOString(), tzOffsetMinutes: -now.getTimezoneOffset() || 0 };
}
