import { DEFAULT_VALUE_METRICS } from '@stepwise/shared';
import { describe, expect, it } from 'vitest';
import { emailsError, formChanged, formErrors, formFrom, NUMBER_MESSAGE, numberError, RANGE_MESSAGE, splitEmailList, toPersonalizationInfo } from './personalization-form';

describe('personalize value metrics form', () => {
  it('accepts numbers with up to 2 decimals and refuses the rest with a clear message', () => {
    for (const ok of ['0', '4', '12.5', '12.25', ' 7.10 ', '1000000']) expect(numberError(ok), ok).toBeNull();
    for (const bad of ['12.345', '0.001', '', ' ', 'abc', '-1', '1e3', '1,5', '12.', '.5']) expect(numberError(bad), bad).toBe(NUMBER_MESSAGE);
    expect(numberError('1000000.01')).toBe(RANGE_MESSAGE);
    expect(NUMBER_MESSAGE).toMatch(/2 decimals/);
  });

  it('fills the form with the saved values, else the defaults of the spec', () => {
    const empty = formFrom({});
    expect(empty.values).toEqual({
      hourlyRateForTestEngineer: '50',
      avgTimeToAutomateScenario: '4',
      avgTimeToAutomateScenarioUsingStepwiseIO: '0.25',
      avgTimeToMaintainScenario: '2',
      avgTimeToAnalyzeFailedScenario: '2',
    });
    expect(empty.emails).toBe('');
    const saved = formFrom({ hourlyRateForTestEngineer: 75.5, avgTimeToMaintainScenario: '1.5', weeklyEmailUpdatesTo: ['QA@Example.com', 'cto@example.com'] });
    expect(saved.values.hourlyRateForTestEngineer).toBe('75.5');
    expect(saved.values.avgTimeToMaintainScenario).toBe('1.5');
    expect(saved.emails).toBe('qa@example.com, cto@example.com');
    expect(formFrom({ weeklyEmailUpdatesTo: 'a@example.com;b@example.com' }).emails).toBe('a@example.com, b@example.com');
  });

  it('is unchanged until a value (not its spelling) or the recipients change', () => {
    const initial = formFrom({});
    expect(formChanged(initial, initial)).toBe(false);
    expect(formChanged(initial, { ...initial, values: { ...initial.values, avgTimeToAutomateScenario: '4.00' } })).toBe(false);
    expect(formChanged(initial, { ...initial, values: { ...initial.values, avgTimeToAutomateScenario: '4.5' } })).toBe(true);
    expect(formChanged(initial, { ...initial, values: { ...initial.values, avgTimeToAutomateScenario: '4.001' } })).toBe(true);
    expect(formChanged(initial, { ...initial, emails: '  ' })).toBe(false);
    expect(formChanged(initial, { ...initial, emails: 'qa@example.com' })).toBe(true);
  });

  it('checks the recipients: empty is fine, each address must be valid', () => {
    expect(splitEmailList('A@x.com, b@y.org;;a@x.com  c@z.io')).toEqual(['a@x.com', 'b@y.org', 'c@z.io']);
    expect(emailsError('')).toBeNull();
    expect(emailsError('qa@example.com, lead@example.com')).toBeNull();
    expect(emailsError('qa@example.com, nope')).toBe('"nope" is not a valid email address');
    expect(emailsError('x, y')).toBe('Not valid email addresses: x, y');
  });

  it('names every field in error', () => {
    const form = formFrom({});
    const errors = formErrors({ ...form, values: { ...form.values, hourlyRateForTestEngineer: '50.123' }, emails: 'bad' });
    expect(Object.keys(errors).sort()).toEqual(['hourlyRateForTestEngineer', 'weeklyEmailUpdatesTo']);
  });

  it('saves numbers and the recipient text, keeping other saved keys', () => {
    const form = formFrom({});
    const info = toPersonalizationInfo(
      { values: { ...form.values, hourlyRateForTestEngineer: ' 62.5 ' }, emails: 'QA@example.com,  cto@example.com' },
      { layout: 'compact', weeklyEmailUpdatesTo: ['old@example.com'] },
    );
    expect(info).toEqual({
      layout: 'compact',
      ...DEFAULT_VALUE_METRICS,
      hourlyRateForTestEngineer: 62.5,
      weeklyEmailUpdatesTo: 'qa@example.com, cto@example.com',
    });
  });
});
