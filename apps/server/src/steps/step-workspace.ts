import type { ProjectRepo } from '../workspace/project-repo.ts';
import { builtinLibrary } from './builtin-library.ts';
import { readFeatureSteps, type FeatureSteps, type ScenarioStep } from './feature-steps.ts';
import { readStepFiles, type StepFile } from './step-files.ts';
import { StepMatcher, type LocatedDefinition } from './step-matcher.ts';

/** The step files, features and a matcher over every definition (the built-in library first) at one commit. */
export interface StepWorkspace {
  files: StepFile[];
  features: FeatureSteps[];
  matcher: StepMatcher;
}

export async function loadStepWorkspace(repo: ProjectRepo, head: string): Promise<StepWorkspace> {
  const [files, features] = await Promise.all([readStepFiles(repo, head), readFeatureSteps(repo, head)]);
  const library = builtinLibrary();
  const definitions: LocatedDefinition[] = [
    ...library.definitions,
    ...files.flatMap((f) => f.parsed.definitions.map((d) => ({ ...d, file: f.path, builtin: false }))),
  ];
  const matcher = new StepMatcher(definitions, files.flatMap((f) => f.parsed.parameterTypes));
  return { files, features, matcher };
}

/** Every distinct step text of every scenario (all example rows), plus the step-like lines of files that do not parse. */
export function allStepTexts(features: FeatureSteps[]): Set<string> {
  const texts = new Set<string>();
  for (const f of features) {
    for (const s of f.scenarios) for (const step of s.steps) for (const t of step.texts) texts.add(t);
    for (const t of f.looseTexts) texts.add(t);
  }
  return texts;
}

/** Indexes (in `matcher.definitions`) of project definitions that no step text matches. */
export function unusedDefinitionIndexes(ws: StepWorkspace): number[] {
  const texts = [...allStepTexts(ws.features)];
  const unused: number[] = [];
  ws.matcher.definitions.forEach((def, i) => {
    if (!def.builtin && !texts.some((t) => ws.matcher.test(i, t))) unused.push(i);
  });
  return unused;
}

/** What a scenario step resolves to: the definitions matching each of its texts. */
export function resolveStep(ws: StepWorkspace, step: ScenarioStep): { definition: LocatedDefinition | null; implemented: boolean; ambiguous: boolean } {
  const perText = step.texts.map((t) => ws.matcher.match(t));
  return {
    definition: perText[0]?.[0] ?? null,
    implemented: perText.length > 0 && perText.every((m) => m.length > 0),
    ambiguous: perText.some((m) => m.length > 1),
  };
}
