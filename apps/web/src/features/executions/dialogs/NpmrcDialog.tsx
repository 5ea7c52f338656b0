import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { projectKeys } from '../../projects/project-keys';
import { saveNpmrc } from '../executions.api';

interface Props {
  projectId: string;
  initial: string;
  onClose: () => void;
}

/** "Define .npmrc settings": the registry settings runs install the project's packages with. */
export function NpmrcDialog({ projectId, initial, onClose }: Props) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const ok = await saveNpmrc(projectId, text);
    setBusy(false);
    if (!ok) return;
    await queryClient.invalidateQueries({ queryKey: projectKeys.all });
    onClose();
  };
  return (
    <AppDialog open onClose={busy ? undefined : onClose} aria-labelledby="npmrc-title">
      <DialogTitle id="npmrc-title">Define .npmrc settings</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Registries and tokens used when executions install your project&apos;s packages. The content is encrypted at rest.
        </Typography>
        <TextField
          label=".npmrc"
          multiline
          minRows={6}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={'@my-scope:registry=https://npm.example.com/\n//npm.example.com/:_authToken=${NPM_TOKEN}'}
          slotProps={{ htmlInput: { maxLength: 20000, spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={busy || text === initial} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
