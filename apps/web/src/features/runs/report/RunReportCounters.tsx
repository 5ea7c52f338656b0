import Stack from '@mui/material/Stack';
import type { RunReportDto } from '@stepwise/shared';
import { StatCard } from '../../../components/StatCard';

/** Scenarios, Passed and Failed (distinct scenarios: a rerun replaces its original). */
export function RunReportCounters({ stats }: { stats: RunReportDto['stats'] }) {
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2.5 }} data-testid="run-report-counters">
      <StatCard title="Scenarios" value={stats.totalScenarios} />
      <StatCard title="Passed" value={stats.scenariosPassed} />
      <StatCard title="Failed" value={stats.scenariosFailed} />
    </Stack>
  );
}
