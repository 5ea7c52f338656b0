import { describe, expect, it } from 'vitest';
import { canRunNow, clampThreads, maxThreadsFor } from './threads';

const group = (threadCount: number) => ({ name: 'g', threadCount, scenarios: [], tags: [] });

describe('threads', () => {
  it('caps a group at the smaller of the allowance and its scenario count', () => {
    expect(maxThreadsFor(4, 10)).toBe(4);
    expect(maxThreadsFor(4, 2)).toBe(2);
    expect(maxThreadsFor(0, 2)).toBe(0);
    expect(maxThreadsFor(4, 0)).toBe(0);
  });

  it('clamps requested counts to 0..max', () => {
    expect(clampThreads(7, 3)).toBe(3);
    expect(clampThreads(-1, 3)).toBe(0);
    expect(clampThreads(2, 3)).toBe(2);
    expect(clampThreads(Number.NaN, 3)).toBe(0);
  });

  it('allows run now only when a flow has all its groups with threads', () => {
    expect(canRunNow([])).toBe(false);
    expect(canRunNow([{ scenarioGroups: [] }])).toBe(false);
    expect(canRunNow([{ scenarioGroups: [group(1), group(0)] }])).toBe(false);
    expect(canRunNow([{ scenarioGroups: [group(1), group(0)] }, { scenarioGroups: [group(2)] }])).toBe(true);
  });
});
