import type { RunListQuery } from './runs.api';

/** Query keys of the reports area (all under 'runs'). */
export const runKeys = {
  all: ['runs'] as const,
  project: (projectId: string) => ['runs', projectId] as const,
  list: (projectId: string, query: RunListQuery) => ['runs', projectId, 'list', query] as const,
  counters: (projectId: string, days: number) => ['runs', projectId, 'counters', days] as const,
  run: (runId: string) => ['runs', 'run', runId] as const,
  testCase: (testCaseId: string) => ['runs', 'test-case', testCaseId] as const,
  scenario: (scenarioId: string) => ['runs', 'scenario', scenarioId] as const,
  logs: (instanceId: string) => ['runs', 'logs', instanceId] as const,
};
