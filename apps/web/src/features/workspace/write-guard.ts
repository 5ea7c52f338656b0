import { useQuery } from '@tanstack/react-query';
import { createExternalStore } from '../../lib/external-store';
import { useCurrentProject, useProjectExpiry } from '../projects/use-projects';
import { fetchFeaturesCount } from './branches.api';
import { wsKeys } from './workspace-keys';

export type GuardDialog = 'expired' | 'maxScenarios' | null;

/** Which plan dialog is open; shown by <WriteGuardDialogs/> in the shell. */
export const guardDialogStore = createExternalStore<GuardDialog>(() => null);

/** Scenario count of the project (main branch), as the plan counts it. */
export function useScenarioCount(): number | undefined {
  const project = useCurrentProject();
  const count = useQuery({
    queryKey: wsKeys.count(project?._id ?? ''),
    queryFn: () => fetchFeaturesCount({ projectId: project!._id, branch: 'main', isPrivateRepo: project!.privateRepo }),
    enabled: !!project,
  });
  return count.data?.scenariosCount ?? project?.scenarioCount;
}

/** Plan checks before a write: an expired plan blocks writes, a full plan blocks new scenarios. */
export function useWriteGuard() {
  const project = useCurrentProject();
  const expiry = useProjectExpiry(project?._id).data;
  const scenarioCount = useScenarioCount() ?? 0;
  const expired = expiry?.is_expired ?? project?.is_expired ?? false;
  const max = project?.maxScenariosAllowed ?? Infinity;

  const canWrite = (): boolean => {
    if (!expired) return true;
    guardDialogStore.set('expired');
    return false;
  };
  /** Spec order of the recorder checks: the plan maximum first, then the expiry. */
  const canAddScenarios = (n = 1): boolean => {
    if (scenarioCount >= max || scenarioCount + n > max) {
      guardDialogStore.set('maxScenarios');
      return false;
    }
    return canWrite();
  };
  return { expired, scenarioCount, maxScenarios: max, remaining: Math.max(0, max - scenarioCount), canWrite, canAddScenarios };
}
