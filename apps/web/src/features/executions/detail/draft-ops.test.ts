import type { ExecutionInput } from '@stepwise/shared';
import { describe, expect, it } from 'vitest';
import { addFlow, addGroup, changeEnvironment, deleteFlow, deleteGroup, duplicateFlow, isDirty, moveGroup, nextGroupName, scheduleChanged, setThreads } from './draft-ops';

const group = (name: string, threadCount = 1) => ({
  name,
  threadCount,
  tags: ['smoke'],
  scenarios: [{ featureIndex: 0, scenarioIndex: 0, featurePath: 'a.feature', scenarioName: 'A', command: 'npx stepwise run --env staging --feature features/a.feature' }],
});

const base: ExecutionInput = {
  name: 'Nightly',
  env: 'staging',
  branch: 'main',
  flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [group('Scenario Group 1'), group('Scenario Group 2')] }],
  schedule: null,
  isSingleThreaded: false,
  enabled: false,
  aiRecovery: false,
  screenshots: 'each-step',
};

describe('detail page edits', () => {
  it('rewrites every command when the environment changes', () => {
    const next = changeEnvironment(base, 'prod eu');
    expect(next.env).toBe('prod eu');
    expect(next.flows[0].scenarioGroups[1].scenarios[0].command).toBe('npx stepwise run --env "prod eu" --feature features/a.feature');
    expect(base.flows[0].scenarioGroups[0].scenarios[0].command).toContain('--env staging');
  });

  it('adds, duplicates and deletes flows', () => {
    const two = addFlow(base);
    expect(two.flows).toHaveLength(2);
    expect(two.flows[1]).toEqual({ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [] });
    const dup = duplicateFlow(two, 0);
    expect(dup.flows.map((f) => f.scenarioGroups.length)).toEqual([2, 2, 0]);
    expect(dup.flows[1]).not.toBe(dup.flows[0]);
    expect(deleteFlow(dup, 1).flows.map((f) => f.scenarioGroups.length)).toEqual([2, 0]);
  });

  it('names, adds, reorders and removes scenario groups', () => {
    expect(nextGroupName({ scenarioGroups: [] })).toBe('Scenario Group 1');
    expect(nextGroupName(base.flows[0])).toBe('Scenario Group 3');
    expect(nextGroupName({ scenarioGroups: [group('Scenario Group 2')] })).toBe('Scenario Group 3');
    const three = addGroup(base, 0, group('Scenario Group 3'));
    expect(moveGroup(three, 0, 2, 0).flows[0].scenarioGroups.map((g) => g.name)).toEqual(['Scenario Group 3', 'Scenario Group 1', 'Scenario Group 2']);
    expect(moveGroup(three, 0, 0, 5)).toEqual(three);
    expect(deleteGroup(three, 0, 1).flows[0].scenarioGroups.map((g) => g.name)).toEqual(['Scenario Group 1', 'Scenario Group 3']);
    expect(setThreads(base, 0, 1, 0).flows[0].scenarioGroups.map((g) => g.threadCount)).toEqual([1, 0]);
  });

  it('tells unsaved changes and schedule changes', () => {
    expect(isDirty(base, { ...base })).toBe(false);
    expect(isDirty(base, { ...base, schedule: undefined })).toBe(false);
    expect(isDirty(base, addFlow(base))).toBe(true);
    const scheduled = { ...base, schedule: { days: ['Mon' as const], isBiweekly: false, time: '01:45', timeZone: 0 } };
    expect(scheduleChanged(base, scheduled)).toBe(true);
    expect(scheduleChanged(base, addFlow(base))).toBe(false);
  });
});
