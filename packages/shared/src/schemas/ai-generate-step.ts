import { z } from 'zod';
import { DEFAULT_BRANCH } from '../constants.ts';
import { GeneratedStepDto } from './ai.ts';

/**
 * POST /api/ai/generate-step: code for one step of a saved scenario, generated on the page the step
 * starts on (the steps before it walked in a browser at the environment) and saved to steps/ai_generated.mjs.
 */
export const GenerateStepBody = z.object({
  projectId: z.string().trim().min(1, 'projectId is required').max(64),
  branch: z.string().trim().min(1).max(200).default(DEFAULT_BRANCH),
  /** The environment the scenario is walked at (its base URL is opened first). */
  environment: z.string().trim().min(1, 'Choose an environment first').max(200),
  /** The feature's path under features/ (`checkout/pay.feature`) and the scenario's name in it. */
  featurePath: z.string().trim().min(1, 'featurePath is required').max(1000),
  scenarioName: z.string().trim().min(1, 'scenarioName is required').max(300),
  /** The step's text as the scenario holds it, without its keyword; its first occurrence is the one generated. */
  stepText: z.string().trim().min(1, 'Name the step to generate').max(2000),
  isPrivateRepo: z.boolean().optional(),
});
export type GenerateStepBody = z.infer<typeof GenerateStepBody>;

export const GenerateStepResponse = z.object({
  status: z.literal('success'),
  /** What became of the step: `ai` (code that passed on the page, saved) or `stub` (no code saved: why, and the elements considered). */
  step: GeneratedStepDto,
  /** The step file the code was saved to (under steps/), when it was. */
  file: z.string().nullable(),
  /** The commit that saved it, when one did. */
  commit: z.string().nullable(),
  /** Steps before it that did not run as written (their code failed, or none could be made): the page may differ from a run's. */
  notes: z.array(z.string()),
});
export type GenerateStepResponse = z.infer<typeof GenerateStepResponse>;
