import type { TestCaseRow } from '@stepwise/shared';
import { describe, expect, it } from 'vitest';
import {
  AI_FAILED,
  AI_FIXED,
  defaultTab,
  failedStepLabel,
  filterScenarioRows,
  groupScenarioRows,
  loadErrorText,
  NO_FAILED_STEP,
  pastResults,
  scenarioRows,
  scenarioStatus,
} from './run-report';

const tc = (id: string, status: TestCaseRow['result']['status'], extra: Partial<TestCaseRow> = {}): TestCaseRow => ({
  id,
  scenarioName: `Scenario ${id}`,
  featureName: 'Shop',
  featurePath: 'features/shop.feature',
  tags: ['@smoke'],
  parameters: {},
  result: { status, startTime: null, endTime: null, message: null },
  duration: 1,
  failedStep: status === 'PASSED' ? null : { index: 1, keyword: 'Then ', text: 'I see it' },
  errorMessage: status === 'PASSED' ? null : 'not found',
  analysis: null,
  analysis_issue: null,
  retrainStats: null,
  rerunId: null,
  superseded: false,
  comments: [],
  pastResults: [],
  updatedAt: '2026-01-01T00:00:00Z',
  ...extra,
});

describe('scenarios table rows', () => {
  it('drops superseded attempts and plain reruns keep only the latest', () => {
    const rows = scenarioRows([tc('a', 'FAILED', { superseded: true }), tc('b', 'PASSED', { rerunId: 'a' }), tc('c', 'PASSED')]);
    expect(rows.map((r) => r.row.id)).toEqual(['b', 'c']);
  });
  it('nests AI retrains under their scenario, labelled fixed or failed by AI', () => {
    const rows = scenarioRows([
      tc('a', 'FAILED', { superseded: true, retrainStats: { result: 'passed', upload_id: 'u' } }),
      tc('b', 'PASSED', { rerunId: 'a' }),
      tc('c', 'FAILED', { retrainStats: { result: 'failed', upload_id: null } }),
      tc('d', 'FAILED', { rerunId: 'c' }),
    ]);
    expect(rows.map((r) => [r.row.id, r.children.map((c) => [c.row.id, c.label])])).toEqual([
      ['a', [['b', AI_FIXED]]],
      ['c', [['d', AI_FAILED]]],
    ]);
  });
  it('filters Failed only by the outcome that counts, and searches names, features, tags and errors', () => {
    const rows = scenarioRows([
      tc('a', 'FAILED', { retrainStats: { result: 'passed', upload_id: null } }),
      tc('b', 'PASSED', { rerunId: 'a' }),
      tc('c', 'FAILED'),
      tc('d', 'PASSED', { tags: ['@checkout'] }),
    ]);
    expect(filterScenarioRows(rows, 'failed', '').map((r) => r.row.id)).toEqual(['c']);
    expect(filterScenarioRows(rows, 'all', '').map((r) => r.row.id)).toEqual(['a', 'c', 'd']);
    expect(filterScenarioRows(rows, 'all', ' CHECKOUT ').map((r) => r.row.id)).toEqual(['d']);
    expect(filterScenarioRows(rows, 'all', 'scenario c').map((r) => r.row.id)).toEqual(['c']);
    expect(filterScenarioRows(rows, 'all', 'not found').map((r) => r.row.id)).toEqual(['a', 'c']);
  });
  it('groups by failed step, largest first and passing scenarios last', () => {
    const rows = scenarioRows([
      tc('a', 'PASSED'),
      tc('b', 'FAILED', { failedStep: { index: 0, keyword: 'When ', text: 'I pay' } }),
      tc('c', 'FAILED'),
      tc('d', 'FAILED'),
    ]);
    expect(groupScenarioRows(rows, 'none')).toEqual([{ key: 'all', title: '', rows }]);
    expect(groupScenarioRows(rows, 'failedStep').map((g) => [g.title, g.rows.length])).toEqual([
      ['Then I see it', 2],
      ['When I pay', 1],
      [NO_FAILED_STEP, 1],
    ]);
    expect(failedStepLabel(tc('x', 'PASSED'))).toBe(NO_FAILED_STEP);
  });
  it('shows at most 5 past results, statuses as Passed or Failed, and picks the first tab', () => {
    const past = Array.from({ length: 7 }, (_, i) => ({ runId: `r${i}`, status: 'PASSED' as const, publishTime: '' }));
    expect(pastResults(tc('a', 'PASSED', { pastResults: past }))).toHaveLength(5);
    expect(scenarioStatus('PASSED')).toBe('Passed');
    expect(scenarioStatus('UNDEFINED')).toBe('Failed');
    expect(defaultTab(2)).toBe('failed');
    expect(defaultTab(0)).toBe('all');
  });
  it('says Error for a refused load and Internal error otherwise', () => {
    expect(loadErrorText({ status: 404 })).toBe('Error');
    expect(loadErrorText({ status: 500 })).toBe('Internal error');
    expect(loadErrorText(new Error('x'))).toBe('Internal error');
  });
});
