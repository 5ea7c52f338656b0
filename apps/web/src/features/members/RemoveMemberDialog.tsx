import { truncateName, UI, type MemberDto } from '@stepwise/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast/toast-context';
import { useRemoveMember } from './use-members';

interface Props {
  projectId: string;
  projectName: string;
  member: MemberDto | null;
  onClose: () => void;
}

export function RemoveMemberDialog({ projectId, projectName, member, onClose }: Props) {
  const remove = useRemoveMember(projectId);
  const toast = useToast();
  const name = member ? truncateName(member.name || member.user_email, UI.memberNameMaxInDialog) : '';
  const message =
    member?.status === 'invited'
      ? `Are you sure you want to cancel the invitation sent to ${name}?`
      : `Are you sure you want to remove ${name} from ${projectName}?`;
  return (
    <ConfirmDialog
      open={!!member}
      title={member?.status === 'invited' ? 'Cancel invitation' : 'Remove member'}
      message={message}
      confirmText="Confirm"
      retryText="Retry removing user"
      destructive
      onClose={onClose}
      onConfirm={async () => {
        if (!member) return true;
        await remove.mutateAsync(member);
        toast.success(`${name} was removed from the project`);
        return true;
      }}
    />
  );
}
