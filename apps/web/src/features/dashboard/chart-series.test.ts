import { describe, expect, it } from 'vitest';
import { chartBuckets, hasRuns } from './chart-series';
import { periodRange } from './periods';

const now = new Date(2025, 5, 15, 12);

describe('chart buckets', () => {
  it('has one bar per day of a short period, days without runs at 0', () => {
    const buckets = chartBuckets(
      [
        { date: '2025-06-10', passed: 2, failed: 1, executionTime: 30 },
        { date: '2025-06-15T08:00:00.000Z', passed: 1, failed: 0, executionTime: 12 },
        { date: '2025-05-01', passed: 9, failed: 9, executionTime: 99 },
      ],
      periodRange('last-7-days', now),
    );
    expect(buckets.map((b) => b.key)).toEqual(['2025-06-09', '2025-06-10', '2025-06-11', '2025-06-12', '2025-06-13', '2025-06-14', '2025-06-15']);
    expect(buckets[0].label).toBe('Jun 9');
    expect(buckets[1]).toMatchObject({ passed: 2, failed: 1, executionTime: 30 });
    expect(buckets[6]).toMatchObject({ passed: 1, failed: 0 });
    expect(buckets.reduce((n, b) => n + b.passed + b.failed, 0)).toBe(4);
    expect(hasRuns(buckets)).toBe(true);
  });

  it('has one bar per month of a year', () => {
    const buckets = chartBuckets(
      [
        { date: '2024-06-20', passed: 1, failed: 0, executionTime: 5 },
        { date: '2025-02-03', passed: 2, failed: 1, executionTime: 5 },
        { date: '2025-02-27', passed: 1, failed: 1, executionTime: 5 },
      ],
      periodRange('last-year', now),
    );
    expect(buckets).toHaveLength(13);
    expect(buckets[0]).toMatchObject({ key: '2024-06', label: 'Jun 2024', passed: 1 });
    expect(buckets.find((b) => b.key === '2025-02')).toMatchObject({ passed: 3, failed: 2, executionTime: 10 });
    expect(buckets.at(-1)?.label).toBe('Jun 2025');
  });

  it('keeps a month-long period per day, and reads an empty series as no runs', () => {
    const buckets = chartBuckets([], periodRange('last-month', now));
    expect(buckets).toHaveLength(32);
    expect(hasRuns(buckets)).toBe(false);
  });
});
