import type { ExecutionDto, LiveStatus } from '@stepwise/shared';
import { createExternalStore } from '../../../lib/external-store';
import { isFinished } from '../logic/status';

/** A live instance as the page knows it, and whether a stop was asked for. */
export interface LiveInstance extends LiveStatus {
  stopping?: boolean;
}

/** Live instances by instance id, fed by the execution status channel and the list. */
export const liveStore = createExternalStore<ReadonlyMap<string, LiveInstance>>(() => new Map());

function update(id: string, change: (current: LiveInstance | undefined) => LiveInstance | undefined): void {
  const next = new Map(liveStore.get());
  const value = change(next.get(id));
  if (value) next.set(id, value);
  else next.delete(id);
  liveStore.set(next);
}

const emptyLive = (id: string): LiveInstance => ({
  executionInstanceId: id,
  executionId: '',
  reportLink: '',
  status: 'queued',
  verboseStatus: '',
  startTime: new Date().toISOString(),
  scenariosPassed: 0,
  scenariosFailed: 0,
  totalScenarios: 0,
  timestamp: new Date().toISOString(),
  statusHistory: [],
});

/** Merges a start event or a status update into the instance (unknown fields keep their value). */
export function mergeLive(patch: Partial<LiveInstance> & { executionInstanceId: string }): void {
  update(patch.executionInstanceId, (current) => {
    const base = current ?? emptyLive(patch.executionInstanceId);
    const merged: LiveInstance = { ...base, ...patch };
    // A newer status arriving after "stop" was clicked keeps the stopping flag until the run ends.
    merged.stopping = (current?.stopping ?? false) && !isFinished(merged.status);
    if (!patch.statusHistory && current) merged.statusHistory = current.statusHistory;
    return merged;
  });
}

/** The stop event: the instance is kept, finished, so its report link stays reachable. */
export function finishLive(patch: Partial<LiveInstance> & { executionInstanceId: string }): void {
  update(patch.executionInstanceId, (current) => {
    if (!current && !patch.executionId) return undefined;
    const merged: LiveInstance = { ...(current ?? emptyLive(patch.executionInstanceId)), ...patch, stopping: false };
    if (!isFinished(merged.status)) merged.status = 'stopped';
    return merged;
  });
}

export function markStopping(instanceId: string, stopping: boolean): void {
  update(instanceId, (current) => current && { ...current, stopping });
}

/** Instances the list reports as live; running ones replace what the store holds. */
export function seedFromList(executions: readonly ExecutionDto[]): void {
  for (const e of executions) {
    const live = e.liveInstance;
    if (!live) continue;
    const known = liveStore.get().get(live.executionInstanceId);
    if (!known || !isFinished(known.status)) mergeLive(live);
  }
}

/** The instances to show for a project's executions: the newest per execution, newest first. */
export function instancesFor(store: ReadonlyMap<string, LiveInstance>, executions: readonly ExecutionDto[]): LiveInstance[] {
  const ids = new Set(executions.map((e) => e._id));
  const newest = new Map<string, LiveInstance>();
  for (const live of store.values()) {
    if (!ids.has(live.executionId)) continue;
    const seen = newest.get(live.executionId);
    if (!seen || live.startTime > seen.startTime) newest.set(live.executionId, live);
  }
  return [...newest.values()].sort((a, b) => (a.startTime < b.startTime ? 1 : -1));
}

/** The running instance of an execution, if any. */
export function runningInstance(store: ReadonlyMap<string, LiveInstance>, executionId: string): LiveInstance | undefined {
  for (const live of store.values()) if (live.executionId === executionId && !isFinished(live.status)) return live;
  return undefined;
}
