import { useQuery } from '@tanstack/react-query';
import { fetchEnvironments } from '../../environments/environments.api';
import { fetchBranches } from '../../workspace/branches.api';
import { wsKeys } from '../../workspace/workspace-keys';

/** Branches of the project and environments of one branch, cached with the features area's queries. */
export function usePlannerSources(projectId: string, isPrivateRepo: boolean, branch: string) {
  const branches = useQuery({ queryKey: wsKeys.branches(projectId), queryFn: () => fetchBranches({ projectId, isPrivateRepo }) });
  const envs = useQuery({
    queryKey: wsKeys.envs(projectId, branch),
    queryFn: () => fetchEnvironments({ projectId, branch, isPrivateRepo }),
    enabled: !!branch,
  });
  return {
    branches: branches.data ?? [],
    environments: (envs.data?.allEnv ?? []).map((e) => e.name),
    loading: branches.isLoading || envs.isLoading,
  };
}
