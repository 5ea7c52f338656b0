import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';

/** Comment for a step, saved as '# ...' lines above it. */
export function StepCommentDialog({ step, onSave, onClose }: { step: string; onSave: (comment: string) => Promise<void>; onClose: () => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const empty = !text.split('\n').some((l) => l.trim());

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await onSave(text);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  return (
    <AppDialog open onClose={busy ? undefined : onClose} aria-labelledby="step-comment-title">
      <DialogTitle id="step-comment-title">Comment</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {step}
        </Typography>
        <TextField
          multiline
          minRows={3}
          autoFocus
          placeholder="Enter Comment..."
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': 'Comment' } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={busy || empty}>
          Save comment
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
