import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createAccessKey, deleteAccessKey, fetchAccessKeys } from './access-tokens.api';

export const accessKeysKey = (projectId: string) => ['accessKeys', projectId] as const;

export function useAccessKeys(projectId: string) {
  return useQuery({ queryKey: accessKeysKey(projectId), queryFn: () => fetchAccessKeys(projectId) });
}

export function useCreateAccessKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createAccessKey(projectId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeysKey(projectId) }),
  });
}

export function useDeleteAccessKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAccessKey(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeysKey(projectId) }),
  });
}
