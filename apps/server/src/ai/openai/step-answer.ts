import { parse, type Program } from 'acorn';
import { z } from 'zod';
import type { StepCodeResult } from '../ai-types.ts';
import { matchStep } from '../offline/step-expression.ts';

const identifier = z.string().regex(/^[A-Za-z_$][\w$]*$/, 'not a JavaScript identifier');

/** A model's step code, mirroring GeneratedStep. */
export const GeneratedStepAnswer = z.object({
  expression: z.string().trim().min(1).max(500),
  params: z.array(identifier).max(20),
  body: z.string().min(1).max(20_000),
  reasoning: z.string().max(4000).default(''),
});

/** A model's refusal: why, and the elements it considered, best first. */
export const RefusalAnswer = z.object({
  refuse: z.string().trim().min(1).max(2000),
  candidates: z.array(z.string().max(500)).max(20).default([]),
});

export const StepAnswer = z.union([RefusalAnswer, GeneratedStepAnswer]);

/**
 * The result a model's answer (its message content) gives for a step, or throws why it cannot be used:
 * content that is not JSON, a shape other than the two answers, a body that is not the body of an async
 * function, an expression that does not match the step text with one argument per parameter.
 */
export function stepResultFromAnswer(content: string, stepText: string): StepCodeResult {
  const answer = StepAnswer.parse(JSON.parse(content));
  if ('refuse' in answer) return { ok: false, reason: answer.refuse, candidates: answer.candidates };
  checkFunction(answer.params, answer.body);
  const args = matchStep(answer.expression, stepText.trim());
  if (!args) throw new Error(`The expression "${answer.expression}" does not match the step text`);
  if (args.length !== answer.params.length) {
    throw new Error(`The expression gives ${args.length} arguments for ${answer.params.length} parameters`);
  }
  return { ok: true, step: answer };
}

function checkFunction(params: string[], body: string): void {
  // The newline keeps a body ending in a line comment from swallowing the closing brace.
  const source = `(async function (${params.join(', ')}) {\n${body}\n});`;
  let program: Program;
  try {
    program = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  } catch (err) {
    throw new Error(`The body does not parse: ${(err as Error).message}`, { cause: err });
  }
  // A body that closes the function early (`}); other(); (async function () {`) parses too: only one
  // statement, the function itself, with exactly the given parameters, is the body of one function.
  const [statement] = program.body;
  const fn = statement?.type === 'ExpressionStatement' ? statement.expression : null;
  const sameParams = fn?.type === 'FunctionExpression' && fn.params.length === params.length
    && fn.params.every((p, i) => p.type === 'Identifier' && p.name === params[i]);
  if (program.body.length !== 1 || !sameParams) throw new Error('The body is not the body of one function');
}
