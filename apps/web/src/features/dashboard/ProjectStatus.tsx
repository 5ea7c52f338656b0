import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProjectDto } from '@stepwise/shared';
import { UI } from '@stepwise/shared';
import { StatCard } from '../../components/StatCard';

interface Props {
  project: ProjectDto;
  plan: string;
  expired: boolean;
  days: number | null;
  loading: boolean;
}

function licenceState(expired: boolean, days: number | null): string {
  if (expired) return 'Expired';
  if (days === null) return 'Active';
  return `${days + 1} days left`;
}

/** Plan, scenarios used and licence of the project. */
export function ProjectStatus({ project, plan, expired, days, loading }: Props) {
  return (
    <Stack component="section" aria-labelledby="project-status-title" spacing={1.5}>
      <Typography id="project-status-title" variant="h6" component="h2">
        Plan and usage
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <StatCard title="Plan" value={plan} />
        <StatCard title="Scenarios" value={`${project.scenarioCount} / ${project.maxScenariosAllowed}`} valueLabel="used" />
        <StatCard
          title="Licence"
          value={licenceState(expired, days)}
          tagText={!expired && days !== null && days <= UI.licenceWarnDays ? 'Renew soon' : undefined}
          loading={loading}
        />
      </Stack>
    </Stack>
  );
}
