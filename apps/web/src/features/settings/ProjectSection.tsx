import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, type ProjectDto } from '@stepwise/shared';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../api/client';
import { useToast } from '../../components/toast/toast-context';
import { useUser } from '../auth/use-current-user';
import { DeleteProjectButton } from './DeleteProjectButton';
import { useRenameProject } from './use-project-admin';

export function ProjectSection({ project }: { project: ProjectDto }) {
  const user = useUser();
  const toast = useToast();
  const rename = useRenameProject(project._id);
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | null>(null);
  const unchanged = name.trim() === project.name;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(MSG.projectNameRequired);
      return;
    }
    try {
      await rename.mutateAsync(name.trim());
      toast.success('Project renamed successfully');
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Project
      </Typography>
      <form noValidate onSubmit={submit}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
          <TextField
            label="Project name"
            size="small"
            value={name}
            error={!!error}
            helperText={error ?? ' '}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Button type="submit" variant="contained" disabled={unchanged || rename.isPending} startIcon={rename.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            SAVE
          </Button>
        </Stack>
      </form>
      {user.customAttributes.allowDeleteProjects && (
        <>
          <Divider sx={{ my: 2 }} />
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <div>
              <Typography sx={{ fontWeight: 600 }}>Delete this project</Typography>
              <Typography variant="body2" color="text.secondary">
                Removes the project, its members and access tokens for everyone.
              </Typography>
            </div>
            <DeleteProjectButton project={project} />
          </Stack>
        </>
      )}
    </Paper>
  );
}
