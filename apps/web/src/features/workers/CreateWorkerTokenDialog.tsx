import { NewTokenDialog } from '../../components/NewTokenDialog';
import { useCreateWorkerToken } from './use-workers';

/** Names a new worker token, then shows it once with the command that starts a worker with it. */
export function CreateWorkerTokenDialog({ projectId, open, onClose }: { projectId: string; open: boolean; onClose: () => void }) {
  const create = useCreateWorkerToken(projectId);
  return (
    <NewTokenDialog
      open={open}
      onClose={onClose}
      create={create}
      id="create-worker-token"
      titles={{ create: 'Create worker token', created: 'Your new worker token' }}
      nameLabel="Worker name"
      nameExample="runner-1"
      shown={(token) => ({
        text: `npx stepwise worker --server ${window.location.origin} --token ${token}`,
        testId: 'new-worker-command',
        copyLabel: 'Copy command',
        intro: 'Start a worker with it on a machine with bubblewrap and Chromium:',
      })}
    />
  );
}
