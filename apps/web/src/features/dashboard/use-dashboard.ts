import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchDashboardData, fetchPersonalization, savePersonalization } from './dashboard.api';
import { periodQuery, type DashboardPeriod, type PeriodQuery } from './periods';

export const dashboardKeys = {
  data: (projectId: string, range: PeriodQuery) => ['dashboard', projectId, 'data', range.startDate, range.endDate, range.tzOffsetMinutes] as const,
  personalization: (projectId: string) => ['dashboard', projectId, 'personalization'] as const,
};

/** Metrics of the period; the previous period's figures (same project) stay on screen while the next one loads. */
export function useDashboardData(projectId: string, period: DashboardPeriod) {
  const range = periodQuery(period);
  return useQuery({
    queryKey: dashboardKeys.data(projectId, range),
    queryFn: () => fetchDashboardData(projectId, range),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === projectId ? previous : undefined),
  });
}

export function usePersonalization(projectId: string) {
  return useQuery({ queryKey: dashboardKeys.personalization(projectId), queryFn: () => fetchPersonalization(projectId) });
}

export function useSavePersonalization(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (info: Record<string, number | string | boolean | null>) => savePersonalization(projectId, info),
    onSuccess: (saved) => queryClient.setQueryData(dashboardKeys.personalization(projectId), saved),
  });
}
