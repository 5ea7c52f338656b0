import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { ROLES, type MemberDto } from '@stepwise/shared';
import { useState } from 'react';
import { isUnauthorized } from '../../api/client';
import { useUser } from '../auth/use-current-user';
import { useProject } from '../projects/use-projects';
import { InviteForm } from './InviteForm';
import { MembersTable } from './MembersTable';
import { RemoveMemberDialog } from './RemoveMemberDialog';
import { useMembers } from './use-members';

export function MembersTab() {
  const project = useProject();
  const user = useUser();
  const members = useMembers(project._id);
  const [removing, setRemoving] = useState<MemberDto | null>(null);
  const list = members.data ?? [];

  return (
    <>
      <InviteForm project={project} members={list} />
      {members.isError && !isUnauthorized(members.error) && <Alert severity="error" sx={{ mb: 2 }}>{`Error: ${members.error.message}`}</Alert>}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <MembersTable
          members={list}
          loading={members.isLoading}
          isAdmin={project.userRole === ROLES.admin}
          selfId={user.userId}
          selfEmail={user.email}
          onRemove={setRemoving}
        />
      </Paper>
      <RemoveMemberDialog projectId={project._id} projectName={project.name} member={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
