import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuarantineBody } from '@stepwise/shared';
import { fetchFailureGroups, fetchHistoryLists, fetchRunMarks, fetchScenarioHistory, historyKeys, setQuarantine } from './history.api';

export function useScenarioHistory(testCaseId: string | undefined, page: number, limit: number) {
  return useQuery({
    queryKey: historyKeys.scenario(testCaseId ?? '', page, limit),
    queryFn: () => fetchScenarioHistory(testCaseId!, page, limit),
    enabled: !!testCaseId,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The run's marks by test case id. */
export function useRunMarks(runId: string) {
  return useQuery({ queryKey: historyKeys.marks(runId), queryFn: () => fetchRunMarks(runId), retry: false });
}

export function useHistoryLists(projectId: string) {
  return useQuery({ queryKey: historyKeys.lists(projectId), queryFn: () => fetchHistoryLists(projectId) });
}

/** A page of the project's failures grouped by signature over the last `days`. */
export function useFailureGroups(projectId: string, days: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: historyKeys.failureGroups(projectId, days, page, pageSize),
    queryFn: () => fetchFailureGroups(projectId, days, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useQuarantine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuarantineBody) => setQuarantine(body),
    onSuccess: () => client.invalidateQueries({ queryKey: historyKeys.all }),
  });
}
