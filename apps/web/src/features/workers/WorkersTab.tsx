import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLES, type WorkerTokenDto } from '@stepwise/shared';
import { useState } from 'react';
import { isUnauthorized } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast/toast-context';
import { useProject } from '../projects/use-projects';
import { CreateWorkerTokenDialog } from './CreateWorkerTokenDialog';
import { WorkerTokensTable } from './WorkerTokensTable';
import { useRevokeWorkerToken, useWorkerTokens } from './use-workers';

/**
 * Settings > Workers (project admins): the worker tokens of the project. A run worker started with one
 * takes this project's executions from the server's run queue.
 */
export function WorkersTab() {
  const project = useProject();
  const toast = useToast();
  const isAdmin = project.userRole === ROLES.admin;
  const tokens = useWorkerTokens(project._id, isAdmin);
  const revoke = useRevokeWorkerToken(project._id);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<WorkerTokenDto | null>(null);

  if (!isAdmin) return <Alert severity="info">Only project admins manage run workers.</Alert>;
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            Run workers
          </Typography>
          <Typography color="text.secondary">Machines that run the executions of {project.name}. Each worker registers with a token of its own.</Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          CREATE TOKEN
        </Button>
      </Stack>
      {tokens.data && !tokens.data.enabled && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This server runs executions itself. Workers take them once the server is started with RUN_WORKERS=external and REDIS_URL.
        </Alert>
      )}
      {tokens.isError && !isUnauthorized(tokens.error) && <Alert severity="error" sx={{ mb: 2 }}>{`Error: ${tokens.error.message}`}</Alert>}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <WorkerTokensTable tokens={tokens.data?.workerTokens ?? []} loading={tokens.isLoading} onRevoke={setRevoking} />
      </Paper>
      <CreateWorkerTokenDialog projectId={project._id} open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={!!revoking}
        title="Revoke worker token"
        message={`Revoke the token ${revoking?.name ?? ''}? The worker using it can no longer take jobs.`}
        destructive
        retryText="Retry"
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return true;
          await revoke.mutateAsync(revoking.id);
          toast.success('Worker token revoked');
          return true;
        }}
      />
    </>
  );
}
