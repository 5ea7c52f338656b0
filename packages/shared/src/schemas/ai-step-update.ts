import { z } from 'zod';
import { DEFAULT_BRANCH } from '../constants.ts';

/** The AI request box of the step-code modal (spec: AI update of a step). */
export const AI_REQUEST_PLACEHOLDER = "Describe the update you'd like to make";
/** Quick-insert comments, put into the request box as they are written. */
export const AI_REQUEST_QUICK_INSERTS = [
  'continue if step fails',
  'perform only if element found',
  'retry step if it fails',
  'set click timeout to 2 minutes',
] as const;
/** Shown in turn every 1.5 s while the update is generated ('Perfoming' as the spec writes it). */
export const AI_UPDATE_PROGRESS_TEXTS = ['Generating the step code...', 'Generating file...', 'Perfoming cleanup...', 'Finalizing changes...'] as const;
export const AI_UPDATE_DONE_TEXT = 'Done! Review the changes';
export const AI_UPDATE_ERROR_TEXT = 'Error updating the step code. Please try again.';
/** How long the progress texts, the done text and the error text each show. */
export const AI_UPDATE_TEXT_MS = 1500;

/**
 * POST /api/runs/process-user-request/generate: the selected step's function (`function_name`: its
 * expression as the step list shows it, or the name of a function of the file) updated as
 * `user_request` asks, in the file `mjs_file_content`. Nothing is saved: the editor reviews the answer.
 */
export const StepUpdateBody = z.object({
  projectId: z.string().trim().min(1, 'projectId is required').max(64),
  branch: z.string().trim().min(1).max(200).default(DEFAULT_BRANCH),
  isPrivateRepo: z.boolean().optional(),
  user_request: z.string().trim().min(1, AI_REQUEST_PLACEHOLDER).max(2000, 'Keep the request under 2000 characters'),
  function_name: z.string().trim().min(1, 'function_name is required').max(2000),
  mjs_file_content: z.string().min(1, 'mjs_file_content is required').max(2_000_000),
});
export type StepUpdateBody = z.infer<typeof StepUpdateBody>;

export const StepUpdateResponse = z.object({
  status: z.literal('success'),
  /** The whole file with the step updated, and what was changed, in sentences. */
  result: z.object({ mjs_file_content: z.string(), summary: z.string() }),
});
export type StepUpdateResponse = z.infer<typeof StepUpdateResponse>;
