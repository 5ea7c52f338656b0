import { describe, expect, it } from 'vitest';
import { buildExecution, defineStepComplete, effectiveThreads, initialPlannerValues, selectStepComplete } from './wizard-state';

describe('planner wizard state', () => {
  it('starts with the default browser, viewport and schedule', () => {
    const v = initialPlannerValues('main', 'staging', new Date(2026, 10, 23));
    expect(v).toMatchObject({ branch: 'main', env: 'staging', browser: 'chromium', viewport: 'Desktop - 1024px', tags: [], threads: null, aiRecovery: false });
    expect(v.schedule).toEqual({ days: ['Mon'], isBiweekly: false, time: '01:45', timeZone: 0 });
  });

  it('gates Next on name, environment and branch, then on a tag', () => {
    expect(defineStepComplete({ name: ' ', env: 'a', branch: 'main' })).toBe(false);
    expect(defineStepComplete({ name: 'n', env: '', branch: 'main' })).toBe(false);
    expect(defineStepComplete({ name: 'n', env: 'a', branch: '' })).toBe(false);
    expect(defineStepComplete({ name: 'n', env: 'a', branch: 'main' })).toBe(true);
    expect(selectStepComplete({ tags: [] })).toBe(false);
    expect(selectStepComplete({ tags: ['smoke'] })).toBe(true);
  });

  it('uses the maximum threads until a count is chosen, kept within the maximum', () => {
    expect(effectiveThreads(null, 3)).toBe(3);
    expect(effectiveThreads(5, 3)).toBe(3);
    expect(effectiveThreads(0, 3)).toBe(0);
  });

  it('builds one flow with Scenario Group 1', () => {
    const v = { ...initialPlannerValues('main', 'staging'), name: ' Nightly ', tags: ['smoke'] };
    const refs = [{ featureIndex: 0, scenarioIndex: 1, command: 'c', featurePath: 'a.feature', scenarioName: 'A' }];
    const e = buildExecution(v, refs, 1, null);
    expect(e).toMatchObject({ name: 'Nightly', env: 'staging', branch: 'main', schedule: null, enabled: false, aiRecovery: false });
    expect(e.flows).toEqual([{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'Scenario Group 1', threadCount: 1, scenarios: refs, tags: ['smoke'] }] }]);
    expect(buildExecution(v, refs, 1, v.schedule).enabled).toBe(true);
    expect(buildExecution({ ...v, aiRecovery: true }, refs, 1, null).aiRecovery).toBe(true);
  });
});
