// eslint-disable-next-line no-restricted-imports -- tests run under vitest; the boundary guards the shipped code
import { describe, expect, it } from 'vitest';
import type { Command, ReportStep } from './schemas/report.ts';
import {
  API_INTERCEPTION_COMMAND, apiTestsSummary, DEFAULT_VALUE_METRICS, defaultSelectedCommand, defaultSelectedStep, formatSeconds1, hasAtMostTwoDecimals,
  INTERCEPT_FAILED_MESSAGE, isAiFixed, isNetworkFailure, MASK_PREFIX, maskValue, networkStatusLabel, normaliseStepStatuses, resolveValueMetrics,
  retrainLabel, savings, sizeKb2, statusColour, stepKeyword, timeBarPercent, valueMetricNumber,
} from './report-rules.ts';

function step(status: ReportStep['result']['status'], extra: Partial<ReportStep> = {}): ReportStep {
  return {
    keyword: 'Given ',
    type: 'Context',
    text: 'a step',
    result: { status, startTime: '2025-01-01T00:00:00.000Z', endTime: '2025-01-01T00:00:01.000Z', message: null },
    commands: [],
    networkData: [],
    webLog: [],
    ...extra,
  };
}
function command(type: string, status: Command['result']['status'], message: string | null = null, info?: Record<string, unknown>): Command {
  return { type, text: type, result: { status, startTime: null, endTime: null, message }, ...(info ? { info } : {}) };
}
const statuses = (steps: ReportStep[]) => steps.map((s) => s.result.status);

describe('stepKeyword', () => {
  it('keeps the step’s own keyword, trimmed', () => {
    expect(stepKeyword({ keyword: 'Given ', type: 'Action' })).toBe('Given');
    expect(stepKeyword({ keyword: '* ', type: 'Outcome' })).toBe('*');
  });
  it('maps the type when there is no keyword', () => {
    expect(['Context', 'Action', 'Outcome', 'Conjunction'].map((type) => stepKeyword({ keyword: '', type }))).toEqual(['Given', 'When', 'Then', 'And']);
    expect(stepKeyword({ keyword: '  ', type: 'Action' })).toBe('When');
    expect(stepKeyword({ type: 'Context' })).toBe('Given');
  });
  it('keeps Unknown, Before and After', () => {
    expect(['Unknown', 'Before', 'After'].map((type) => stepKeyword({ keyword: null, type }))).toEqual(['Unknown', 'Before', 'After']);
  });
});

describe('normaliseStepStatuses', () => {
  it('skips every step after the first UNDEFINED one, which stays UNDEFINED', () => {
    const steps = [step('PASSED'), step('UNDEFINED'), step('PASSED'), step('UNDEFINED'), step('FAILED')];
    expect(statuses(normaliseStepStatuses(steps))).toEqual(['PASSED', 'UNDEFINED', 'SKIPPED', 'SKIPPED', 'SKIPPED']);
    expect(statuses(steps)).toEqual(['PASSED', 'UNDEFINED', 'PASSED', 'UNDEFINED', 'FAILED']);
  });
  it('leaves steps without an UNDEFINED one as they are (same objects)', () => {
    const steps = [step('PASSED'), step('FAILED'), step('SKIPPED')];
    const out = normaliseStepStatuses(steps);
    expect(out).toEqual(steps);
    out.forEach((s, i) => expect(s).toBe(steps[i]));
  });
  it('turns a step AMBIGUOUS when a conditional wait was "not met" (result message or info.message)', () => {
    const steps = [
      step('PASSED', { commands: [command('conditional_wait', 'PASSED', 'Condition not met within 5s')] }),
      step('PASSED', { commands: [command('conditional_wait', 'PASSED', null, { message: 'element not met' })] }),
      step('PASSED', { commands: [command('conditional_wait', 'PASSED', 'Condition met')] }),
      step('PASSED', { commands: [command('api_test', 'PASSED', 'not met')] }),
      step('FAILED', { commands: [command('conditional_wait', 'PASSED', 'not met')] }),
    ];
    expect(statuses(normaliseStepStatuses(steps))).toEqual(['AMBIGUOUS', 'AMBIGUOUS', 'PASSED', 'PASSED', 'FAILED']);
  });
  it('a step skipped after an UNDEFINED one stays SKIPPED even with a "not met" wait', () => {
    const steps = [step('UNDEFINED'), step('PASSED', { commands: [command('conditional_wait', 'PASSED', 'not met')] })];
    expect(statuses(normaliseStepStatuses(steps))).toEqual(['UNDEFINED', 'SKIPPED']);
  });
  it('adds the API Interception command: FAILED with the message unless every interception succeeded', () => {
    const [failed, ok] = normaliseStepStatuses([
      step('PASSED', { commands: [command('action', 'PASSED')], interceptResults: { overallStatus: 'failure' } }),
      step('PASSED', { interceptResults: { overallStatus: 'success' } }),
    ]);
    expect(failed.commands).toHaveLength(2);
    expect(failed.commands[1]).toMatchObject({ type: 'api_intercept', text: API_INTERCEPTION_COMMAND, result: { status: 'FAILED', message: INTERCEPT_FAILED_MESSAGE } });
    expect(ok.commands).toEqual([expect.objectContaining({ text: API_INTERCEPTION_COMMAND, result: expect.objectContaining({ status: 'PASSED', message: null }) })]);
  });
  it('is idempotent', () => {
    const steps = [
      step('PASSED', { interceptResults: { overallStatus: 'error' } }),
      step('UNDEFINED'),
      step('PASSED', { commands: [command('conditional_wait', 'PASSED', 'not met')] }),
    ];
    const once = normaliseStepStatuses(steps);
    expect(normaliseStepStatuses(once)).toEqual(once);
    expect(once[0].commands).toHaveLength(1);
  });
});

