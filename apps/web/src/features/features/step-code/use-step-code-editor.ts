import { BUILTIN_STEPS_FILE, type StepInfoDto } from '@stepwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../api/failure-text';
import { useToast } from '../../../components/toast/toast-context';
import { useWorkspace } from '../../workspace/use-workspace';
import { wsKeys } from '../../workspace/workspace-keys';
import { isReloaded, saveWithConflicts, WriteConflictError } from '../../workspace/write-conflict';
import { CodeValidationError, fetchFileContent, uploadStepFiles } from '../steps.api';
import { useRefreshBranch } from '../use-feature-list';

export type EditorMode = 'view' | 'edit' | 'review';
export interface ValidationProblem {
  line: number | null;
  message: string | null;
}

/** View -> edit -> review -> save of one step's file, with the code validation answer of the server. */
export function useStepCodeEditor(step: StepInfoDto | undefined, canWrite: () => boolean = () => true) {
  const ws = useWorkspace();
  const toast = useToast();
  const refresh = useRefreshBranch();
  const [mode, setMode] = useState<EditorMode>('view');
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<ValidationProblem | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The version of the file when editing began (the step list may refresh under the draft).
  const [base, setBase] = useState<string | null | undefined>(undefined);

  const file = step?.mjsFile ?? null;
  const content = step?.mjsFileContent ?? '';
  const isUtils = file === BUILTIN_STEPS_FILE;
  const isStub = !!step?.isStub;
  // For a stub the saved file (without the stub) is what the diff compares with.
  const saved = useQuery({
    queryKey: [...wsKeys.branch(ws.projectId, ws.branch), 'file', file],
    queryFn: () => fetchFileContent(ws.ref, `steps/${file}`),
    enabled: isStub && !!file,
  });
  const original = isStub ? (saved.data ?? '') : content;
  const current = draft ?? content;
  const changed = current !== content || isStub;
  const dirty = draft !== null && draft !== content;

  function reset() {
    setMode('view');
    setDraft(null);
    setProblem(null);
    setError(null);
    setBase(undefined);
  }

  async function save(force = false) {
    if (!file) return;
    setSaving(true);
    setError(null);
    const version = base !== undefined ? base : (step?.mjsFileVersion ?? null);
    try {
      await saveWithConflicts(
        (stale) => uploadStepFiles(ws.ref, [{ name: file, content: current, baseVersion: stale ? stale.version : version }], force),
        async () => {
          reset();
          await refresh();
        },
      );
      await refresh();
      toast.success('Step code saved');
      reset();
    } catch (err) {
      if (isReloaded(err)) return;
      if (err instanceof CodeValidationError) setProblem({ line: err.line, message: err.detail });
      else if (err instanceof WriteConflictError) setError(err.message);
      else setError(failureText('Error occurred while updating code', err));
    } finally {
      setSaving(false);
    }
  }

  return {
    mode, draft, current, original, changed, dirty, isUtils, isStub, saving, problem, error, file,
    edit: () => {
      if (isUtils || !canWrite()) return;
      if (mode === 'view') setBase(step?.mjsFileVersion ?? null);
      setMode('edit');
    },
    canWrite,
    change: (value: string) => setDraft(value),
    review: () => setMode('review'),
    /** A whole new file (the AI update's answer) opened in review as an edit of the step's file; saved by save(). */
    propose: (next: string) => {
      if (isUtils) return;
      setBase(step?.mjsFileVersion ?? null);
      setDraft(next);
      setProblem(null);
      setError(null);
      setMode('review');
    },
    backToEditing: () => {
      setProblem(null);
      setMode('edit');
    },
    save,
    reset,
  };
}

export type StepCodeEditor = ReturnType<typeof useStepCodeEditor>;
