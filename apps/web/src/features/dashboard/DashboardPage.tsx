import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UI } from '@stepwise/shared';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { useProject, useProjectExpiry } from '../projects/use-projects';

function licenceState(expired: boolean, days: number | null): string {
  if (expired) return 'Expired';
  if (days === null) return 'Active';
  return `${days + 1} days left`;
}

export function DashboardPage() {
  const project = useProject();
  const expiry = useProjectExpiry(project._id);
  const expired = expiry.data?.is_expired ?? project.is_expired;
  const days = expiry.data ? expiry.data.time_left.days : project.time_left.days;
  const plan = expiry.data?.plan ?? project.plan;
  const atLimit = project.scenarioCount >= project.maxScenariosAllowed;

  return (
    <>
      <PageHeader title="Dashboard" subtitle={project.name} />
      <Stack direction="row" spacing={2} sx={{ mb: 3, flexWrap: 'wrap', rowGap: 2 }}>
        <StatCard title="Plan" value={plan} />
        <StatCard title="Scenarios" value={`${project.scenarioCount} / ${project.maxScenariosAllowed}`} valueLabel="used" />
        <StatCard
          title="Licence"
          value={licenceState(expired, days)}
          tagText={!expired && days !== null && days <= UI.licenceWarnDays ? 'Renew soon' : undefined}
          loading={expiry.isLoading}
        />
      </Stack>
      {expired && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The plan of this project has expired: creating, editing, recording and executing are blocked.
        </Alert>
      )}
      {atLimit && !expired && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This project has reached the {project.maxScenariosAllowed} scenarios allowed by the {plan} plan.
        </Alert>
      )}
      <Typography color="text.secondary">Run metrics and value charts arrive with a later release.</Typography>
    </>
  );
}
