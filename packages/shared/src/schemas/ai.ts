import { z } from 'zod';
import { DEFAULT_BRANCH } from '../constants.ts';

/** POST /api/ai/plain-english: a scenario written in English becomes Gherkin whose steps all have code. */
export const PlainEnglishBody = z.object({
  projectId: z.string().trim().min(1, 'projectId is required').max(64),
  branch: z.string().trim().min(1).max(200).default(DEFAULT_BRANCH),
  /** The environment the steps are tried against (its base URL is opened first). */
  environment: z.string().trim().min(1, 'Choose an environment first').max(200),
  /** Feature to add the scenario to (created when missing), and its folder under features/. */
  featureName: z.string().trim().min(1, 'Give the feature a name').max(200),
  parentPath: z.string().max(1000).default(''),
  scenarioName: z.string().trim().min(1, 'Give the scenario a name').max(300),
  /** One step per line (Given/When/Then optional), or a description in sentences. */
  text: z.string().trim().min(1, 'Describe the scenario in English first').max(20_000),
  isPrivateRepo: z.boolean().optional(),
});
export type PlainEnglishBody = z.infer<typeof PlainEnglishBody>;

export const AI_STEP_SOURCES = ['existing', 'ai', 'stub'] as const;

/** What became of one English step: an existing step, generated code that passed its trial, or a stub. */
export const GeneratedStepDto = z.object({
  keyword: z.enum(['Given', 'When', 'Then']),
  text: z.string(),
  source: z.enum(AI_STEP_SOURCES),
  /** What was understood and chosen, or why no code could be made. */
  reasoning: z.string(),
  /** Elements considered when none fitted (`button "Add to cart"`). */
  candidates: z.array(z.string()),
  /** The cucumber expression of a generated step. */
  expression: z.string().nullable(),
});
export type GeneratedStepDto = z.infer<typeof GeneratedStepDto>;

export const PlainEnglishResponse = z.object({
  status: z.literal('success'),
  /** Path of the feature under features/, the scenario's index and name in it. */
  path: z.string(),
  scenarioIndex: z.number().nullable(),
  scenarioName: z.string().nullable(),
  /** The scenario as saved. */
  gherkin: z.string(),
  steps: z.array(GeneratedStepDto),
  commit: z.string(),
});
export type PlainEnglishResponse = z.infer<typeof PlainEnglishResponse>;
