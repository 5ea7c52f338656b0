import { useParams } from 'react-router';
import { useScenario, useTestCase } from '../use-runs';
import { ScenarioReport } from './ScenarioReport';

/** /:projectId/run-report/:runId/:testId: a scenario within a run. */
export function RunScenarioReportPage() {
  const { projectId = '', runId = '', testId = '' } = useParams();
  const tc = useTestCase(testId);
  // A run of one scenario has no run report to go back to.
  const runCrumb = tc.data?.runType === 'scenario' ? [] : [{ title: tc.data?.runName || 'Run', href: `/${projectId}/run-report/${tc.data?.runId ?? runId}` }];
  const crumbs = [{ title: 'Executions', href: `/${projectId}/runs` }, ...runCrumb, { title: tc.data?.scenarioName ?? '' }];
  return <ScenarioReport key={testId} projectId={projectId} testCase={tc.data} loading={tc.isLoading} error={tc.error} crumbs={crumbs} commentable />;
}

/** /:projectId/scenario-report/:scenarioId: a scenario report not tied to a run. */
export function ScenarioReportPage() {
  const { projectId = '', scenarioId = '' } = useParams();
  const sc = useScenario(scenarioId);
  const crumbs = [{ title: 'Executions', href: `/${projectId}/runs` }, { title: sc.data?.scenarioName ?? '' }];
  return <ScenarioReport key={scenarioId} projectId={projectId} testCase={sc.data} loading={sc.isLoading} error={sc.error} crumbs={crumbs} commentable={false} />;
}
