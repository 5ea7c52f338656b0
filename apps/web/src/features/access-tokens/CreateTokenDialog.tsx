import { NewTokenDialog } from '../../components/NewTokenDialog';
import { useCreateAccessKey } from './use-access-tokens';

export function CreateTokenDialog({ projectId, open, onClose }: { projectId: string; open: boolean; onClose: () => void }) {
  const create = useCreateAccessKey(projectId);
  return (
    <NewTokenDialog
      open={open}
      onClose={onClose}
      create={create}
      id="create-token"
      titles={{ create: 'Create access token', created: 'Your new access token' }}
      nameLabel="Token name"
      nameExample="CI pipeline"
      shown={(token) => ({ text: token, testId: 'new-access-token', copyLabel: 'Copy token' })}
    />
  );
}
