import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXECUTION_MESSAGES } from '@stepwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { useWorkspace } from '../../workspace/use-workspace';
import { executionKeys } from '../execution-keys';
import { fetchExecution } from '../executions.api';
import { ExecutionsUpsell } from '../list/ExecutionsUpsell';
import { useExecutionLicence } from '../use-execution-licence';
import { ExecutionEditor } from './ExecutionEditor';

/** /:projectId/execution/:execId: edit one execution's environment, schedule, flows and groups. */
export function ExecutionDetailPage() {
  const { execId = '' } = useParams();
  const ws = useWorkspace();
  const licence = useExecutionLicence();
  const query = useQuery({
    queryKey: executionKeys.one(ws.projectId, execId),
    queryFn: () => fetchExecution(execId),
    enabled: licence.enabled && !!execId,
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (!licence.enabled) return <ExecutionsUpsell projectId={ws.projectId} />;
  if (query.isLoading) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center', py: 8 }}>
        <CircularProgress size={20} />
        <Typography color="text.secondary">Loading Execution...</Typography>
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <EmptyState
        title={EXECUTION_MESSAGES.notFound}
        text="It may have been deleted."
        action={
          <Button variant="contained" component={Link} to={`/${ws.projectId}/executions`}>
            Back to Executions
          </Button>
        }
      />
    );
  }
  return <ExecutionEditor key={query.data._id} execution={query.data} />;
}
