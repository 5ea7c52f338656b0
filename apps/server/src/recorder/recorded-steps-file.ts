import { recordedDefinition } from '@stepwise/recorder';
import { RECORDER_MESSAGES, type RecordedStep } from '@stepwise/shared';
import { badRequest } from '../http/errors.ts';
import { addDefinitionToFile } from '../steps/step-stub.ts';
import type { StepMatcher } from '../steps/step-matcher.ts';

/**
 * `content` (steps/recorded.mjs, or null) with a definition for each recorded step whose text no
 * existing definition matches (the built-in library, the branch's step files, one added just
 * before); null when every step already has one. A step whose action's locator is not a plain
 * Playwright locator chain refuses the whole save (400 invalidLocator): nothing is written.
 */
export function addRecordedSteps(content: string | null, steps: readonly RecordedStep[], matcher: StepMatcher): string | null {
  const added = new Set<string>();
  let out = content;
  for (const step of steps) {
    if (added.has(step.text) || matcher.match(step.text).length) continue;
    const definition = recordedDefinition(step);
    if (definition === null) throw badRequest(RECORDER_MESSAGES.invalidLocator);
    added.add(step.text);
    out = addDefinitionToFile(out, keywordOf(definition), definition);
  }
  return added.size ? (out ?? '') : null;
}

/** The registering function a definition calls (`When(...)`), for the file's cucumber import. */
function keywordOf(definition: string): string {
  return /^\s*(Given|When|Then)\s*\(/m.exec(definition)?.[1] ?? 'When';
}
