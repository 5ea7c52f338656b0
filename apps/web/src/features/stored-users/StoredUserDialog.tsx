import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { WS_MSG } from '@stepwise/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { AppDialog } from '../../components/AppDialog';
import type { StoredUser } from './stored-users.api';

export interface StoredUserValues {
  username: string;
  password: string;
  secretKey: string;
}

export interface StoredUserDialogProps {
  editing: StoredUser | null;
  onSave: (values: StoredUserValues) => Promise<void>;
  onClose: () => void;
}

/** 'Add User credentials': username and password required (trimmed), secret key optional (spaces removed). */
export function StoredUserDialog({ editing, onSave, onClose }: StoredUserDialogProps) {
  const [values, setValues] = useState<StoredUserValues>({ username: editing?.username ?? '', password: editing?.password ?? '', secretKey: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof StoredUserValues) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const clean = { username: values.username.trim(), password: values.password.trim(), secretKey: values.secretKey.replace(/\s+/g, '') };
    if (!clean.username || !clean.password) return setError(WS_MSG.fillAllFields);
    setBusy(true);
    setError(null);
    try {
      await onSave(clean);
    } catch (err) {
      setError(err instanceof ApiError && err.status > 0 ? err.message : WS_MSG.storedUserTotpError);
      setBusy(false);
    }
  }

  return (
    <AppDialog open onClose={busy ? undefined : onClose} maxWidth="xs" aria-labelledby="stored-user-title">
      <DialogTitle id="stored-user-title">Add User credentials</DialogTitle>
      <DialogContent>
        <form id="stored-user-form" noValidate onSubmit={submit}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Username" required autoComplete="off" value={values.username} onChange={set('username')} autoFocus />
            <TextField label="Password" required type="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
            <TextField
              label="Secret key"
              autoComplete="off"
              value={values.secretKey}
              onChange={set('secretKey')}
              helperText={editing?.secretKeyConfigured ? 'Leave empty to keep the configured authenticator key' : 'Optional: the base32 key of the authenticator (TOTP)'}
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form="stored-user-form" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
