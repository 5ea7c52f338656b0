import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';

const MAX = 2000;

/** Assert text: the text the page must show at this point of the scenario. */
export function AssertTextDialog({ onAssert, onClose }: { onAssert: (text: string) => void; onClose: () => void }) {
  const [text, setText] = useState('');
  const value = text.trim();
  const submit = () => value && onAssert(value);
  return (
    <AppDialog open onClose={onClose} maxWidth="xs" aria-labelledby="assert-text-title">
      <DialogTitle id="assert-text-title">Assert text</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label="Text the page shows"
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, MAX))}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          helperText="A step checks that this text is visible on the page."
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" disabled={!value} onClick={submit}>
          Add assertion
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
