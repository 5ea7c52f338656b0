import type { OversightItem } from '@stepwise/shared';
import { describe, expect, it } from 'vitest';
import { discardLabel, groupFixes, keepListed, pageCount, pageOf, reportPath, selectionState, timeAgo, toggleAll, toggleOne } from './review-model';

const fix = (id: string, scenarioName: string, featurePath = 'shop.feature', branch = 'main'): OversightItem => ({
  _id: id,
  createdAt: '2026-03-01T10:00:00.000Z',
  report: { testCases: [{ scenarioName, featureName: featurePath.replace('.feature', '') }] },
  runId: 'run1',
  testCaseId: `tc-${id}`,
  branch,
  featurePath,
  stepText: `step ${id}`,
  stepDefFileName: 'steps/shop.mjs',
  originalCode: 'a',
  fixedCode: 'b',
  reasoning: 'renamed',
});

describe('code review list model', () => {
  it('groups fixes by scenario in list order; the same scenario name in another feature or branch is another group', () => {
    const groups = groupFixes([fix('1', 'Buy'), fix('2', 'Search'), fix('3', 'Buy'), fix('4', 'Buy', 'other.feature'), fix('5', 'Buy', 'shop.feature', 'dev')]);
    expect(groups.map((g) => [g.featureName, g.scenarioName, g.branch, g.fixes.map((f) => f._id)])).toEqual([
      ['shop', 'Buy', 'main', ['1', '3']],
      ['shop', 'Search', 'main', ['2']],
      ['other', 'Buy', 'main', ['4']],
      ['shop', 'Buy', 'dev', ['5']],
    ]);
  });

  it('has three selection states and toggles a group or everything as a whole', () => {
    const ids = ['1', '2', '3'];
    expect(selectionState(new Set(), ids)).toBe('none');
    expect(selectionState(new Set(['2']), ids)).toBe('some');
    expect(selectionState(new Set(ids), ids)).toBe('all');
    expect(selectionState(new Set(['9']), ids)).toBe('none');
    expect([...toggleAll(new Set(['2']), ids)].sort()).toEqual(ids);
    expect([...toggleAll(new Set(['1', '2', '3', '9']), ids)]).toEqual(['9']);
    expect([...toggleOne(toggleOne(new Set(), '1'), '2')]).toEqual(['1', '2']);
    expect([...toggleOne(new Set(['1', '2']), '1')]).toEqual(['2']);
  });

  it("labels the discard button 'Discard all' only when every fix is selected", () => {
    expect(discardLabel(3, 3)).toBe('Discard all');
    expect(discardLabel(2, 3)).toBe('Discard 2 oversight');
    expect(discardLabel(1, 3)).toBe('Discard 1 oversight');
    expect(discardLabel(0, 3)).toBe('Discard 0 oversight');
    expect(discardLabel(0, 0)).toBe('Discard 0 oversight');
  });

  it('drops selected fixes that a refetch no longer lists', () => {
    expect([...keepListed(new Set(['1', '2', '3']), [fix('2', 'A'), fix('4', 'A')])]).toEqual(['2']);
  });

  it('pages long lists by fixes, repeating a group header on the page it continues on', () => {
    const groups = groupFixes([...Array.from({ length: 3 }, (_, i) => fix(`a${i}`, 'A')), ...Array.from({ length: 4 }, (_, i) => fix(`b${i}`, 'B'))]);
    expect(pageCount(7, 3)).toBe(3);
    expect(pageCount(0, 3)).toBe(1);
    expect(pageOf(groups, 1, 3).map((g) => [g.scenarioName, g.shown.length, g.continued])).toEqual([['A', 3, false]]);
    expect(pageOf(groups, 2, 3).map((g) => [g.scenarioName, g.shown.map((f) => f._id), g.continued])).toEqual([['B', ['b0', 'b1', 'b2'], false]]);
    expect(pageOf(groups, 3, 3).map((g) => [g.scenarioName, g.shown.map((f) => f._id), g.continued])).toEqual([['B', ['b3'], true]]);
    expect(pageOf(groups, 1, 5).map((g) => [g.scenarioName, g.shown.length])).toEqual([
      ['A', 3],
      ['B', 2],
    ]);
    expect(pageOf(groups, 4, 3)).toEqual([]);
  });

  it('says when a fix was made and where its report is', () => {
    const now = Date.parse('2026-03-01T10:00:00.000Z');
    expect(timeAgo('2026-03-01T09:59:30.000Z', now)).toBe('just now');
    expect(timeAgo('2026-03-01T09:55:00.000Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-02-28T10:00:00.000Z', now)).toBe('yesterday');
    expect(timeAgo('nonsense', now)).toBe('');
    expect(reportPath('p1', { runId: 'r 1', testCaseId: 't1' })).toBe('/p1/run-report/r%201/t1');
    expect(reportPath('p1', { runId: 'r1', testCaseId: null })).toBe('/p1/run-report/r1');
  });
});
