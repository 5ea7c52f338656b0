import type { LiveStatus } from '@stepwise/shared';

export interface Progress {
  passed: number;
  failed: number;
  total: number;
  /** Percentages of the total, one decimal ('66.7'). */
  passedPct: string;
  failedPct: string;
  /** Finished share (passed + failed), 0..100, for the bar. */
  done: number;
}

const pct = (n: number, total: number) => (total > 0 ? ((n / total) * 100).toFixed(1) : '0.0');

/** Passed and failed counts of a live instance with their percentages to one decimal. */
export function progressOf(live: Pick<LiveStatus, 'scenariosPassed' | 'scenariosFailed' | 'totalScenarios'>): Progress {
  const total = Math.max(0, live.totalScenarios || 0);
  const passed = Math.max(0, live.scenariosPassed || 0);
  const failed = Math.max(0, live.scenariosFailed || 0);
  return {
    passed,
    failed,
    total,
    passedPct: pct(passed, total),
    failedPct: pct(failed, total),
    done: total > 0 ? Math.min(100, ((passed + failed) / total) * 100) : 0,
  };
}
