import { OVERSIGHT_MESSAGES, type OversightItem } from '@stepwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useToast } from '../../components/toast/toast-context';
import { useWorkspace } from '../workspace/use-workspace';
import { wsKeys } from '../workspace/workspace-keys';
import { useWriteGuard } from '../workspace/write-guard';
import { acceptFix, discardFixes } from './code-review.api';
import { reportPath } from './review-model';
import { oversightKeys } from './use-oversight';

/** Accept, discard and view report of the Code Review page; an expired project opens the expired dialog instead. */
export function useReviewActions() {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [accepting, setAccepting] = useState<ReadonlySet<string>>(new Set());
  const refresh = () => queryClient.invalidateQueries({ queryKey: oversightKeys.list(ws.projectId) });

  const accept = async (f: OversightItem) => {
    if (!guard.canWrite() || accepting.has(f._id)) return;
    setAccepting((s) => new Set(s).add(f._id));
    try {
      await acceptFix({ project_id: ws.projectId, scenario_id: f._id, step_def_file_name: f.stepDefFileName, branch: f.branch, isPrivateRepo: ws.isPrivateRepo });
      toast.success(OVERSIGHT_MESSAGES.accepted);
      // The step file changed on that branch: its step code and lists are read again.
      void queryClient.invalidateQueries({ queryKey: wsKeys.branch(ws.projectId, f.branch) });
    } catch (err) {
      // A fix whose code changed (409) or that was reviewed meanwhile (404) says so; anything else is a plain failure.
      const known = err instanceof ApiError && (err.status === 409 || err.status === 404);
      toast.error(known ? err.message : OVERSIGHT_MESSAGES.acceptFailed);
    } finally {
      setAccepting((s) => new Set([...s].filter((id) => id !== f._id)));
      await refresh();
    }
  };

  /** Throws (the confirm dialog shows it and offers Retry) when the discard failed; answers how many were discarded. */
  const discard = async (ids: readonly string[]): Promise<number> => {
    try {
      const n = await discardFixes(ws.projectId, ids);
      toast.success(OVERSIGHT_MESSAGES.discarded(n));
      return n;
    } catch (err) {
      toast.error(OVERSIGHT_MESSAGES.discardFailed);
      throw new Error(OVERSIGHT_MESSAGES.discardFailed, { cause: err });
    } finally {
      await refresh();
    }
  };

  const viewReport = (f: OversightItem, newTab = false) => {
    if (!guard.canWrite()) return;
    const path = reportPath(ws.projectId, f);
    if (newTab) window.open(path, '_blank', 'noopener');
    else navigate(path);
  };

  return { accept, accepting, discard, viewReport, canWrite: guard.canWrite, expired: guard.expired };
}
