import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STORED_USER_DEFAULT_PAGE_SIZE, WS_MSG } from '@stepwise/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isUnauthorized } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast/toast-context';
import { useProject } from '../projects/use-projects';
import { useWriteGuard } from '../workspace/write-guard';
import { addStoredUser, deleteStoredUser, fetchStoredUsers, type StoredUser, updateStoredUser } from './stored-users.api';
import { StoredUserDialog } from './StoredUserDialog';
import { StoredUsersTable } from './StoredUsersTable';
import { TotpDialog } from './TotpDialog';

type Open = { kind: 'form'; editing: StoredUser | null } | { kind: 'totp'; user: StoredUser } | { kind: 'delete'; user: StoredUser } | null;

/** Stored login users of the project (for the AI and scenarios), with their TOTP codes. */
export function StoredUsersSection() {
  const project = useProject();
  const guard = useWriteGuard();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState<number>(STORED_USER_DEFAULT_PAGE_SIZE);
  const [open, setOpen] = useState<Open>(null);
  const key = ['stored-users', project._id];
  const users = useQuery({ queryKey: [...key, page, limit], queryFn: () => fetchStoredUsers(project._id, page, limit), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const close = () => setOpen(null);

  return (
    <Box component="section" aria-labelledby="stored-users-title" sx={{ mt: 5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Box sx={{ flex: 1 }}>
          <Typography id="stored-users-title" variant="h6" component="h2">
            Stored users
          </Typography>
          <Typography color="text.secondary">Logins (and authenticator keys) your scenarios and the AI use to sign in to the sites under test.</Typography>
        </Box>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => guard.canWrite() && setOpen({ kind: 'form', editing: null })}>
          Add user
        </Button>
      </Stack>
      {users.isError && !isUnauthorized(users.error) && <Alert severity="error" sx={{ mb: 2 }}>{WS_MSG.storedUserGetError}</Alert>}
      <Paper variant="outlined">
        <StoredUsersTable
          users={users.data?.users ?? []}
          total={users.data?.total ?? 0}
          page={page}
          limit={limit}
          loading={users.isLoading}
          onPage={setPage}
          onLimit={(l) => {
            setLimit(l);
            setPage(0);
          }}
          onTotp={(user) => setOpen({ kind: 'totp', user })}
          onEdit={(user) => guard.canWrite() && setOpen({ kind: 'form', editing: user })}
          onDelete={(user) => guard.canWrite() && setOpen({ kind: 'delete', user })}
        />
      </Paper>
      {open?.kind === 'form' && (
        <StoredUserDialog
          editing={open.editing}
          onClose={close}
          onSave={async (v) => {
            if (open.editing) await updateStoredUser({ project_id: project._id, prev_username: open.editing.username, ...v });
            else await addStoredUser({ project_id: project._id, ...v });
            await refresh();
            toast.success(open.editing ? 'User updated' : 'User added');
            close();
          }}
        />
      )}
      {open?.kind === 'totp' && <TotpDialog projectId={project._id} username={open.user.username} onClose={close} />}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title="Delete user"
        message={`Delete the stored user ${open?.kind === 'delete' ? open.user.username : ''}?`}
        confirmText="Delete"
        retryText="Retry"
        destructive
        onClose={close}
        onConfirm={async () => {
          if (open?.kind !== 'delete') return true;
          try {
            await deleteStoredUser(project._id, open.user.username);
          } catch {
            throw new Error(WS_MSG.storedUserDeleteError);
          }
          await refresh();
          toast.success('User deleted');
          return true;
        }}
      />
    </Box>
  );
}
