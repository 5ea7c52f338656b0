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
import { errorText } from '../api/client';
import { AppDialog } from './AppDialog';
import { CopyButton } from './CopyButton';

export interface NewTokenDialogProps {
  open: boolean;
  onClose: () => void;
  /** Creates the token named `name`; its secret is shown once. */
  create: { mutateAsync: (name: string) => Promise<{ token: string }>; isPending: boolean };
  /** Names the dialog's elements (`<id>-title`, `<id>-form`). */
  id: string;
  titles: { create: string; created: string };
  nameLabel: string;
  nameExample: string;
  /** What is shown (and copied) once the token exists: the token, or a command holding it. */
  shown: (token: string) => { text: string; testId: string; copyLabel: string; intro?: string };
}

/** Names a new token, then shows its secret once, with a copy button: access tokens, worker tokens. */
export function NewTokenDialog({ open, onClose, create, id, titles, nameLabel, nameExample, shown }: NewTokenDialogProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const show = token ? shown(token) : null;

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
    <AppDialog open={open} onClose={create.isPending ? undefined : close} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{show ? titles.created : titles.create}</DialogTitle>
      {show ? (
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            Copy this token now. For your security it will not be shown again.
          </Alert>
          {show.intro && (
            <Typography variant="body2" sx={{ mb: 1 }}>
              {show.intro}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box component="code" data-testid={show.testId} sx={{ flex: 1, p: 1.5, borderRadius: 1, bgcolor: 'grey.100', fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {show.text}
            </Box>
            <CopyButton text={show.text} ariaLabel={show.copyLabel} />
          </Stack>
        </DialogContent>
      ) : (
        <DialogContent>
          <form id={`${id}-form`} noValidate onSubmit={submit}>
            <TextField
              label={nameLabel}
              autoFocus
              value={name}
              error={!!error}
              helperText={error ?? `For example: ${nameExample}`}
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
        {show ? (
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        ) : (
          <>
            <Button color="inherit" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" form={`${id}-form`} variant="contained" disabled={create.isPending} startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
              CREATE TOKEN
            </Button>
          </>
        )}
      </DialogActions>
    </AppDialog>
  );
}
