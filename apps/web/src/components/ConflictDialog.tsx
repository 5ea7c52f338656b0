import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { AppDialog } from './AppDialog';

export interface ConflictDialogProps {
  open: boolean;
  /** The server's words for what changed ('This file was changed by someone else since you opened it.'). */
  message: string;
  /** Discard mine, show theirs. */
  onReload: () => void;
  /** Save mine over theirs. */
  onOverwrite: () => void;
  /** Neither: keep editing. */
  onCancel: () => void;
}

/** A save refused because someone else saved the same thing first: reload theirs or overwrite with mine. */
export function ConflictDialog({ open, message, onReload, onOverwrite, onCancel }: ConflictDialogProps) {
  return (
    <AppDialog open={open} onClose={onCancel} maxWidth="xs" aria-labelledby="conflict-dialog-title">
      <DialogTitle id="conflict-dialog-title">Someone else changed this</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {message}
        </Alert>
        <Typography variant="body2" sx={{ mb: 1 }}>
          <strong>Reload</strong> discards your changes and shows theirs.
        </Typography>
        <Typography variant="body2">
          <strong>Overwrite</strong> saves your version over theirs; their changes are lost.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onCancel} sx={{ mr: 'auto' }}>
          Cancel
        </Button>
        <Button variant="outlined" onClick={onReload}>
          Reload
        </Button>
        <Button variant="contained" color="warning" onClick={onOverwrite}>
          Overwrite
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
