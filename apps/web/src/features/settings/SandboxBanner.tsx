import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useQuery } from '@tanstack/react-query';
import type { RunSandboxResponse } from '@stepwise/shared';
import { api } from '../../api/client';

/** Says so when this server runs step code without the sandbox (or with the server's network). */
export function SandboxBanner() {
  const query = useQuery({
    queryKey: ['run-sandbox'],
    queryFn: () => api.get<RunSandboxResponse>('server/run-sandbox'),
    staleTime: 10 * 60_000,
  });
  const sandbox = query.data?.sandbox;
  if (!sandbox?.warning) return null;
  return (
    <Alert severity={sandbox.mode === 'off' ? 'error' : 'warning'} sx={{ mb: 2 }} data-testid="sandbox-banner">
      <AlertTitle>{sandbox.mode === 'off' ? "Step code runs with the server's rights" : 'Runs share the server\'s network'}</AlertTitle>
      {sandbox.warning}
    </Alert>
  );
}
