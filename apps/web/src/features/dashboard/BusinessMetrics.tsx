import AccessTimeOutlinedIcon from '@mui/icons-material/AccessTimeOutlined';
import AutoFixHighOutlinedIcon from '@mui/icons-material/AutoFixHighOutlined';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import SavingsOutlinedIcon from '@mui/icons-material/SavingsOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { savings, type DashboardDataDto } from '@stepwise/shared';
import type { PersonalizationInfo } from './dashboard.api';
import { MetricCard } from './MetricCard';
import { formatHours, formatMoney, plural } from './metric-format';

interface Props {
  data: DashboardDataDto | undefined;
  personalization: PersonalizationInfo | undefined;
  personalized: boolean;
  loading: boolean;
  onPersonalize: () => void;
}

/** Hours and budget saved in the period (spec section 9 formulas). */
export function BusinessMetrics({ data, personalization, personalized, loading, onPersonalize }: Props) {
  const created = data ? (typeof data.mutatedScenariosCount === 'number' ? data.mutatedScenariosCount : data.createdScenariosCount) : 0;
  const s = savings(personalization, {
    aiRecoveryCount: data?.aiRecoveryCount ?? 0,
    rcaCount: data?.rcaCount ?? 0,
    mutatedScenariosCount: data?.mutatedScenariosCount,
    createdScenariosCount: data?.createdScenariosCount,
  });
  const m = s.metrics;
  return (
    <Stack component="section" aria-labelledby="business-title" spacing={1.5} sx={{ mb: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="business-title" variant="h6" component="h2">
          Business value
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {personalized ? 'With your assumptions' : 'With default assumptions'} ({formatMoney(m.hourlyRateForTestEngineer)} per hour).{' '}
          <Button size="small" onClick={onPersonalize} sx={{ verticalAlign: 'baseline', p: 0, minWidth: 0 }}>
            Change
          </Button>
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <MetricCard
          title="Hours saved on maintenance"
          icon={<AutoFixHighOutlinedIcon fontSize="small" />}
          value={formatHours(s.hours.maintenance)}
          caption={`${formatHours(m.avgTimeToMaintainScenario)} × ${plural(data?.aiRecoveryCount ?? 0, 'AI recovery', 'AI recoveries')}`}
          loading={loading}
        />
        <MetricCard
          title="Hours saved on creation"
          icon={<NoteAddOutlinedIcon fontSize="small" />}
          value={formatHours(s.hours.creation)}
          caption={`(${formatHours(m.avgTimeToAutomateScenario)} − ${formatHours(m.avgTimeToAutomateScenarioUsingStepwiseIO)}) × ${plural(created, 'scenario', 'scenarios')} created`}
          loading={loading}
        />
        <MetricCard
          title="Hours saved on analysis"
          icon={<AccessTimeOutlinedIcon fontSize="small" />}
          value={formatHours(s.hours.analysis)}
          caption={`${formatHours(m.avgTimeToAnalyzeFailedScenario)} × ${plural(data?.rcaCount ?? 0, 'root-cause analysis', 'root-cause analyses')}`}
          loading={loading}
        />
        <MetricCard
          title="Budget saved"
          icon={<SavingsOutlinedIcon fontSize="small" />}
          value={formatMoney(s.budget)}
          caption={`${formatMoney(m.hourlyRateForTestEngineer)} / h × ${formatHours(s.hours.total)} saved`}
          loading={loading}
          highlight
        />
      </Stack>
    </Stack>
  );
}
