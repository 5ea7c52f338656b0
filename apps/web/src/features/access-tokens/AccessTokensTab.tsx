import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, type AccessKeyDto } from '@stepwise/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isUnauthorized } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast/toast-context';
import { useProject } from '../projects/use-projects';
import { AccessTokensTable } from './AccessTokensTable';
import { CreateTokenDialog } from './CreateTokenDialog';
import { useAccessKeys, useDeleteAccessKey } from './use-access-tokens';

/** Access tokens of the project; `startCreating` opens the create dialog (route new-access-token). */
export function AccessTokensTab({ startCreating = false }: { startCreating?: boolean }) {
  const project = useProject();
  const navigate = useNavigate();
  const toast = useToast();
  const keys = useAccessKeys(project._id);
  const remove = useDeleteAccessKey(project._id);
  const [creating, setCreating] = useState(startCreating);
  const [deleting, setDeleting] = useState<AccessKeyDto | null>(null);

  function closeCreate() {
    setCreating(false);
    if (startCreating) navigate(`/${project._id}/settings/access-tokens`, { replace: true });
  }

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            Access tokens
          </Typography>
          <Typography color="text.secondary">Tokens let the command-line client and CI pipelines act on {project.name}.</Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          CREATE TOKEN
        </Button>
      </Stack>
      {keys.isError && !isUnauthorized(keys.error) && <Alert severity="error" sx={{ mb: 2 }}>{`Error: ${keys.error.message}`}</Alert>}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <AccessTokensTable keys={keys.data ?? []} loading={keys.isLoading} onDelete={setDeleting} />
      </Paper>
      <CreateTokenDialog projectId={project._id} open={creating} onClose={closeCreate} />
      <ConfirmDialog
        open={!!deleting}
        title="Delete token"
        message={`Delete the token ${deleting?.name ?? ''}? Clients using it will stop working.`}
        destructive
        retryText="Retry"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return true;
          try {
            await remove.mutateAsync(deleting.id);
          } catch {
            throw new Error(MSG.tokenDeleteError);
          }
          toast.success('Token deleted');
          return true;
        }}
      />
    </>
  );
}
