import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { AppDialog } from '../../../components/AppDialog';

/** 'Do you want to discard it?' when leaving text that was typed but not saved. */
export function DiscardPrompt({ open, what, onDiscard, onBack }: { open: boolean; what: string; onDiscard: () => void; onBack: () => void }) {
  return (
    <AppDialog open={open} onClose={onBack} maxWidth="xs" aria-labelledby="discard-prompt-title">
      <DialogTitle id="discard-prompt-title">Do you want to discard it?</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">The {what} you typed has not been saved.</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="error" onClick={onDiscard}>
          Discard
        </Button>
        <Button variant="contained" onClick={onBack} autoFocus>
          Back to edit
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
