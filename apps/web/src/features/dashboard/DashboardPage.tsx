import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { ROLES, VALUE_METRIC_FIELDS } from '@stepwise/shared';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorText, isUnauthorized } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { useProject, useProjectExpiry } from '../projects/use-projects';
import { BusinessMetrics } from './BusinessMetrics';
import { HistoryLists } from './HistoryLists';
import { PeriodSelect } from './PeriodSelect';
import { periodLabel, periodRange, DEFAULT_PERIOD, isDashboardPeriod, type DashboardPeriod } from './periods';
import { PersonalizeDialog } from './PersonalizeDialog';
import { ProjectStatus } from './ProjectStatus';
import { TechnicalMetrics } from './TechnicalMetrics';
import { useDashboardData, usePersonalization } from './use-dashboard';

const noWrap = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

/** Business value and technical metrics of the project's runs over a period (spec 2.10). */
export function DashboardPage() {
  const project = useProject();
  const expiry = useProjectExpiry(project._id);
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period: DashboardPeriod = isDashboardPeriod(raw) ? raw : DEFAULT_PERIOD;
  const data = useDashboardData(project._id, period);
  const personalization = usePersonalization(project._id);
  const [personalizing, setPersonalizing] = useState(false);

  const expired = expiry.data?.is_expired ?? project.is_expired;
  const days = expiry.data ? expiry.data.time_left.days : project.time_left.days;
  const plan = expiry.data?.plan ?? project.plan;
  const atLimit = project.scenarioCount >= project.maxScenariosAllowed;
  const d = data.data;
  const noRuns = !!d && d.passedExecutionsCount + d.failedExecutionsCount === 0 && d.scenariosRun === 0;
  const personalized = VALUE_METRIC_FIELDS.some((f) => personalization.data?.[f] !== undefined);
  const setPeriod = (p: DashboardPeriod) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('period', p);
      return next;
    }, { replace: true });

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={project.name}
        actions={
          <>
            <PeriodSelect value={period} onChange={setPeriod} />
            <Button variant="outlined" startIcon={<TuneOutlinedIcon />} sx={noWrap} onClick={() => setPersonalizing(true)} disabled={!personalization.data}>
              Personalize value metrics
            </Button>
            <Button variant="outlined" startIcon={<AccountTreeOutlinedIcon />} sx={noWrap} component={RouterLink} to={`/${project._id}/memory`}>
              Application map
            </Button>
          </>
        }
      />
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
      {data.isError && !isUnauthorized(data.error) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The metrics could not be loaded: {errorText(data.error)}
        </Alert>
      )}
      {noRuns && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="no-runs-notice">
          No runs in the {periodLabel(period).toLowerCase()} yet. Run your scenarios from{' '}
          <Link component={RouterLink} to={`/${project._id}/executions`}>
            Executions
          </Link>{' '}
          or with the stepwise CLI, and the figures below fill in.
        </Alert>
      )}
      <BusinessMetrics
        data={d}
        personalization={personalization.data}
        personalized={personalized}
        loading={data.isPending || personalization.isPending}
        onPersonalize={() => setPersonalizing(true)}
      />
      <TechnicalMetrics data={d} range={periodRange(period)} loading={data.isPending} />
      <HistoryLists projectId={project._id} />
      <ProjectStatus project={project} plan={plan} expired={expired} days={days} loading={expiry.isLoading} />
      {personalizing && personalization.data && (
        <PersonalizeDialog
          projectId={project._id}
          saved={personalization.data}
          canEditRecipients={project.userRole === ROLES.admin}
          onClose={() => setPersonalizing(false)}
        />
      )}
    </>
  );
}
