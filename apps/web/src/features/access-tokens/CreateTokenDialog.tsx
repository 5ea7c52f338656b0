import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MSG } from '@stepwise/shared';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../api/client';
import { AppDialog } from '../../components/AppDialog';
import { CopyButton } from '../../components/CopyButton';
import { useCreateAccessKey } from './use-access-tokens';

export function CreateTokenDialog({ projectId, open, onClose }: { projectId: string; open: boolean; onClose: () => void }) {
  const create = useCreateAccessKey(projectId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);

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
      const created = await create.mutateAsync(name.trim());
      setToken(created.token);
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <AppDialog open={open} onClose={create.isPending ? undefined : close} aria-labelledby="create-token-title">
      <DialogTitle id="create-token-title">{token ? 'Your new access token' : 'Create access token'}</DialogTitle>
      {token ? (
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            Copy this token now. For your security it will not be shown again.
          </Alert>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box
              component="code"
              data-testid="new-access-token"
              sx={{ flex: 1, p: 1.5, borderRadius: 1, bgcolor: 'grey.100', fontFamily: 'monospace', wordBreak: 'break-all' }}
            >
              {token}
            </Box>
            <CopyButton text={token} ariaLabel="Copy token" />
          </Stack>
        </DialogContent>
      ) : (
        <DialogContent>
          <form id="create-token-form" noValidate onSubmit={submit}>
            <TextField
              label="Token name"
              autoFocus
              value={name}
              error={!!error}
              helperText={error ?? 'For example: CI pipeline'}
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
            <Button
              type="submit"
              form="create-token-form"
              variant="contained"
              disabled={create.isPending}
              startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              CREATE TOKEN
            </Button>
          </>
        )}
      </DialogActions>
    </AppDialog>
  );
}
