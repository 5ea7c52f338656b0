import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from '../../../components/Breadcrumbs';
import { StatusChip } from '../common/StatusChip';
import { formatDateTime, formatDuration } from '../logic/run-list';
import { scenarioStatus } from '../logic/run-report';

interface Props {
  crumbs: Crumb[];
  name: string;
  featureName?: string;
  startTime: string | null;
  duration: number | null;
  status: string | null;
  stepCount: number | null;
  actions?: ReactNode;
}

function Meta({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 500, minHeight: 24, display: 'flex', alignItems: 'center' }} data-testid={`scenario-${label.toLowerCase()}`}>
        {value}
      </Typography>
    </Box>
  );
}

/** Breadcrumb, scenario name, start date and time, duration, status and step count. */
export function ScenarioReportHeader({ crumbs, name, featureName, startTime, duration, status, stepCount, actions }: Props) {
  return (
    <Box sx={{ mb: 2 }}>
      <Breadcrumbs items={crumbs} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
            {name}
          </Typography>
          {featureName && <Typography color="text.secondary">{featureName}</Typography>}
        </Box>
        {actions}
      </Stack>
      <Stack direction="row" spacing={4} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1, alignItems: 'flex-start' }}>
        <Meta label="Started" value={formatDateTime(startTime)} />
        <Meta label="Duration" value={formatDuration(duration)} />
        <Meta label="Status" value={status ? <StatusChip status={scenarioStatus(status)} /> : '-'} />
        <Meta label="Steps" value={stepCount ?? '-'} />
      </Stack>
    </Box>
  );
}
