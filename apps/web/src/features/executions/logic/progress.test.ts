import { describe, expect, it } from 'vitest';
import { progressOf } from './progress';

describe('progress', () => {
  it('gives passed and failed percentages to one decimal', () => {
    expect(progressOf({ scenariosPassed: 2, scenariosFailed: 1, totalScenarios: 3 })).toEqual({
      passed: 2, failed: 1, total: 3, passedPct: '66.7', failedPct: '33.3', done: 100,
    });
    expect(progressOf({ scenariosPassed: 1, scenariosFailed: 0, totalScenarios: 8 })).toMatchObject({ passedPct: '12.5', failedPct: '0.0', done: 12.5 });
  });

  it('shows 0.0 before the total is known', () => {
    expect(progressOf({ scenariosPassed: 0, scenariosFailed: 0, totalScenarios: 0 })).toMatchObject({ passedPct: '0.0', failedPct: '0.0', done: 0 });
  });
});
