import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG } from '@stepwise/shared';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../api/client';
import { AppDialog } from '../../components/AppDialog';
import { CopyButton } from '../../components/CopyButton';
import { useCreateWorkerToken } from './use-workers';

/** Names a new worker token, then shows it once with the command that starts a worker with it. */
export function CreateWorkerTokenDialog({ projectId, open, onClose }: { projectId: string; open: boolean; onClose: () => void }) {
  const create = useCreateWorkerToken(projectId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const command = token ? `npx stepwise worker --server ${window.location.origin} --token ${token}` : '';

  function close() {
    setName('');
    setError(null);
    setToken(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(MSG.tokenNameRequired);
      return;
    }
    try {
      setToken((await create.mutateAsync(name.trim())).token);
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <AppDialog open={open} onClose={create.isPending ? undefined : close} aria-labelledby="create-worker-token-title">
      <DialogTitle id="create-worker-token-title">{token ? 'Your new worker token' : 'Create worker token'}</DialogTitle>
      {token ? (
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            Copy this token now. For your security it will not be shown again.
          </Alert>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Start a worker with it on a machine with bubblewrap and Chromium:
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box component="code" data-testid="new-worker-command" sx={{ flex: 1, p: 1.5, borderRadius: 1, bgcolor: 'grey.100', fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {command}
            </Box>
            <CopyButton text={command} ariaLabel="Copy command" />
          </Stack>
        </DialogContent>
      ) : (
        <DialogContent>
          <form id="create-worker-token-form" noValidate onSubmit={submit}>
            <TextField
              label="Worker name"
              autoFocus
              value={name}
              error={!!error}
              helperText={error ?? 'For example: runner-1'}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </form>
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {token ? (
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        ) : (
          <>
            <Button color="inherit" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" form="create-worker-token-form" variant="contained" disabled={create.isPending} startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
              CREATE TOKEN
            </Button>
          </>
        )}
      </DialogActions>
    </AppDialog>
  );
}
