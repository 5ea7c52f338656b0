import type { ExecutionDto, LiveStatus } from '@stepwise/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { finishLive, instancesFor, liveStore, markStopping, mergeLive, runningInstance, seedFromList } from './live-store';

const live = (id: string, executionId: string, patch: Partial<LiveStatus> = {}): LiveStatus => ({
  executionInstanceId: id,
  executionId,
  reportLink: `/p/run-report/${id}`,
  status: 'running',
  verboseStatus: 'Running 0 of 2 scenarios',
  startTime: '2026-11-22T10:00:00.000Z',
  scenariosPassed: 0,
  scenariosFailed: 0,
  totalScenarios: 2,
  timestamp: '2026-11-22T10:00:00.000Z',
  statusHistory: [{ status: 'queued', verboseStatus: 'Queued', timestamp: '2026-11-22T10:00:00.000Z' }],
  ...patch,
});
const execution = (id: string, liveInstance: LiveStatus | null = null) => ({ _id: id, liveInstance }) as ExecutionDto;

describe('live store', () => {
  beforeEach(() => liveStore.set(new Map()));

  it('merges a start event and its status updates, keeping the history when an update has none', () => {
    mergeLive(live('i1', 'e1'));
    mergeLive({ executionInstanceId: 'i1', scenariosPassed: 1, verboseStatus: 'Running 1 of 2 scenarios' });
    const i1 = liveStore.get().get('i1')!;
    expect(i1).toMatchObject({ executionId: 'e1', scenariosPassed: 1, verboseStatus: 'Running 1 of 2 scenarios' });
    expect(i1.statusHistory).toHaveLength(1);
    expect(runningInstance(liveStore.get(), 'e1')?.executionInstanceId).toBe('i1');
  });

  it('keeps "stopping" until the run ends, and keeps a finished instance with its report link', () => {
    mergeLive(live('i1', 'e1'));
    markStopping('i1', true);
    mergeLive({ executionInstanceId: 'i1', scenariosPassed: 1 });
    expect(liveStore.get().get('i1')?.stopping).toBe(true);
    finishLive({ executionInstanceId: 'i1', status: 'running' });
    expect(liveStore.get().get('i1')).toMatchObject({ status: 'stopped', stopping: false, reportLink: '/p/run-report/i1' });
    expect(runningInstance(liveStore.get(), 'e1')).toBeUndefined();
    finishLive({ executionInstanceId: 'unknown' });
    expect(liveStore.get().has('unknown')).toBe(false);
  });

  it('seeds from the list and lists the newest instance per execution of the project', () => {
    seedFromList([execution('e1', live('i1', 'e1')), execution('e2')]);
    mergeLive(live('i2', 'e1', { startTime: '2026-11-22T11:00:00.000Z' }));
    mergeLive(live('i3', 'other', { startTime: '2026-11-22T12:00:00.000Z' }));
    expect(instancesFor(liveStore.get(), [execution('e1'), execution('e2')]).map((i) => i.executionInstanceId)).toEqual(['i2']);
    finishLive({ executionInstanceId: 'i1', status: 'passed' });
    seedFromList([execution('e1', live('i1', 'e1'))]);
    expect(liveStore.get().get('i1')?.status).toBe('passed');
  });
});