describe('colours and selections', () => {
  it('colours statuses', () => {
    expect(['FAILED', 'UNDEFINED', 'PASSED', 'AMBIGUOUS', 'SKIPPED', 'PENDING', 'UNKNOWN', '', null].map(statusColour)).toEqual([
      'error', 'error', 'success', 'success', 'default', 'default', 'default', 'default', 'default',
    ]);
  });
  it('selects the last step that passed or failed', () => {
    expect(defaultSelectedStep([step('PASSED'), step('FAILED'), step('SKIPPED'), step('UNDEFINED')])).toBe(1);
    expect(defaultSelectedStep([step('FAILED'), step('PASSED')])).toBe(1);
    expect(defaultSelectedStep([step('SKIPPED')])).toBeNull();
    expect(defaultSelectedStep([])).toBeNull();
  });
  it('selects the first command that did not pass, else the last', () => {
    expect(defaultSelectedCommand([command('a', 'PASSED'), command('b', 'FAILED'), command('c', 'SKIPPED')])).toBe(1);
    expect(defaultSelectedCommand([command('a', 'PASSED'), command('b', 'PASSED')])).toBe(1);
    expect(defaultSelectedCommand([])).toBeNull();
  });
  it('formats command time in seconds with one decimal', () => {
    expect([1530, 0, 49, 50, 12345, -5, NaN, null].map(formatSeconds1)).toEqual(['1.5', '0.0', '0.0', '0.1', '12.3', '0.0', '0.0', '0.0']);
  });
});

describe('network', () => {
  it('labels statuses by their hundreds', () => {
    expect([100, 101, 200, 204, 301, 304, 400, 404, 500, 503, 0, 99, 600, 'net::ERR_ABORTED', '404', 'weird', null].map(networkStatusLabel)).toEqual([
      'Information', 'Information', 'Success', 'Success', 'Permanent Redirect', 'Permanent Redirect', 'Bad Request', 'Bad Request',
      'Bad Gateway', 'Bad Gateway', 'Failed', 'Failed', 'Failed', 'Failed', 'Bad Request', 'Failed', 'Failed',
    ]);
  });
  it('a request failed outside 200-399', () => {
    expect([199, 200, 302, 399, 400, 500, 'net::ERR_ABORTED', '201'].map(isNetworkFailure)).toEqual([true, false, false, false, true, true, true, false]);
  });
  it('summarises API tests', () => {
    expect(apiTestsSummary([{ fail: false }, { fail: true }, {}])).toBe('2/3 api tests passed');
    expect(apiTestsSummary([])).toBe('No Api tests added to test');
    expect(apiTestsSummary(undefined)).toBe('No Api tests added to test');
  });
  it('sizes in kb with 2 decimals and fills the time bar at 1000 ms', () => {
    expect([1536, 0, 1, 1024 * 1024].map(sizeKb2)).toEqual(['1.50', '0.00', '0.00', '1024.00']);
    expect([0, 250, 1000, 4000, -1].map(timeBarPercent)).toEqual([0, 25, 100, 100, 0]);
  });
});

