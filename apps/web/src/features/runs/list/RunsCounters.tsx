import Stack from '@mui/material/Stack';
import { StatCard } from '../../../components/StatCard';
import { useRunCounters } from '../use-runs';

/** Total executions, Successful and Failed over the chosen period. */
export function RunsCounters({ projectId, days }: { projectId: string; days: number }) {
  const counters = useRunCounters(projectId, days);
  const value = (n: number | undefined) => (counters.isError ? '-' : (n ?? 0));
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2.5 }} data-testid="run-counters">
      <StatCard title="Total executions" value={value(counters.data?.totalExecutions)} loading={counters.isLoading} />
      <StatCard title="Successful" value={value(counters.data?.successful)} loading={counters.isLoading} />
      <StatCard title="Failed" value={value(counters.data?.failed)} loading={counters.isLoading} />
    </Stack>
  );
}
