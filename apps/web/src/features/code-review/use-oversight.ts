import { oversightBadge } from '@stepwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveStore } from '../executions/live/live-store';
import { isFinished } from '../executions/logic/status';
import { fetchOversight } from './code-review.api';

/** Under 'runs' (not saved to local storage, refreshed with the project's reports). */
export const oversightKeys = {
  list: (projectId: string) => ['runs', projectId, 'oversight'] as const,
};

/** The open code fixes of the project (newest first) and how many there are. */
export function useOversightList(projectId: string | undefined, options: { staleTime?: number; refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: oversightKeys.list(projectId ?? ''),
    queryFn: () => fetchOversight(projectId!),
    enabled: !!projectId,
    ...options,
  });
}

/** How many runs the app saw finish; each new one can have brought code fixes. */
const finishedRuns = () => [...liveStore.get().values()].filter((l) => isFinished(l.status)).length;

/**
 * The sidebar's Code Review badge: the open fixes' count ('99+' above 99), null at 0. It follows the
 * page's accept and discard (same query), runs finishing in this tab, and otherwise every minute.
 */
export function useOversightBadge(projectId: string | undefined): string | null {
  const queryClient = useQueryClient();
  const list = useOversightList(projectId, { staleTime: 15_000, refetchInterval: 60_000 });
  useEffect(() => {
    if (!projectId) return;
    let seen = finishedRuns();
    return liveStore.subscribe(() => {
      const now = finishedRuns();
      if (now > seen) void queryClient.invalidateQueries({ queryKey: oversightKeys.list(projectId) });
      seen = now;
    });
  }, [projectId, queryClient]);
  const total = list.data?.total ?? 0;
  return total > 0 ? oversightBadge(total) : null;
}
