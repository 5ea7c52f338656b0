import { STEP_TIMEOUTS } from '@stepwise/shared';
import { readStepFile } from '../steps/step-definitions.ts';
import { addDefinitionToFile, jsString } from '../steps/step-stub.ts';
import type { GeneratedStep, StepKeyword } from './ai-types.ts';

/** Where generated step definitions go: one file, each definition marked `// source: ai`. */
export const AI_STEPS_FILE = 'steps/ai_generated.mjs';

/** A generated definition as the file holds it, with what it was made from in a comment. */
export function aiDefinition(keyword: StepKeyword, step: GeneratedStep): string {
  const body = step.body
    .split('\n')
    .map((l) => (l.trim() ? `  ${l}` : ''))
    .join('\n');
  const why = step.reasoning.replace(/\s+/g, ' ').trim();
  return [
    '// source: ai',
    ...(why ? [`// ${why}`] : []),
    `${keyword}(${jsString(step.expression)}, { timeout: ${STEP_TIMEOUTS.stepMs} }, async function (${step.params.join(', ')}) {`,
    body,
    '});',
  ].join('\n');
}

/**
 * `content` (the AI steps file, or null) with `steps` added; a step whose expression the file already
 * defines is left out (its text is served by the existing definition).
 */
export function addAiSteps(content: string | null, steps: ReadonlyArray<{ keyword: StepKeyword; step: GeneratedStep }>): string {
  const known = new Set(content ? readStepFile(content).definitions.map((d) => d.pattern) : []);
  let out = content;
  for (const { keyword, step } of steps) {
    if (known.has(step.expression)) continue;
    known.add(step.expression);
    out = addDefinitionToFile(out, keyword, aiDefinition(keyword, step));
  }
  return out ?? '';
}
