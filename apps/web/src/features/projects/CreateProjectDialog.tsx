import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { MSG } from '@stepwise/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/client';
import { AppDialog } from '../../components/AppDialog';
import { useToast } from '../../components/toast/toast-context';
import { PROJECT_SETUP_MIN_WAIT_MS } from '../../lib/web-constants';
import { useAppConfig } from '../config/use-app-config';
import { CreateProjectForm, emptyProjectForm, projectFormValid, type ProjectFormValues } from './CreateProjectForm';
import { ProjectSetupWait } from './ProjectSetupWait';
import { useCreateProject } from './use-create-project';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function CreateProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const config = useAppConfig();
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateProject();
  const [values, setValues] = useState<ProjectFormValues>(emptyProjectForm);
  const [error, setError] = useState<string | null>(null);
  const [settingUp, setSettingUp] = useState(false);

  async function submit() {
    if (!projectFormValid(values)) return;
    setError(null);
    try {
      const project = await create.mutateAsync({
        name: values.name.trim(),
        url: values.url.trim(),
        demo: values.demo,
        description: values.description.trim() || undefined,
      });
      toast.success(MSG.newProjectCreated);
      setSettingUp(true);
      // The hosted product waited 30 s (10 s short) for an asynchronous setup. Our server creates the
      // project synchronously, so the wait ends once the server has answered plus a short 1.5 s.
      await sleep(PROJECT_SETUP_MIN_WAIT_MS);
      setSettingUp(false);
      onClose();
      navigate(`/${project._id}/dashboard`);
    } catch (err) {
      setError(errorText(err));
    }
  }

  const busy = create.isPending || settingUp;
  return (
    <AppDialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="create-project-title">
      <DialogTitle id="create-project-title">Create a new project</DialogTitle>
      <DialogContent>
        {settingUp ? (
          <ProjectSetupWait durationMs={PROJECT_SETUP_MIN_WAIT_MS} />
        ) : (
          <form id="create-project-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
            <CreateProjectForm values={values} onChange={setValues} demoUrl={config.demoUrl} error={error} disabled={busy} />
          </form>
        )}
      </DialogContent>
      {!settingUp && (
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="create-project-form"
            variant="contained"
            disabled={busy || !projectFormValid(values)}
            startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            CREATE PROJECT
          </Button>
        </DialogActions>
      )}
    </AppDialog>
  );
}
