import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { AppDialog } from '../../../components/AppDialog';

interface Props {
  saving: boolean;
  onBack: () => void;
  onDiscard: () => void;
  onSave: () => void;
}

/** "You have unsaved changes": Back to editing, Discard or Save. */
export function UnsavedChangesDialog({ saving, onBack, onDiscard, onSave }: Props) {
  return (
    <AppDialog open onClose={saving ? undefined : onBack} maxWidth="xs" aria-labelledby="unsaved-title">
      <DialogTitle id="unsaved-title">You have unsaved changes</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">Save the changes to this execution before leaving, or discard them.</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onBack} disabled={saving}>
          Back to editing
        </Button>
        <Button color="error" onClick={onDiscard} disabled={saving}>
          Discard
        </Button>
        <Button variant="contained" onClick={onSave} disabled={saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
