import { BUILTIN_STEPS_FILE, type StepInfoDto } from '@stepwise/shared';

/** A quick-insert comment put into the request: alone in an empty box, else after what is there. */
export function withQuickInsert(current: string, text: string): string {
  const before = current.trim();
  if (!before) return text;
  if (before.toLowerCase().includes(text.toLowerCase())) return current;
  return `${before.replace(/[,;.\s]+$/, '')}, ${text}`;
}

/** Why the request box cannot be used for this step now, or null. */
export function requestBlockedReason(step: StepInfoDto, dirty: boolean): string | null {
  if (!step.mjsFile || step.mjsFileContent === null) return 'This step has no code to update yet.';
  if (step.mjsFile === BUILTIN_STEPS_FILE) return 'The built-in step library cannot be changed: write your own step to update it.';
  if (dirty) return 'Save or discard your code changes first: the update starts from the saved code.';
  return null;
}

/** How the server knows the step: its expression as the step list shows it, else the step's text. */
export const functionNameOf = (step: StepInfoDto): string => step.pattern ?? step.stepName;
