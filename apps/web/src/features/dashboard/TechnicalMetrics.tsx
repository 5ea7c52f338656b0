import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DashboardDataDto } from '@stepwise/shared';
import { MetricCard } from './MetricCard';
import { ExecutionSplit } from './ExecutionSplit';
import { formatExecutionTime, passRatio } from './metric-format';
import type { DateRange } from './periods';
import { RunsChart } from './RunsChart';

interface Props {
  data: DashboardDataDto | undefined;
  range: DateRange;
  loading: boolean;
}

/** Executions, their time, scenarios run, AI recoveries and root-cause analyses of the period. */
export function TechnicalMetrics({ data, range, loading }: Props) {
  const passed = data?.passedExecutionsCount ?? 0;
  const failed = data?.failedExecutionsCount ?? 0;
  const ratio = passRatio(passed, failed);
  return (
    <Stack component="section" aria-labelledby="technical-title" spacing={1.5} sx={{ mb: 4 }}>
      <Typography id="technical-title" variant="h6" component="h2">
        Technical metrics
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <MetricCard
          title="Executions"
          value={(passed + failed).toLocaleString('en-US')}
          caption={<ExecutionSplit passed={passed} failed={failed} />}
          loading={loading}
        />
        <MetricCard title="Pass ratio" value={ratio === null ? '—' : `${ratio}%`} caption={ratio === null ? 'No executions yet' : 'of executions passed'} loading={loading} />
        <MetricCard title="Total execution time" value={formatExecutionTime(data?.totalExecutionTime ?? 0)} caption="all executions together" loading={loading} />
        <MetricCard title="Scenarios run" value={(data?.scenariosRun ?? 0).toLocaleString('en-US')} caption="scenarios executed in the period" loading={loading} />
        <MetricCard title="AI recoveries" value={(data?.aiRecoveryCount ?? 0).toLocaleString('en-US')} caption="failed steps fixed by the AI" loading={loading} />
        <MetricCard title="Root-cause analyses" value={(data?.rcaCount ?? 0).toLocaleString('en-US')} caption="failures analysed by the AI" loading={loading} />
      </Stack>
      <RunsChart series={data?.series ?? []} range={range} />
    </Stack>
  );
}
