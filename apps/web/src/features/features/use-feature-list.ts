import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useWorkspace } from '../workspace/use-workspace';
import { wsKeys } from '../workspace/workspace-keys';
import { fetchFeatureList, type FeatureList } from './features.api';

export function useFeatureList() {
  const ws = useWorkspace();
  const queryClient = useQueryClient();
  const queryKey = wsKeys.features(ws.projectId, ws.branch);
  // A refetch names the commit of the list held: an unchanged branch answers without the tree.
  return useQuery({ queryKey, queryFn: () => fetchFeatureList(ws.ref, queryClient.getQueryData<FeatureList>(queryKey)) });
}

/** After a write: everything read from the branch, and the scenario count, is fetched again. */
export function useRefreshBranch() {
  const { projectId, branch } = useWorkspace();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wsKeys.branch(projectId, branch) }),
        queryClient.invalidateQueries({ queryKey: wsKeys.count(projectId) }),
      ]),
    [queryClient, projectId, branch],
  );
}
