import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ENV_NAME_MAX, envNameError, envUrlError, WS_MSG } from '@stepwise/shared';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../api/failure-text';
import { AppDialog } from '../../components/AppDialog';
import { useToast } from '../../components/toast/toast-context';
import { useAppConfig } from '../config/use-app-config';
import { isReloaded, saveWithConflicts, WriteConflictError, type StaleWrite } from '../workspace/write-conflict';
import type { Environment } from './environments.api';
import { demoEnvName, nameFromUrl } from './env-form';
import { useEnvironmentMutations } from './use-environments';

export interface EnvironmentDialogProps {
  /** The environment being edited; absent to create one. */
  editing?: Environment | null;
  existing: string[];
  onClose: () => void;
  onSaved: (name: string) => void;
}

/** Create or edit an environment: a name and a base URL, checked as the user types. */
export function EnvironmentDialog({ editing, existing, onClose, onSaved }: EnvironmentDialogProps) {
  const config = useAppConfig();
  const toast = useToast();
  const { create, edit, refresh } = useEnvironmentMutations();
  // The environment as the form was filled from; its version is the base of the save.
  const [loaded, setLoaded] = useState(editing ?? null);
  const [name, setName] = useState(editing?.name ?? '');
  const [url, setUrl] = useState(editing?.baseUrl ?? '');
  const [nameTyped, setNameTyped] = useState(!!editing);
  const [demo, setDemo] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const others = existing.filter((n) => n !== editing?.name);
  const nameError = name || nameTyped ? envNameError(name, others) : null;
  const urlError = url ? envUrlError(url) : null;
  const renamed = !!editing && name.trim() !== editing.name;
  const busy = create.isPending || edit.isPending;

  function changeUrl(value: string) {
    setUrl(value);
    if (!nameTyped) setName(nameFromUrl(value));
  }

  function toggleDemo(on: boolean) {
    setDemo(on);
    if (!on) return;
    setUrl(config.demoUrl);
    setName(demoEnvName(others));
    setNameTyped(true);
  }

  /** Theirs replaces what was typed; an environment renamed or deleted meanwhile closes the dialog. */
  async function reload(stale: StaleWrite) {
    await refresh();
    const current = stale.environment;
    if (!current) {
      toast.error('This environment was renamed or deleted by someone else');
      return onClose();
    }
    setLoaded(current);
    setName(current.name);
    setUrl(current.baseUrl);
    setNotice('Showing the latest saved version');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problem = envNameError(name, others) ?? envUrlError(url);
    if (problem) return setError(problem);
    const values = { name: name.trim(), baseUrl: url.trim() };
    if (editing && loaded) {
      if (values.name === loaded.name && values.baseUrl === loaded.baseUrl) return setNotice(WS_MSG.envNoChanges);
      try {
        await saveWithConflicts(
          (stale) => edit.mutateAsync({ name: editing.name, newName: values.name, baseUrl: values.baseUrl, baseVersion: stale ? stale.version : loaded.version }),
          reload,
        );
      } catch (err) {
        if (isReloaded(err)) return;
        return setError(err instanceof WriteConflictError ? err.message : failureText('Error in editing environment', err));
      }
      toast.success('Environment saved');
      return onSaved(values.name);
    }
    try {
      await create.mutateAsync(values);
    } catch (err) {
      toast.error(failureText('Failed to create environment', err));
      return onClose();
    }
    toast.success('Environment created');
    onSaved(values.name);
  }

  return (
    <AppDialog open onClose={busy ? undefined : onClose} aria-labelledby="env-dialog-title">
      <DialogTitle id="env-dialog-title">{editing ? 'Edit environment' : 'Create environment'}</DialogTitle>
      <DialogContent>
        <form id="env-form" noValidate onSubmit={submit}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {!editing && (
              <FormControlLabel control={<Checkbox checked={demo} onChange={(e) => toggleDemo(e.target.checked)} />} label="Use the demo app" />
            )}
            <TextField
              label="Base URL"
              placeholder="https://shop.example.com"
              value={url}
              disabled={demo}
              onChange={(e) => changeUrl(e.target.value)}
              error={!!urlError}
              helperText={urlError ?? ' '}
              autoFocus={!editing}
            />
            <TextField
              label="Environment name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setNameTyped(true);
                setNotice(null);
              }}
              error={!!nameError}
              helperText={nameError ?? `At most ${ENV_NAME_MAX} characters`}
              slotProps={{ htmlInput: { maxLength: ENV_NAME_MAX + 20 } }}
            />
            {renamed && <Alert severity="warning">{WS_MSG.envRenameWarning}</Alert>}
            {notice && <Alert severity="info">{notice}</Alert>}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form="env-form" variant="contained" disabled={busy || !!nameError || !!urlError || !name.trim() || !url.trim()}>
          {editing ? 'Save' : 'Create'}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
