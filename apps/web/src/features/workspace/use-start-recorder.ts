import { trackEvent } from '../../lib/track-event';
import { openEnvironmentDialog } from '../environments/env-dialog-store';
import { useEnvironments } from '../environments/use-environments';
import { openRecorderUrl } from '../recorder/open-recorder-url';
import { useWorkspace } from './use-workspace';
import { useWriteGuard } from './write-guard';

/** Recorder start checks in order: plan maximum, expiry, an environment (created first when none); the hand-over page opens in a new tab. */
export function useStartRecorder() {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const envs = useEnvironments().data?.allEnv ?? [];

  const open = (envName: string, extra: Record<string, string | number | null> = {}) => {
    const env = envs.find((e) => e.name === envName);
    trackEvent('record_scenario', ws.projectId);
    window.open(openRecorderUrl('recorder', { project_id: ws.projectId, env_name: env?.file ?? `environments/${envName}.json`, git_branch: ws.branch, ...extra }), '_blank');
  };

  return (extra: Record<string, string | number | null> = {}) => {
    if (!guard.canAddScenarios()) return;
    if (!ws.env || envs.length === 0) return openEnvironmentDialog({ editing: null, onSaved: (name) => open(name, extra) });
    open(ws.env, extra);
  };
}
