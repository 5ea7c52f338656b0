import { useProject, useProjectExpiry } from '../projects/use-projects';
import { guardDialogStore } from '../workspace/write-guard';

/** Executions need maxExecutionThreads above 0; an expired licence blocks run, toggle, edit-schedule, delete and row click. */
export function useExecutionLicence() {
  const project = useProject();
  const expiry = useProjectExpiry(project._id).data;
  const expired = expiry?.is_expired ?? project.is_expired;
  /** false (and the upgrade prompt opens) when the licence is expired. */
  const guard = (): boolean => {
    if (!expired) return true;
    guardDialogStore.set('expired');
    return false;
  };
  return { enabled: project.maxExecutionThreads > 0, expired, threads: project.maxExecutionThreads, guard };
}
