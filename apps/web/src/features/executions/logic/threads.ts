import type { Flow } from '@stepwise/shared';

/** Upper bound of a group's thread count: the smaller of the project's allowance and its scenario count. */
export function maxThreadsFor(projectThreads: number, scenarioCount: number): number {
  return Math.max(0, Math.min(Math.floor(projectThreads), scenarioCount));
}

/** A requested thread count kept within 0..max. */
export function clampThreads(value: number, max: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(Math.max(0, Math.round(value)), Math.max(0, max));
}

/** Run now needs at least one flow whose groups (one or more) all have threads. */
export function canRunNow(flows: readonly Pick<Flow, 'scenarioGroups'>[]): boolean {
  return flows.some((f) => f.scenarioGroups.length > 0 && f.scenarioGroups.every((g) => g.threadCount > 0));
}
