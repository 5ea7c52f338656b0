import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { WS_MSG } from '@stepwise/shared';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../api/client';
import { AppDialog } from '../../components/AppDialog';
import { SelectDropdown } from '../../components/SelectDropdown';
import { useToast } from '../../components/toast/toast-context';
import { useCreateBranch } from './use-branches';

export interface CreateBranchDialogProps {
  branches: string[];
  current: string;
  onClose: () => void;
  onCreated: (branch: string) => void;
}

/** New branch from a source branch; both fields are required. */
export function CreateBranchDialog({ branches, current, onClose, onCreated }: CreateBranchDialogProps) {
  const toast = useToast();
  const create = useCreateBranch();
  const [source, setSource] = useState(current);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const newBranch = name.trim();
    if (!source || !newBranch) return setError(WS_MSG.fillAllFields);
    setError(null);
    try {
      await create.mutateAsync({ sourceBranch: source, newBranch });
      toast.success('New branch created successfully');
      onCreated(newBranch);
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <AppDialog open onClose={create.isPending ? undefined : onClose} maxWidth="xs" aria-labelledby="create-branch-title">
      <DialogTitle id="create-branch-title">Create branch</DialogTitle>
      <DialogContent>
        <form id="create-branch-form" noValidate onSubmit={submit}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <SelectDropdown
              label="Source branch"
              value={source}
              options={branches.map((b) => ({ value: b, label: b }))}
              onChange={setSource}
              size="medium"
            />
            <TextField label="New branch name" value={name} onChange={(e) => setName(e.target.value)} autoFocus slotProps={{ htmlInput: { maxLength: 200 } }} />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" form="create-branch-form" variant="contained" disabled={create.isPending}>
          Create branch
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
