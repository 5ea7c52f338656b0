import { EXECUTION_MESSAGES, ROLES, type ExecutionDto, type Schedule } from '@stepwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast/toast-context';
import { useUser } from '../../auth/use-current-user';
import { useWorkspace } from '../../workspace/use-workspace';
import { CiCdDialog } from '../dialogs/CiCdDialog';
import { ExecutionConsoleDialog } from '../dialogs/ExecutionConsoleDialog';
import { NpmrcDialog } from '../dialogs/NpmrcDialog';
import { ScheduleDialog } from '../dialogs/ScheduleDialog';
import { executionKeys } from '../execution-keys';
import { toInput, updateExecution } from '../executions.api';
import { PlannerWizard } from '../planner/PlannerWizard';
import { useExecutionActions } from '../use-executions';

export type ListDialog =
  | { kind: 'planner' }
  | { kind: 'cicd' }
  | { kind: 'npmrc' }
  | { kind: 'schedule'; execution: ExecutionDto }
  | { kind: 'delete'; execution: ExecutionDto }
  | { kind: 'console'; instanceId: string; name: string }
  | null;

interface Props {
  dialog: ListDialog;
  onClose: () => void;
  onCreated: () => void;
}

/** The modals of the Executions list. */
export function ExecutionsDialogs({ dialog, onClose, onCreated }: Props) {
  const ws = useWorkspace();
  const user = useUser();
  const queryClient = useQueryClient();
  const toast = useToast();
  const actions = useExecutionActions(ws.projectId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: executionKeys.list(ws.projectId) });

  async function applySchedule(execution: ExecutionDto, schedule: Schedule | null) {
    const input = { ...toInput(execution), schedule, enabled: schedule ? execution.enabled : false, modifiedByUserId: user._id };
    if (!(await updateExecution(execution._id, input, { wasScheduleUpdated: true, environment: execution.env }))) {
      toast.error(EXECUTION_MESSAGES.saveFailed);
      return;
    }
    await refresh();
    onClose();
  }

  switch (dialog?.kind) {
    case 'planner':
      return (
        <PlannerWizard
          projectId={ws.projectId}
          isPrivateRepo={ws.isPrivateRepo}
          threadAllowance={ws.project.maxExecutionThreads}
          branch={ws.branch}
          env={ws.env}
          onClose={onClose}
          onCreated={() => {
            void refresh();
            onCreated();
            onClose();
          }}
        />
      );
    case 'cicd':
      return <CiCdDialog projectId={ws.projectId} isPrivateRepo={ws.isPrivateRepo} branch={ws.branch} env={ws.env} onClose={onClose} />;
    case 'npmrc':
      return <NpmrcDialog projectId={ws.projectId} initial={ws.project.npmrc_TextContent} canEdit={ws.project.userRole === ROLES.admin} onClose={onClose} />;
    case 'schedule':
      return <ScheduleDialog schedule={dialog.execution.schedule} onApply={(s) => applySchedule(dialog.execution, s)} onClose={onClose} />;
    case 'console':
      return <ExecutionConsoleDialog instanceId={dialog.instanceId} name={dialog.name} onClose={onClose} />;
    case 'delete':
      return (
        <ConfirmDialog
          open
          title="Delete execution"
          message={`Delete the execution "${dialog.execution.name}"? Its schedule stops; past reports are kept.`}
          confirmText="Delete"
          destructive
          onClose={onClose}
          onConfirm={async () => {
            await actions.remove.mutateAsync(dialog.execution._id);
            return true;
          }}
        />
      );
    default:
      return null;
  }
}
