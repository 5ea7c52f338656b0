import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExecutionDto } from '@stepwise/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useWorkspace } from '../../workspace/use-workspace';
import { ScheduleDialog } from '../dialogs/ScheduleDialog';
import { scheduleLabel } from '../logic/schedule';
import { canRunNow } from '../logic/threads';
import { usePlannerSources } from '../planner/use-planner-sources';
import { useExecutionLicence } from '../use-execution-licence';
import { DetailHeader } from './DetailHeader';
import { FlowCard } from './FlowCard';
import { GroupEditorDialog } from './GroupEditorDialog';
import { SelectedScenariosDialog } from './SelectedScenariosDialog';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import { useExecutionEditor } from './use-execution-editor';
import { useLeaveGuard } from './use-leave-guard';

type Dialog = { kind: 'schedule' } | { kind: 'group'; flow: number } | { kind: 'scenarios'; flow: number; group: number } | null;

/** The detail page's body: header, flows with their scenario groups, and the page's dialogs. */
export function ExecutionEditor({ execution }: { execution: ExecutionDto }) {
  const ws = useWorkspace();
  const licence = useExecutionLicence();
  const navigate = useNavigate();
  const editor = useExecutionEditor(execution);
  const { draft, ops, edit } = editor;
  const guard = useLeaveGuard(editor.dirty && !editor.saving);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const sources = usePlannerSources(ws.projectId, ws.isPrivateRepo, draft.branch);
  const listPath = `/${ws.projectId}/executions`;
  const allowance = licence.threads;

  const saveAndLeave = async () => {
    if (!(await editor.save())) return;
    guard.allowNext();
    if (guard.blocked) guard.leave();
    else navigate(listPath);
  };
  const runNow = async () => {
    if (!licence.guard()) return;
    if (!(await editor.run())) return;
    guard.allowNext();
    navigate(`${listPath}?view=active`);
  };
  const setExpanded = (i: number, open: boolean) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (open) next.delete(i);
      else next.add(i);
      return next;
    });

  const selected = dialog?.kind === 'scenarios' ? draft.flows[dialog.flow]?.scenarioGroups[dialog.group] : undefined;
  const groupFlow = dialog?.kind === 'group' ? draft.flows[dialog.flow] : undefined;
  return (
    <>
      <DetailHeader
        listPath={listPath}
        name={draft.name}
        schedule={scheduleLabel(draft.schedule)}
        branch={draft.branch}
        env={draft.env}
        environments={sources.environments}
        canRun={canRunNow(draft.flows)}
        running={editor.running || execution.running}
        saving={editor.saving}
        dirty={editor.dirty}
        aiRecovery={draft.aiRecovery}
        onAiRecovery={(aiRecovery) => edit((e) => ({ ...e, aiRecovery }))}
        screenshots={draft.screenshots}
        onScreenshots={(screenshots) => edit((e) => ({ ...e, screenshots }))}
        onEnv={(env) => edit((e) => ops.changeEnvironment(e, env))}
        onEditSchedule={() => licence.guard() && setDialog({ kind: 'schedule' })}
        onRun={runNow}
        onCancel={() => navigate(listPath)}
        onSave={saveAndLeave}
      />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          Flows
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setCollapsed(new Set())}>
            Expand all
          </Button>
          <Button size="small" onClick={() => setCollapsed(new Set(draft.flows.map((_, i) => i)))}>
            Collapse all
          </Button>
        </Stack>
      </Stack>
      <Stack spacing={1.5}>
        {draft.flows.length === 0 && <Typography color="text.secondary">No flows yet.</Typography>}
        {draft.flows.map((flow, i) => (
          <FlowCard
            key={i}
            index={i}
            flow={flow}
            expanded={!collapsed.has(i)}
            threadAllowance={allowance}
            onExpanded={(open) => setExpanded(i, open)}
            onDelete={() => edit((e) => ops.deleteFlow(e, i))}
            onDuplicate={() => edit((e) => ops.duplicateFlow(e, i))}
            onAddGroup={() => setDialog({ kind: 'group', flow: i })}
            onMoveGroup={(from, to) => edit((e) => ops.moveGroup(e, i, from, to))}
            onThreads={(g, n) => edit((e) => ops.setThreads(e, i, g, n))}
            onShowScenarios={(g) => setDialog({ kind: 'scenarios', flow: i, group: g })}
            onDeleteGroup={(g) => edit((e) => ops.deleteGroup(e, i, g))}
          />
        ))}
        <div>
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => edit(ops.addFlow)}>
            Add a flow
          </Button>
        </div>
      </Stack>

      {dialog?.kind === 'schedule' && (
        <ScheduleDialog
          schedule={draft.schedule}
          onApply={(schedule) => {
            edit((e) => ({ ...e, schedule, enabled: schedule ? e.enabled : false }));
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'group' && groupFlow && (
        <GroupEditorDialog
          projectId={ws.projectId}
          isPrivateRepo={ws.isPrivateRepo}
          branch={draft.branch}
          env={draft.env}
          groupName={ops.nextGroupName(groupFlow)}
          threadAllowance={allowance}
          onAdd={(group) => {
            edit((e) => ops.addGroup(e, dialog.flow, group));
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {selected && <SelectedScenariosDialog projectId={ws.projectId} branch={draft.branch} groupName={selected.name} scenarios={selected.scenarios} onClose={() => setDialog(null)} />}
      {guard.blocked && <UnsavedChangesDialog saving={editor.saving} onBack={guard.stay} onDiscard={guard.leave} onSave={saveAndLeave} />}
    </>
  );
}
