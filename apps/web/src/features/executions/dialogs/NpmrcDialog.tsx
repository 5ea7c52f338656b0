import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NPMRC_MASK } from '@stepwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { projectKeys } from '../../projects/project-keys';
import { saveNpmrc } from '../executions.api';

interface Props {
  projectId: string;
  /** The text as the server shows it: credentials masked. */
  initial: string;
  /** Admins change the settings; other members read them. */
  canEdit: boolean;
  onClose: () => void;
}

/**
 * "Define .npmrc settings": the registry settings runs install the project's packages with. Stored
 * credentials come masked; a masked value left as it is keeps the stored one.
 */
export function NpmrcDialog({ projectId, initial, canEdit, onClose }: Props) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    const failure = await saveNpmrc(projectId, text);
    setBusy(false);
    setError(failure);
    if (failure) return;
    await queryClient.invalidateQueries({ queryKey: projectKeys.all });
    onClose();
  };
  return (
    <AppDialog open onClose={busy ? undefined : onClose} aria-labelledby="npmrc-title">
      <DialogTitle id="npmrc-title">Define .npmrc settings</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Registries and tokens used when executions install your project&apos;s packages. The content is encrypted at rest; tokens
          and passwords are shown as {NPMRC_MASK}
          {canEdit ? ' (leave them as they are to keep them).' : '.'}
        </Typography>
        {!canEdit && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Only project admins can change these settings.
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label=".npmrc"
          multiline
          minRows={6}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={canEdit ? '@my-scope:registry=https://npm.example.com/\n//npm.example.com/:_authToken=${NPM_TOKEN}' : undefined}
          slotProps={{ htmlInput: { maxLength: 20000, spellCheck: false, readOnly: !canEdit, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {canEdit ? 'Cancel' : 'Close'}
        </Button>
        {canEdit && (
          <Button variant="contained" onClick={save} disabled={busy || text === initial} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Save
          </Button>
        )}
      </DialogActions>
    </AppDialog>
  );
}
