import Stack from '@mui/material/Stack';
import type { RunReportDto } from '@stepwise/shared';
import { StatCard } from '../../../components/StatCard';

/**
 * Scenarios, Passed, Failed and Quarantined (distinct scenarios: a rerun replaces its original).
 * Quarantined: scenarios that did not pass but are quarantined, counted neither as failed nor in the verdict.
 */
export function RunReportCounters({ stats }: { stats: RunReportDto['stats'] }) {
  const quarantined = stats.scenariosQuarantined ?? 0;
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2.5 }} data-testid="run-report-counters">
      <StatCard title="Scenarios" value={stats.totalScenarios} />
      <StatCard title="Passed" value={stats.scenariosPassed} />
      <StatCard title="Failed" value={stats.scenariosFailed} />
      <StatCard title="Quarantined" value={quarantined} valueLabel={quarantined > 0 ? 'not counted as failed' : undefined} />
    </Stack>
  );
}
