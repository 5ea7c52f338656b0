import { describe, expect, it } from 'vitest';
import { DASHBOARD_PERIODS, isDashboardPeriod, periodLabel, periodQuery, periodRange } from './periods';

const local = (y: number, m: number, d: number) => new Date(y, m - 1, d);
const day = (date: Date) => [date.getFullYear(), date.getMonth() + 1, date.getDate()];

describe('dashboard periods', () => {
  const now = new Date(2025, 5, 15, 14, 30); // 15 June 2025, 14:30 local

  it('lists the five periods of the spec in order', () => {
    expect(DASHBOARD_PERIODS.map((p) => p.label)).toEqual(['Last 7 days', 'Last 14 days', 'Last month', 'Last year', 'Current year']);
    expect(periodLabel('last-month')).toBe('Last month');
    expect(isDashboardPeriod('last-year')).toBe(true);
    expect(isDashboardPeriod('last-decade')).toBe(false);
    expect(isDashboardPeriod(null)).toBe(false);
  });

  it('counts today in the last 7 and 14 days, from local midnight to the end of today', () => {
    const week = periodRange('last-7-days', now);
    expect(week.start).toEqual(local(2025, 6, 9));
    expect(week.end).toEqual(new Date(2025, 5, 15, 23, 59, 59, 999));
    expect(day(periodRange('last-14-days', now).start)).toEqual([2025, 6, 2]);
  });

  it('starts the last month and the last year on the same day one month or one year back', () => {
    expect(day(periodRange('last-month', now).start)).toEqual([2025, 5, 15]);
    expect(day(periodRange('last-year', now).start)).toEqual([2024, 6, 15]);
  });

  it('clamps a day the earlier month lacks to its last day', () => {
    expect(day(periodRange('last-month', local(2025, 3, 31)).start)).toEqual([2025, 2, 28]);
    expect(day(periodRange('last-month', local(2024, 3, 30)).start)).toEqual([2024, 2, 29]);
    expect(day(periodRange('last-year', local(2024, 2, 29)).start)).toEqual([2023, 2, 28]);
    expect(day(periodRange('last-month', local(2025, 1, 10)).start)).toEqual([2024, 12, 10]);
  });

  it('starts the current year on 1 January', () => {
    expect(periodRange('current-year', now).start).toEqual(local(2025, 1, 1));
    expect(day(periodRange('last-7-days', local(2025, 1, 3)).start)).toEqual([2024, 12, 28]);
  });

  it('gives the same query all day long (a stable query key)', () => {
    const morning = periodQuery('last-7-days', new Date(2025, 5, 15, 0, 0, 1));
    const evening = periodQuery('last-7-days', new Date(2025, 5, 15, 23, 59));
    expect(morning).toEqual(evening);
    expect(morning.startDate).toBe(local(2025, 6, 9).toISOString());
    expect(new Date(morning.endDate).getTime()).toBe(local(2025, 6, 16).getTime() - 1);
    expect(morning.tzOffsetMinutes).toBe(-new Date(2025, 5, 15).getTimezoneOffset() || 0);
  });
});
