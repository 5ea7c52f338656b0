import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MSG, type ProjectDto } from '@stepwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { AppDialog } from '../../components/AppDialog';
import { useToast } from '../../components/toast/toast-context';
import { projectKeys } from '../projects/project-keys';
import { addPrivateRepo } from './settings.api';

export function GitAuthorizeDialog({ project, open, onClose }: { project: ProjectDto; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState({ username: '', token: '', url: project.privateRepoURL });
  const [error, setError] = useState<string | null>(null);
  const authorize = useMutation({
    mutationFn: () => addPrivateRepo({ project_id: project._id, username: values.username.trim(), token: values.token.trim(), url: values.url.trim() || undefined }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
  const urlRequired = !project.privateRepoURL;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.username.trim() || !values.token.trim() || (urlRequired && !values.url.trim())) {
      setError(MSG.fillAllFields);
      return;
    }
    setError(null);
    try {
      await authorize.mutateAsync();
      toast.success('Git is connected');
      onClose();
    } catch (err) {
      // Wrong credentials or an unreachable repository give the spec's text; rule violations keep the server's.
      setError(err instanceof ApiError && (err.status === 400 || err.status === 403) ? err.message : MSG.gitAuthorizeError);
    }
  }

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });
  return (
    <AppDialog open={open} onClose={authorize.isPending ? undefined : onClose} aria-labelledby="git-authorize-title">
      <DialogTitle id="git-authorize-title">Authorize Git access</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          Feature files, step code, environments and test data of {project.name} are fetched from and pushed to this repository.
          Use a personal access token with read and write access.
        </Alert>
        <form id="git-authorize-form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <TextField label="Username" autoComplete="username" value={values.username} onChange={set('username')} required />
            <TextField label="Token" type="password" autoComplete="off" value={values.token} onChange={set('token')} required />
            <TextField
              label="Repository URL"
              placeholder="https://github.com/acme/shop-tests.git"
              value={values.url}
              onChange={set('url')}
              required={urlRequired}
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={authorize.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          form="git-authorize-form"
          variant="contained"
          disabled={authorize.isPending}
          startIcon={authorize.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          AUTHORIZE
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
