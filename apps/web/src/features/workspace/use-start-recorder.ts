import { useNavigate } from 'react-router';
import { trackEvent } from '../../lib/track-event';
import { openEnvironmentDialog } from '../environments/env-dialog-store';
import { useResolveEnvironment } from '../environments/use-environments';
import { cloudRecorderPath } from '../recorder/cloud/recorder-params';
import { useWorkspace } from './use-workspace';
import { useWriteGuard } from './write-guard';

/** Recorder start checks in order: plan maximum, expiry, an environment (created first when none); then the cloud recorder opens. */
export function useStartRecorder() {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const navigate = useNavigate();
  const resolveEnvironment = useResolveEnvironment();

  const open = (envName: string, featurePath: string | null) => {
    trackEvent('record_scenario', ws.projectId);
    navigate(cloudRecorderPath({ projectId: ws.projectId, envName, branch: ws.branch, featurePath }));
  };

  /** `featurePath`: the feature (relative to features/) to preselect when the recording is saved. */
  return async ({ featurePath = null }: { featurePath?: string | null } = {}) => {
    if (!guard.canAddScenarios()) return;
    const env = await resolveEnvironment();
    if (env) return open(env, featurePath);
    openEnvironmentDialog({ editing: null, onSaved: (name) => open(name, featurePath) });
  };
}
