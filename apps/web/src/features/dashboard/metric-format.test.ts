import { savings } from '@stepwise/shared';
import { describe, expect, it } from 'vitest';
import { formatExecutionTime, formatHours, formatMoney, passRatio, plural } from './metric-format';

describe('dashboard figures', () => {
  it('writes hours with up to 2 decimals', () => {
    expect(formatHours(0)).toBe('0 h');
    expect(formatHours(8)).toBe('8 h');
    expect(formatHours(1.75)).toBe('1.75 h');
    expect(formatHours(3.333333)).toBe('3.33 h');
    expect(formatHours(1234.5)).toBe('1,234.5 h');
    expect(formatHours(Number.NaN)).toBe('0 h');
  });

  it('writes budgets in dollars, cents only when there are some', () => {
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(1200)).toBe('$1,200');
    expect(formatMoney(87.5)).toBe('$87.50');
    expect(formatMoney(0.125)).toBe('$0.13');
  });

  it('writes seconds of execution as hours and minutes', () => {
    expect(formatExecutionTime(0)).toBe('0 min');
    expect(formatExecutionTime(42)).toBe('42 s');
    expect(formatExecutionTime(125)).toBe('2 min');
    expect(formatExecutionTime(3600)).toBe('1 h');
    expect(formatExecutionTime(3725)).toBe('1 h 2 min');
    expect(formatExecutionTime(3599)).toBe('1 h');
    expect(formatExecutionTime(-5)).toBe('0 min');
  });

  it('gives the pass ratio as a rounded percent, none without executions', () => {
    expect(passRatio(0, 0)).toBeNull();
    expect(passRatio(3, 1)).toBe(75);
    expect(passRatio(2, 1)).toBe(67);
    expect(passRatio(1, 2)).toBe(33);
    expect(passRatio(5, 0)).toBe(100);
  });

  it('puts counts with their noun', () => {
    expect(plural(1, 'AI recovery', 'AI recoveries')).toBe('1 AI recovery');
    expect(plural(0, 'AI recovery', 'AI recoveries')).toBe('0 AI recoveries');
    expect(plural(1500, 'scenario', 'scenarios')).toBe('1,500 scenarios');
  });

  it('shows the savings of the spec formulas with the default assumptions', () => {
    // 2 h x 3 recoveries + (4 - 0.25) h x 2 created + 2 h x 1 analysis = 6 + 7.5 + 2 = 15.5 h; x $50 = $775.
    const s = savings({}, { aiRecoveryCount: 3, rcaCount: 1, mutatedScenariosCount: 2, createdScenariosCount: 0 });
    expect([s.hours.maintenance, s.hours.creation, s.hours.analysis].map(formatHours)).toEqual(['6 h', '7.5 h', '2 h']);
    expect(formatHours(s.hours.total)).toBe('15.5 h');
    expect(formatMoney(s.budget)).toBe('$775');
  });

  it('shows the savings with personalised assumptions, and zero for a new project', () => {
    const s = savings({ hourlyRateForTestEngineer: 80.5, avgTimeToMaintainScenario: 1.25 }, { aiRecoveryCount: 2, rcaCount: 0, mutatedScenariosCount: 0 });
    expect(formatHours(s.hours.maintenance)).toBe('2.5 h');
    expect(formatMoney(s.budget)).toBe('$201.25');
    const zero = savings({}, { aiRecoveryCount: 0, rcaCount: 0, mutatedScenariosCount: 0, createdScenariosCount: 0 });
    expect(formatMoney(zero.budget)).toBe('$0');
    expect(formatHours(zero.hours.total)).toBe('0 h');
  });
});
