import type { GeneratedStepDto } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { pushScenario } from '../workspace/push-scenario.service.ts';
import { workspaceServices } from '../workspace/workspace-services.ts';
import { aiProvider } from './ai-provider.ts';
import type { EnglishStep } from './plain-english.ts';
import { generateSteps, saveGeneratedSteps, type GenerationTarget, type StepOutcome } from './step-generation.ts';

/** Where a generated scenario is saved: a feature (created when missing) in a folder under features/. */
export interface ScenarioDestination {
  featureName: string;
  parentPath: string;
  isPrivateRepo?: boolean;
  /** The scenario's Gherkin as pushed (names made unique by push-scenario). */
  gherkin: string;
  /** What the step-code commit says it did. */
  what: string;
}

export interface SavedScenario {
  path: string;
  scenarioIndex: number | null;
  scenarioName: string | null;
  gherkin: string;
  steps: GeneratedStepDto[];
  commit: string;
}

/**
 * A scenario whose steps all get code, the way Plain English does it: `steps` are walked in a trial at
 * the environment (existing steps run, the others generated and tried), the code that passed and the
 * stubs are committed, then the scenario is pushed through the normal write path (scenario cap,
 * licence, unique names).
 */
export async function saveScenarioWithCode(ctx: AppContext, auth: AuthContext, target: GenerationTarget, steps: readonly EnglishStep[], dest: ScenarioDestination): Promise<SavedScenario> {
  const { outcomes } = await generateSteps(ctx, aiProvider(ctx), auth, target, steps);
  await saveGeneratedSteps(ctx, auth, target, outcomes, dest.what);
  const saved = await pushScenario(ctx, workspaceServices(ctx).writer, auth, {
    projectId: target.projectId,
    branch: target.branch,
    isPrivateRepo: dest.isPrivateRepo,
    name: dest.featureName,
    parentPath: dest.parentPath,
    data: dest.gherkin,
    scenarioIndex: null,
    featureIndex: null,
  });
  return {
    path: saved.path ?? '',
    scenarioIndex: saved.scenarioIndex,
    scenarioName: saved.scenarioName,
    gherkin: dest.gherkin,
    steps: outcomes.map(stepDto),
    commit: saved.commit,
  };
}

export function stepDto(o: StepOutcome): GeneratedStepDto {
  return { keyword: o.keyword, text: o.text, source: o.source, reasoning: o.reasoning, candidates: o.candidates, expression: o.step?.expression ?? null };
}
