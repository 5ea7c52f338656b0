import type { ScenarioReference } from '@stepwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { executionKeys } from '../execution-keys';
import { fetchBranchFeatures } from '../executions.api';
import { scenarioCommand } from '../logic/commands';
import { flattenFeatures, scenariosForTags, tagOptions } from '../logic/features';

export interface BranchScenariosInput {
  projectId: string;
  isPrivateRepo: boolean;
  branch: string;
  env: string;
  tags: readonly string[];
  enabled?: boolean;
}

/** Tags of a branch and the scenarios the chosen tags select (with their commands for `env`). */
export function useBranchScenarios({ projectId, isPrivateRepo, branch, env, tags, enabled = true }: BranchScenariosInput) {
  const query = useQuery({
    queryKey: executionKeys.branchFeatures(projectId, branch),
    queryFn: () => fetchBranchFeatures(projectId, branch, isPrivateRepo),
    enabled: enabled && !!branch,
  });
  const features = useMemo(() => flattenFeatures(query.data?.foldersAndFeatures ?? []), [query.data]);
  const options = useMemo(() => tagOptions(query.data?.allTags ?? []), [query.data]);
  const scenarios: ScenarioReference[] = useMemo(
    () => scenariosForTags(features, tags, (featurePath, scenarioName, line) => scenarioCommand({ projectId, branch, env, featurePath, scenarioName, line })),
    [features, tags, projectId, branch, env],
  );
  return { query, tagOptions: options, scenarios };
}