describe('masked values', () => {
  it('shows values with the mask prefix as four asterisks', () => {
    expect(maskValue(`${MASK_PREFIX}abc:def:ghi`)).toBe('****');
    expect(maskValue('plain value')).toBe('plain value');
    expect(maskValue('secret:x', 'secret:')).toBe('****');
    expect(maskValue(null)).toBe('');
  });
});

describe('AI retrains', () => {
  it('labels the child row', () => {
    expect(retrainLabel({ result: 'fixed' })).toBe('fixed by AI');
    expect(retrainLabel({ result: 'Passed' })).toBe('fixed by AI');
    expect(retrainLabel({ result: 'failed' })).toBe('failed by AI');
    expect(retrainLabel(null)).toBeNull();
    expect(isAiFixed({ result: 'failed' })).toBe(false);
  });
});

describe('value metrics', () => {
  it('accepts up to 2 decimals', () => {
    for (const n of [0, 1, 12.5, 12.25, 0.29, 0.01, 1e6]) expect(hasAtMostTwoDecimals(n), String(n)).toBe(true);
    for (const n of [12.255, 0.001, NaN, Infinity]) expect(hasAtMostTwoDecimals(n), String(n)).toBe(false);
    expect([4, '4.75', ' 2 ', -1, '1.234', 'x', 2e6, null].map(valueMetricNumber)).toEqual([4, 4.75, 2, null, null, null, null, null]);
  });
  it('fills missing or invalid assumptions with the defaults', () => {
    expect(resolveValueMetrics(null)).toEqual(DEFAULT_VALUE_METRICS);
    expect(DEFAULT_VALUE_METRICS).toEqual({
      hourlyRateForTestEngineer: 50, avgTimeToAutomateScenario: 4, avgTimeToAutomateScenarioUsingStepwiseIO: 0.25, avgTimeToMaintainScenario: 2,
      avgTimeToAnalyzeFailedScenario: 2,
    });
    expect(resolveValueMetrics({ hourlyRateForTestEngineer: 80, avgTimeToMaintainScenario: 'abc', avgTimeToAnalyzeFailedScenario: 1.234 })).toEqual({
      ...DEFAULT_VALUE_METRICS, hourlyRateForTestEngineer: 80,
    });
  });
  it('computes hours and budget saved with the defaults', () => {
    // maintenance 2 x 3 = 6; creation (4 - 0.25) x 10 = 37.5; analysis 2 x 5 = 10; total 53.5; budget 50 x 53.5
    expect(savings({}, { aiRecoveryCount: 3, rcaCount: 5, mutatedScenariosCount: 10, createdScenariosCount: 99 })).toMatchObject({
      hours: { maintenance: 6, creation: 37.5, analysis: 10, total: 53.5 },
      budget: 2675,
    });
  });
  it('uses the personalised values and the created count when no mutated count is given', () => {
    const p = { hourlyRateForTestEngineer: 100, avgTimeToAutomateScenario: 3, avgTimeToAutomateScenarioUsingStepwiseIO: 0.5, avgTimeToMaintainScenario: 1.5, avgTimeToAnalyzeFailedScenario: 0.75 };
    // maintenance 1.5 x 2 = 3; creation 2.5 x 4 = 10; analysis 0.75 x 4 = 3; total 16
    expect(savings(p, { aiRecoveryCount: 2, rcaCount: 4, createdScenariosCount: 4 })).toMatchObject({
      hours: { maintenance: 3, creation: 10, analysis: 3, total: 16 },
      budget: 1600,
    });
  });
  it('never counts negative creation savings', () => {
    const s = savings({ avgTimeToAutomateScenario: 0.1, avgTimeToAutomateScenarioUsingStepwiseIO: 1 }, { aiRecoveryCount: 0, rcaCount: 0, createdScenariosCount: 5 });
    expect(s.hours).toEqual({ maintenance: 0, creation: 0, analysis: 0, total: 0 });
    expect(s.budget).toBe(0);
  });
});
