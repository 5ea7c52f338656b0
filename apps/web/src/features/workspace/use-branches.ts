import { DEFAULT_BRANCH } from '@stepwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createBranch, deleteBranch, fetchBranches } from './branches.api';
import { useWorkspace } from './use-workspace';
import { wsKeys } from './workspace-keys';

/** Branches of the project; a remembered branch that no longer exists falls back to main. */
export function useBranches() {
  const ws = useWorkspace();
  const query = useQuery({
    queryKey: wsKeys.branches(ws.projectId),
    queryFn: () => fetchBranches(ws.ref),
  });
  const branches = query.data;
  const { branch, setBranch } = ws;
  useEffect(() => {
    if (branches && !branches.includes(branch)) setBranch(DEFAULT_BRANCH);
  }, [branches, branch, setBranch]);
  return query;
}

export function useCreateBranch() {
  const ws = useWorkspace();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sourceBranch: string; newBranch: string }) =>
      createBranch({ projectId: ws.projectId, isPrivateRepo: ws.isPrivateRepo, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wsKeys.branches(ws.projectId) }),
  });
}

export function useDeleteBranch() {
  const ws = useWorkspace();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (branch: string) => deleteBranch({ projectId: ws.projectId, isPrivateRepo: ws.isPrivateRepo, branch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wsKeys.branches(ws.projectId) }),
  });
}
