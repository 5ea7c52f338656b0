import Button from '@mui/material/Button';
import { MSG, type ProjectDto } from '@stepwise/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast/toast-context';
import { useDeleteProject } from './use-project-admin';

export function DeleteProjectButton({ project }: { project: ProjectDto }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteProject(project._id);
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Delete project
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete project"
        message={`Delete ${project.name}? This cannot be undone.`}
        confirmText="Delete"
        retryText="Retry"
        destructive
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync();
          } catch {
            throw new Error(MSG.failedDeleteProject);
          }
          toast.success('Project deleted');
          navigate('/', { replace: true });
          return true;
        }}
      />
    </>
  );
}
