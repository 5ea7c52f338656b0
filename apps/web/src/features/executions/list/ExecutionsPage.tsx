import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExecutionDto } from '@stepwise/shared';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMembers } from '../../members/use-members';
import { useWorkspace } from '../../workspace/use-workspace';
import { instancesFor, liveStore, runningInstance } from '../live/live-store';
import { useExecutionFeed } from '../live/use-execution-feed';
import { useExecutionActions, useExecutions } from '../use-executions';
import { useExecutionLicence } from '../use-execution-licence';
import { ActiveExecutionsGrid } from './ActiveExecutionsGrid';
import { AllExecutionsTable } from './AllExecutionsTable';
import { ExecutionsDialogs, type ListDialog } from './ExecutionsDialogs';
import { ExecutionsHeader } from './ExecutionsHeader';
import { ExecutionsToolbar, type ExecutionsView } from './ExecutionsToolbar';
import { ExecutionsUpsell } from './ExecutionsUpsell';
import { useViewShortcut } from './use-view-shortcut';

function Centered({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ py: 6 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center' }}>
        {children}
      </Stack>
    </Paper>
  );
}

/** /:projectId/executions: the Active grid and the All table of the project's executions. */
export function ExecutionsPage() {
  const ws = useWorkspace();
  const licence = useExecutionLicence();
  if (!licence.enabled) return <ExecutionsUpsell projectId={ws.projectId} />;
  return <ExecutionsList />;
}

function ExecutionsList() {
  const ws = useWorkspace();
  const projectId = ws.projectId;
  const licence = useExecutionLicence();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view: ExecutionsView = params.get('view') === 'active' ? 'active' : 'all';
  const setView = useCallback((v: ExecutionsView) => setParams((p) => { p.set('view', v); return p; }, { replace: true }), [setParams]);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<ListDialog>(null);
  useExecutionFeed(projectId);
  const list = useExecutions(projectId);
  const members = useMembers(projectId).data ?? [];
  const actions = useExecutionActions(projectId);
  const store = liveStore.use();
  const executions = useMemo(() => list.data ?? [], [list.data]);
  const instances = useMemo(() => instancesFor(store, executions), [store, executions]);
  const q = search.trim().toLowerCase();
  const shown = q ? executions.filter((e) => e.name.toLowerCase().includes(q)) : executions;
  const shownIds = new Set(shown.map((e) => e._id));
  const shownInstances = instances.filter((i) => shownIds.has(i.executionId));
  const isLive = (id: string) => !!runningInstance(store, id) || !!executions.find((e) => e._id === id)?.running;

  useViewShortcut(useCallback(() => setView(view === 'active' ? 'all' : 'active'), [setView, view]));

  const guarded = (fn: (e: ExecutionDto) => void) => (e: ExecutionDto) => licence.guard() && fn(e);
  const open = guarded((e) => navigate(`/${projectId}/execution/${e._id}`));
  const run = guarded(async (e) => {
    if (await actions.run.mutateAsync(e)) setView('active');
  });

  let body: ReactNode;
  if (list.isLoading) {
    body = (
      <Centered>
        <CircularProgress size={20} />
        <Typography color="text.secondary">Loading Executions...</Typography>
      </Centered>
    );
  } else if (view === 'active') {
    body = (
      <ActiveExecutionsGrid
        instances={shownInstances}
        executions={executions}
        onOpen={open}
        onStop={(live) => actions.halt.mutate(live.executionInstanceId)}
        onConsole={(live) => setDialog({ kind: 'console', instanceId: live.executionInstanceId, name: executions.find((e) => e._id === live.executionId)?.name ?? '' })}
      />
    );
  } else if (shown.length === 0) {
    body = (
      <Centered>
        <Typography color="text.secondary">{q ? 'No execution matches your search' : 'No executions scheduled yet'}</Typography>
      </Centered>
    );
  } else {
    body = (
      <AllExecutionsTable
        executions={shown}
        members={members}
        isLive={isLive}
        togglingId={actions.toggle.isPending ? (actions.toggle.variables?.execution._id ?? null) : null}
        onOpen={open}
        onRun={run}
        onEditSchedule={guarded((e) => setDialog({ kind: 'schedule', execution: e }))}
        onDelete={guarded((e) => setDialog({ kind: 'delete', execution: e }))}
        onToggle={(e, enabled) => licence.guard() && actions.toggle.mutate({ execution: e, enabled })}
      />
    );
  }

  return (
    <>
      <ExecutionsHeader onCiCd={() => setDialog({ kind: 'cicd' })} onNpmrc={() => setDialog({ kind: 'npmrc' })} onPlan={() => setDialog({ kind: 'planner' })} />
      <ExecutionsToolbar view={view} activeCount={instances.length} allCount={executions.length} search={search} onView={setView} onSearch={setSearch} />
      {body}
      <ExecutionsDialogs dialog={dialog} onClose={() => setDialog(null)} onCreated={() => setView('all')} />
    </>
  );
}
