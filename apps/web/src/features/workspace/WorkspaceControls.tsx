import { EnvironmentDialogHost } from '../environments/EnvironmentDialogHost';
import { EnvironmentSelector } from '../environments/EnvironmentSelector';
import { BranchSelector } from './BranchSelector';
import { RecorderButton } from './RecorderButton';
import { usePublishRefresh } from './use-publish-refresh';
import { useWorkspace } from './use-workspace';
import { WriteConflictHost } from './WriteConflictHost';
import { WriteGuardDialogs } from './WriteGuardDialogs';

/** Environment, branch and recorder controls of the top bar, inside a project; published scenarios refresh the counts. */
export function WorkspaceControls() {
  const { project } = useWorkspace();
  usePublishRefresh(project._id);
  // A project that asks for a private repository has no workspace to pick from until it is connected.
  const hidden = project.privateRepo && !project.configuredPrivateRepo;
  return (
    <>
      {!hidden && (
        <>
          <EnvironmentSelector />
          <BranchSelector />
          <RecorderButton />
        </>
      )}
      <EnvironmentDialogHost />
      <WriteGuardDialogs />
      <WriteConflictHost />
    </>
  );
}
