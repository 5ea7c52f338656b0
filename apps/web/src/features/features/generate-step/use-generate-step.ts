import { useState } from 'react';
import { trackEvent } from '../../../lib/track-event';
import { openEnvironmentDialog } from '../../environments/env-dialog-store';
import { useResolveEnvironment } from '../../environments/use-environments';
import { useWorkspace } from '../../workspace/use-workspace';
import { useWriteGuard } from '../../workspace/write-guard';
import type { StepTarget } from './generate-step-state';

export { stepsWithoutCode, type StepTarget } from './generate-step-state';

/** What the generate dialog is given: the steps (in scenario order) and the environment they are walked at. */
export interface Generation {
  steps: StepTarget[];
  environment: string;
}

/**
 * Starting 'Generate code with AI', with the checks of the other generating actions: an expired plan
 * shows its dialog; without an environment the create-environment dialog opens first, and the
 * generation starts at the one created. `generation` is what the dialog shows (null: closed).
 */
export function useGenerateStep() {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const resolveEnvironment = useResolveEnvironment();
  const [generation, setGeneration] = useState<Generation | null>(null);

  const begin = (steps: StepTarget[], environment: string) => {
    trackEvent('click_ai_generate', ws.projectId);
    setGeneration({ steps, environment });
  };
  const start = async (steps: StepTarget[]) => {
    if (steps.length === 0 || !guard.canWrite()) return;
    const env = await resolveEnvironment();
    if (!env) return openEnvironmentDialog({ editing: null, onSaved: (name) => begin(steps, name) });
    begin(steps, env);
  };
  return { generation, start, close: () => setGeneration(null) };
}

