import { describe, expect, it } from 'vitest';
import { DEFAULT_DURATION_INDEX, formatDuration, isSortField, modeLabel, parseDurationIndex, PERIODS, rowStatus, uniqueById } from './run-list';

describe('runs list', () => {
  it('offers last 24 hours, last week, last 2 weeks and all as 1, 7, 14 and 365 days', () => {
    expect(PERIODS.map((p) => [p.label, p.days])).toEqual([
      ['last 24 hours', 1],
      ['last week', 7],
      ['last 2 weeks', 14],
      ['all', 365],
    ]);
    expect(DEFAULT_DURATION_INDEX).toBe(3);
  });
  it('reads the stored duration index, falling back to all', () => {
    expect(parseDurationIndex('1')).toBe(1);
    expect(parseDurationIndex('0')).toBe(0);
    expect(parseDurationIndex(null)).toBe(3);
    expect(parseDurationIndex('')).toBe(3);
    expect(parseDurationIndex('7')).toBe(3);
    expect(parseDurationIndex('x')).toBe(3);
  });
  it('shows a run Passed only when all its scenarios passed', () => {
    expect(rowStatus({ type: 'local', status: 'Passed', totalScenarios: 3, totalScenariosPassed: 3 })).toBe('Passed');
    expect(rowStatus({ type: 'local', status: 'Passed', totalScenarios: 3, totalScenariosPassed: 2 })).toBe('Failed');
    expect(rowStatus({ type: 'executions', status: 'Passed', totalScenarios: 0, totalScenariosPassed: 0 })).toBe('Failed');
    expect(rowStatus({ type: 'executions', status: 'Stopped', totalScenarios: 2, totalScenariosPassed: 2 })).toBe('Stopped');
    expect(rowStatus({ type: 'scenario', status: 'Passed', totalScenarios: 0, totalScenariosPassed: 0 })).toBe('Passed');
  });
  it('labels modes and durations', () => {
    expect(modeLabel('executions')).toBe('Execution Planner');
    expect(modeLabel('local')).toBe('Locally');
    expect(formatDuration(12.34)).toBe('12.3s');
    expect(formatDuration(65)).toBe('1m 05s');
    expect(formatDuration(3720)).toBe('1h 02m');
    expect(formatDuration(null)).toBe('-');
  });
  it('sorts only by the fields the server knows', () => {
    expect(isSortField('publishTime')).toBe(true);
    expect(isSortField('environment')).toBe(false);
  });

  it('keeps each run once when a run that came in between two pages shows a row of the first on the second too', () => {
    const page1 = [{ id: 'c' }, { id: 'b' }];
    const page2 = [{ id: 'b' }, { id: 'a' }];
    expect(uniqueById([...page1, ...page2]).map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(uniqueById([])).toEqual([]);
  });
});
