import type { StepInfoDto } from '@stepwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWorkspace } from '../workspace/use-workspace';
import { wsKeys } from '../workspace/workspace-keys';
import { fetchStepCode, fetchSteps } from './steps.api';

/** Every step of the branch with its implementation, by step text. */
export function useStepIndex(): Map<string, StepInfoDto> | undefined {
  const ws = useWorkspace();
  const query = useQuery({ queryKey: wsKeys.steps(ws.projectId, ws.branch), queryFn: () => fetchSteps(ws.ref) });
  return useMemo(() => (query.data ? new Map(query.data.map((s) => [s.stepName, s])) : undefined), [query.data]);
}

export function useStepCode(featurePath: string, scenarioName: string) {
  const ws = useWorkspace();
  return useQuery({
    queryKey: wsKeys.stepCode(ws.projectId, ws.branch, featurePath, scenarioName),
    queryFn: () => fetchStepCode(ws.ref, featurePath, scenarioName),
  });
}
