import { EXECUTION_MESSAGES, type ExecutionDto, type ExecutionInput } from '@stepwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useUser } from '../../auth/use-current-user';
import { executionKeys } from '../execution-keys';
import { runExecution, toInput, updateExecution } from '../executions.api';
import * as ops from './draft-ops';

/** The draft of the detail page, its edits, and save / run. */
export function useExecutionEditor(execution: ExecutionDto) {
  const user = useUser();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [original, setOriginal] = useState<ExecutionInput>(() => toInput(execution));
  const [draft, setDraft] = useState<ExecutionInput>(original);
  const [saving, setSaving] = useState(false);
  const [running, setRunning] = useState(false);
  const dirty = ops.isDirty(original, draft);
  const edit = (change: (e: ExecutionInput) => ExecutionInput) => setDraft((d) => change(d));

  /** PUT with the modifier; toasts the outcome. true when saved. */
  async function save(): Promise<boolean> {
    setSaving(true);
    const ok = await updateExecution(
      execution._id,
      { ...draft, modifiedByUserId: user._id },
      { wasScheduleUpdated: ops.scheduleChanged(original, draft), environment: draft.env },
    );
    setSaving(false);
    if (!ok) {
      toast.error(EXECUTION_MESSAGES.saveFailed);
      return false;
    }
    toast.success(EXECUTION_MESSAGES.saved);
    setOriginal(draft);
    await queryClient.invalidateQueries({ queryKey: executionKeys.list(execution.projectId) });
    queryClient.removeQueries({ queryKey: executionKeys.one(execution.projectId, execution._id) });
    return true;
  }

  /** Saves pending changes first, then starts a run; true when it was initiated. */
  async function run(): Promise<boolean> {
    if (dirty && !(await save())) return false;
    setRunning(true);
    const started = await runExecution(execution._id, draft.env);
    setRunning(false);
    return started;
  }

  return { draft, dirty, saving, running, edit, save, run, ops };
}
