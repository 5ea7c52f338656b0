import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { errorText } from '../api/client';
import { AppDialog } from './AppDialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Label of the confirm button after a failure or while `errorMessage` is set. */
  retryText?: string;
  errorMessage?: string | null;
  destructive?: boolean;
  /** A truthy result closes the dialog; a thrown error is shown and offers a retry. */
  onConfirm: () => unknown | Promise<unknown>;
  onClose: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmText = 'Confirm', cancelText = 'Cancel', retryText, errorMessage, destructive, onConfirm, onClose } = props;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) setFailure(null);
  }, [open]);

  const error = errorMessage ?? failure;
  const label = error && retryText ? retryText : confirmText;

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      const result = await onConfirm();
      if (result) onClose();
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {typeof message === 'string' ? <Typography>{message}</Typography> : message}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {cancelText}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={confirm}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {label}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
