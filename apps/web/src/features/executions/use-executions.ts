import type { ExecutionDto } from '@stepwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { executionKeys } from './execution-keys';
import { deleteExecution, descheduleExecution, fetchExecutions, haltInstance, runExecution, scheduleExecution } from './executions.api';
import { markStopping, seedFromList } from './live/live-store';

/** The project's executions; the realtime feed replaces the cached list on every change. */
export function useExecutions(projectId: string) {
  return useQuery({
    queryKey: executionKeys.list(projectId),
    queryFn: async () => {
      const list = await fetchExecutions(projectId);
      seedFromList(list);
      return list;
    },
  });
}

/** Run now, delete, enable/disable and halt: failures are only logged by the api module. */
export function useExecutionActions(projectId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: executionKeys.list(projectId) });
  return {
    run: useMutation({ mutationFn: (e: ExecutionDto) => runExecution(e._id, e.env), onSettled: refresh }),
    remove: useMutation({ mutationFn: (id: string) => deleteExecution(id), onSettled: refresh }),
    toggle: useMutation({
      mutationFn: (v: { execution: ExecutionDto; enabled: boolean }) =>
        v.enabled ? scheduleExecution(v.execution._id, v.execution.schedule ?? undefined, v.execution.env) : descheduleExecution(v.execution._id),
      onSettled: refresh,
    }),
    halt: useMutation({
      mutationFn: async (instanceId: string) => {
        markStopping(instanceId, true);
        const ok = await haltInstance(instanceId);
        if (!ok) markStopping(instanceId, false);
        return ok;
      },
    }),
  };
}
