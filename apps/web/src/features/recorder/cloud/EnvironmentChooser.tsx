import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECORDER_MESSAGES } from '@stepwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../api/client';
import { SelectDropdown } from '../../../components/SelectDropdown';
import { fetchEnvironments } from '../../environments/environments.api';
import type { WorkspaceRef } from '../../workspace/use-workspace';
import { wsKeys } from '../../workspace/workspace-keys';

/** When the page was opened without an environment: one of the branch's, to record on. */
export function EnvironmentChooser({ workspace: ws, onChoose }: { workspace: WorkspaceRef; onChoose: (name: string) => void }) {
  const envs = useQuery({ queryKey: wsKeys.envs(ws.projectId, ws.branch), queryFn: () => fetchEnvironments(ws) });
  const names = envs.data?.allEnv.map((e) => e.name) ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const value = picked ?? (envs.data?.lastActiveEnv && names.includes(envs.data.lastActiveEnv) ? envs.data.lastActiveEnv : (names[0] ?? ''));
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 480 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {RECORDER_MESSAGES.noEnvironment}
      </Typography>
      {envs.isLoading && <CircularProgress size={24} />}
      {envs.isError && <Alert severity="error">{errorText(envs.error)}</Alert>}
      {envs.data && names.length === 0 && (
        <Alert severity="info" action={<Button component={Link} to={`/${ws.projectId}/features`}>Open the project</Button>}>
          Branch {ws.branch} has no environment yet: add one from the project's top bar, then start the recorder again.
        </Alert>
      )}
      {names.length > 0 && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }}>
          <SelectDropdown label="Environment" value={value} options={names.map((n) => ({ value: n, label: n }))} onChange={setPicked} />
          <Button variant="contained" disabled={!value} onClick={() => onChoose(value)}>
            Start recording
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
