import { useState } from 'react';
import { trackEvent } from '../../../lib/track-event';
import { openEnvironmentDialog } from '../../environments/env-dialog-store';
import { useEnvironments } from '../../environments/use-environments';
import { useWorkspace } from '../../workspace/use-workspace';
import { useWriteGuard } from '../../workspace/write-guard';

/** One step to generate code for: its keyword as written and its text. */
export interface StepTarget {
  keyword: string;
  text: string;
}

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
  const envs = useEnvironments().data?.allEnv ?? [];
  const [generation, setGeneration] = useState<Generation | null>(null);

  const begin = (steps: StepTarget[], environment: string) => {
    trackEvent('click_ai_generate', ws.projectId);
    setGeneration({ steps, environment });
  };
  const start = (steps: StepTarget[]) => {
    if (steps.length === 0 || !guard.canWrite()) return;
    const env = envs.find((e) => e.name === ws.env);
    if (!env) return openEnvironmentDialog({ editing: null, onSaved: (name) => begin(steps, name) });
    begin(steps, env.name);
  };
  return { generation, start, close: () => setGeneration(null) };
}

/** The scenario's steps without code (each text once, in order), or null while the step index loads. */
export function stepsWithoutCode(steps: readonly StepTarget[], index: ReadonlyMap<string, { implemented: boolean }> | undefined): StepTarget[] | null {
  if (!index) return null;
  const seen = new Set<string>();
  return steps.filter((s) => {
    if (index.get(s.text)?.implemented || seen.has(s.text)) return false;
    seen.add(s.text);
    return true;
  });
}
