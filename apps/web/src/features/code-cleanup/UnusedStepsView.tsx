import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { useToast } from '../../components/toast/toast-context';
import { useWorkspace } from '../workspace/use-workspace';
import { wsKeys } from '../workspace/workspace-keys';
import { useWriteGuard } from '../workspace/write-guard';
import { fetchUnusedSteps, removeUnusedSteps } from './code-cleanup.api';
import { stepKey, UnusedStepsList } from './UnusedStepsList';

/** Step definitions no scenario of the branch uses: loading, error, empty and list states. */
export function UnusedStepsView() {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const toast = useToast();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: wsKeys.unused(ws.projectId, ws.branch), queryFn: () => fetchUnusedSteps(ws.ref) });
  const steps = query.data ?? [];
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => removeUnusedSteps(ws.ref, steps.filter((s) => selected.has(stepKey(s)))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wsKeys.branch(ws.projectId, ws.branch) }),
  });
  const chosen = steps.filter((s) => selected.has(stepKey(s))).length;

  if (query.isLoading) {
    return (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 6, justifyContent: 'center' }}>
        <CircularProgress size={20} />
        <Typography color="text.secondary">Looking for unused steps...</Typography>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={<CloudOffOutlinedIcon />}
        title="Error loading unused steps"
        text={
          <>
            Couldn't load unused steps
            <br />
            Check your connection and try again
            <Typography component="span" variant="caption" sx={{ display: 'block', mt: 1 }}>
              {errorText(query.error, 'Failed to fetch unused step definitions')}
            </Typography>
          </>
        }
        action={<Button variant="contained" onClick={() => query.refetch()}>Retry</Button>}
      />
    );
  }
  if (steps.length === 0) {
    return <EmptyState icon={<CleaningServicesOutlinedIcon />} title="No unused steps" text={`Every step definition on ${ws.branch} is used by a scenario.`} />;
  }
  const toggle = (key: string) => setSelected((s) => (s.has(key) ? new Set([...s].filter((k) => k !== key)) : new Set(s).add(key)));
  const all = chosen === steps.length;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <FormControlLabel
          control={<Checkbox checked={all} indeterminate={chosen > 0 && !all} onChange={() => setSelected(all ? new Set() : new Set(steps.map(stepKey)))} />}
          label={`${steps.length} unused step definition${steps.length === 1 ? '' : 's'} on ${ws.branch}`}
        />
        <Box sx={{ flex: 1 }} />
        <Button color="error" variant="contained" disabled={chosen === 0} onClick={() => guard.canWrite() && setConfirming(true)}>
          Delete{chosen ? ` (${chosen})` : ''}
        </Button>
      </Stack>
      <UnusedStepsList steps={steps} selected={selected} onToggle={toggle} />
      <ConfirmDialog
        open={confirming}
        title="Delete unused steps"
        message={`Remove ${chosen} step definition${chosen === 1 ? '' : 's'} from their files? This is one commit on ${ws.branch}.`}
        confirmText="Delete"
        retryText="Retry"
        destructive
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            const n = await remove.mutateAsync();
            toast.success(`${n} unused steps deleted`);
            setSelected(new Set());
            return true;
          } catch {
            toast.error('Failed to delete step(s)');
            throw new Error('Failed to delete step(s)');
          }
        }}
      />
    </Paper>
  );
}
