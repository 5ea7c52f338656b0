import { RECORDER_MESSAGES, stripFeatureExt, type RecordedStep, type RecorderSaveResponse } from '@stepwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { selectionParams } from '../../features/feature-selection';
import { destination } from '../../features/wizard/wizard-state';
import type { WorkspaceRef } from '../../workspace/use-workspace';
import { wsKeys } from '../../workspace/workspace-keys';
import { updateSelection } from '../../workspace/workspace-selection';
import { saveRecording } from './recorder.api';
import type { SaveTarget } from './SaveRecordingDialog';

/** The Features page showing the saved scenario, on the recording's branch. */
export function savedScenarioLink(projectId: string, res: Pick<RecorderSaveResponse, 'path' | 'scenarioIndex'>): string {
  const path = res.path.replace(/^\/*features\//, '');
  return `/${projectId}/features?${selectionParams(new URLSearchParams(), path, res.scenarioIndex ?? null).toString()}`;
}

export interface SaveInput extends SaveTarget {
  steps: RecordedStep[];
  sessionId: string | null;
}

/** Stop & Save: publishes the steps, then opens the new scenario in the Features page. */
export function useSaveRecording(ws: WorkspaceRef, envName: string, onSaved: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ scenarioName, feature, steps, sessionId }: SaveInput) => {
      const dest = destination(feature);
      return saveRecording({
        project_id: ws.projectId,
        branch: ws.branch,
        isPrivateRepo: ws.isPrivateRepo,
        env_name: envName,
        scenario_name: scenarioName,
        feature_name: stripFeatureExt(dest.file),
        parent_path: dest.folder,
        steps,
        ...(sessionId ? { session_id: sessionId } : {}),
      });
    },
    onSuccess: async (res) => {
      onSaved();
      toast.success(res.message || RECORDER_MESSAGES.saved);
      updateSelection(ws.projectId, { branch: ws.branch, env: envName });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: wsKeys.branch(ws.projectId, ws.branch) }),
        queryClient.invalidateQueries({ queryKey: wsKeys.count(ws.projectId) }),
      ]);
      navigate(savedScenarioLink(ws.projectId, res));
    },
  });
}
