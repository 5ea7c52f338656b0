import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { trackEvent } from '../../lib/track-event';
import { openEnvironmentDialog } from '../environments/env-dialog-store';
import { environmentsQuery } from '../environments/use-environments';
import { cloudRecorderPath } from '../recorder/cloud/recorder-params';
import { useWorkspace } from './use-workspace';
import { useWriteGuard } from './write-guard';

/** Recorder start checks in order: plan maximum, expiry, an environment (created first when none); then the cloud recorder opens. */
export function useStartRecorder() {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const open = (envName: string, featurePath: string | null) => {
    trackEvent('record_scenario', ws.projectId);
    navigate(cloudRecorderPath({ projectId: ws.projectId, envName, branch: ws.branch, featurePath }));
  };

  /** `featurePath`: the feature (relative to features/) to preselect when the recording is saved. */
  return async ({ featurePath = null }: { featurePath?: string | null } = {}) => {
    if (!guard.canAddScenarios()) return;
    // The list as loaded, or (a click before it arrived) once it has: an environment exists only if it is listed.
    const list = await queryClient.ensureQueryData(environmentsQuery(ws)).catch(() => null);
    if (!list) return ws.env ? open(ws.env, featurePath) : undefined;
    const names = list.allEnv.map((e) => e.name);
    // The selected one; else the one the selector falls back to (the last active, else the first).
    const env = [ws.env, list.lastActiveEnv, names[0]].find((n) => n && names.includes(n));
    if (env) return open(env, featurePath);
    openEnvironmentDialog({ editing: null, onSaved: (name) => open(name, featurePath) });
  };
}
