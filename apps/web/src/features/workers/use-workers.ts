import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createWorkerToken, fetchWorkerTokens, revokeWorkerToken } from './workers.api';

export const workerTokensKey = (projectId: string) => ['workerTokens', projectId] as const;

export function useWorkerTokens(projectId: string, enabled: boolean) {
  return useQuery({ queryKey: workerTokensKey(projectId), queryFn: () => fetchWorkerTokens(projectId), enabled, refetchInterval: 30_000 });
}

export function useCreateWorkerToken(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createWorkerToken(projectId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workerTokensKey(projectId) }),
  });
}

export function useRevokeWorkerToken(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeWorkerToken(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workerTokensKey(projectId) }),
  });
}
