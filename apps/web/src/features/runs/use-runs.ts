import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { runKeys } from './run-keys';
import { fetchRun, fetchRunCounters, fetchRunLogs, fetchRunPage, fetchScenario, fetchTestCase, type RunListQuery } from './runs.api';

/** Reports can be large: dropped from the cache a minute after their page closes. */
const REPORT_GC_MS = 60_000;

/** The runs list, page by page (50 a page) for the infinite scroll. */
export function useRunList(projectId: string, query: RunListQuery) {
  return useInfiniteQuery({
    queryKey: runKeys.list(projectId, query),
    queryFn: ({ pageParam }) => fetchRunPage(projectId, query, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length < (last.stats?.pageCount ?? 0) && last.reports.length > 0 ? pages.length : undefined),
    placeholderData: keepPreviousData,
    gcTime: REPORT_GC_MS,
  });
}

export function useRunCounters(projectId: string, days: number) {
  return useQuery({ queryKey: runKeys.counters(projectId, days), queryFn: () => fetchRunCounters(projectId, days), placeholderData: keepPreviousData });
}

export function useRun(runId: string | undefined) {
  return useQuery({ queryKey: runKeys.run(runId ?? ''), queryFn: () => fetchRun(runId!), enabled: !!runId, gcTime: REPORT_GC_MS });
}

export function useTestCase(testCaseId: string | undefined) {
  return useQuery({ queryKey: runKeys.testCase(testCaseId ?? ''), queryFn: () => fetchTestCase(testCaseId!), enabled: !!testCaseId, gcTime: REPORT_GC_MS });
}

export function useScenario(scenarioId: string | undefined) {
  return useQuery({ queryKey: runKeys.scenario(scenarioId ?? ''), queryFn: () => fetchScenario(scenarioId!), enabled: !!scenarioId, gcTime: REPORT_GC_MS });
}

export function useRunLogs(instanceId: string) {
  return useQuery({ queryKey: runKeys.logs(instanceId), queryFn: () => fetchRunLogs(instanceId), gcTime: 0 });
}
