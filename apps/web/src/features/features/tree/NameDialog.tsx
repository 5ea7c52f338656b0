import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { NAME_MAX } from '@stepwise/shared';
import { type FormEvent, useId, useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';

export interface NameDialogProps {
  title: string;
  label: string;
  initial: string;
  /** Live message for the typed value, or null when it may be saved. */
  validate: (value: string) => string | null;
  onSave: (value: string) => Promise<void>;
  onClose: () => void;
}

/** One-field dialog used to rename features and scenarios. */
export function NameDialog({ title, label, initial, validate, onSave, onClose }: NameDialogProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = value === initial ? null : validate(value);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const check = validate(value);
    if (check) return setError(check);
    setBusy(true);
    setError(null);
    try {
      await onSave(value.trim());
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  return (
    <AppDialog open onClose={busy ? undefined : onClose} maxWidth="xs" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <form id={`${id}-form`} noValidate onSubmit={submit}>
          <TextField
            label={label}
            value={value}
            autoFocus
            onChange={(e) => setValue(e.target.value)}
            error={!!problem}
            helperText={problem ?? ' '}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: NAME_MAX + 20 } }}
          />
          {error && error !== problem && <Alert severity="error">{error}</Alert>}
        </form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={`${id}-form`} variant="contained" disabled={busy || !!problem || value === initial} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
