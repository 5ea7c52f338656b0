import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RunReportDto, TestCaseRow } from '@stepwise/shared';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSearchParamWriter } from '../../../lib/use-search-param-writer';
import { CommentDialog } from '../comments/CommentDialog';
import { LoadError } from '../common/LoadError';
import { defaultTab, filterScenarioRows, type Grouping, groupScenarioRows, type ScenarioTab, scenarioRows } from '../logic/run-report';
import { useDebouncedValue } from '../use-debounced-value';
import { useRun } from '../use-runs';
import { useRunMarks } from '../history/use-history';
import { ExecutionLogsDialog } from './ExecutionLogsDialog';
import { RunReportCounters } from './RunReportCounters';
import { RunReportHeader } from './RunReportHeader';
import { ScenariosTable } from './ScenariosTable';
import { ScenariosToolbar } from './ScenariosToolbar';

/** /:projectId/run-report/:runId: one run, its counters and its scenarios. */
export function RunReportPage() {
  const { projectId = '', runId = '' } = useParams();
  const run = useRun(runId);
  if (run.isLoading) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ py: 6, justifyContent: 'center', alignItems: 'center' }}>
        <CircularProgress size={20} />
        <Typography color="text.secondary">Loading report...</Typography>
      </Stack>
    );
  }
  if (!run.data) return <LoadError error={run.error} />;
  return <RunReport key={runId} projectId={projectId} run={run.data} />;
}

function RunReport({ projectId, run }: { projectId: string; run: RunReportDto }) {
  const navigate = useNavigate();
  // The tab, the grouping and the search live in the address, so that coming back from a scenario
  // (or reloading, or sharing the link) finds the table as it was left.
  const [params, setParam] = useSearchParamWriter();
  const tab: ScenarioTab = params.get('tab') === 'all' ? 'all' : params.get('tab') === 'failed' ? 'failed' : defaultTab(run.stats.scenariosFailed);
  const grouping: Grouping = params.get('group') === 'failedStep' ? 'failedStep' : 'none';
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const setTab = (t: ScenarioTab) => setParam('tab', t);
  const setGrouping = (g: Grouping) => setParam('group', g === 'none' ? null : g);
  const [logsOpen, setLogsOpen] = useState(false);
  const [commentFor, setCommentFor] = useState<string | null>(null);
  const debounced = useDebouncedValue(search);
  const q = params.get('q') ?? '';
  useEffect(() => {
    if (debounced !== q) setParam('q', debounced);
  }, [debounced]);

  const rows = useMemo(() => scenarioRows(run.report.testCases), [run.report.testCases]);
  const groups = useMemo(() => groupScenarioRows(filterScenarioRows(rows, tab, debounced), grouping), [rows, tab, debounced, grouping]);
  const runMarks = useRunMarks(run._id);
  const marks = useMemo(() => new Map((runMarks.data?.marks ?? []).map((m) => [m.testCaseId, m])), [runMarks.data]);
  const commented = commentFor ? run.report.testCases.find((t) => t.id === commentFor) : undefined;

  const open = (tc: TestCaseRow, newTab: boolean) => {
    const path = `/${projectId}/run-report/${run._id}/${tc.id}`;
    if (newTab) window.open(path, '_blank', 'noopener');
    else navigate(path);
  };

  const emptyText = debounced.trim() ? 'No scenario matches your search' : tab === 'failed' ? 'No failed scenarios' : 'No scenarios in this run';

  return (
    <>
      <RunReportHeader projectId={projectId} run={run} onLogs={() => setLogsOpen(true)} />
      <RunReportCounters stats={run.stats} />
      <ScenariosToolbar tab={tab} onTab={setTab} search={search} onSearch={setSearch} grouping={grouping} onGrouping={setGrouping} />
      <ScenariosTable groups={groups} emptyText={emptyText} marks={marks} onOpen={open} onComment={(tc) => setCommentFor(tc.id)} />
      {logsOpen && run.instanceId && <ExecutionLogsDialog instanceId={run.instanceId} runName={run.name} onClose={() => setLogsOpen(false)} />}
      {commented && (
        <CommentDialog
          runId={run._id}
          testCaseId={commented.id}
          scenarioName={commented.scenarioName}
          comment={commented.comments[0] ?? null}
          onClose={() => setCommentFor(null)}
        />
      )}
    </>
  );
}
