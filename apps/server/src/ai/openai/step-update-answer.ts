import { parse } from 'acorn';
import { z } from 'zod';
import type { StepUpdateRequest, StepUpdateResult } from '../ai-types.ts';
import type { AnyNode } from '../step-update/js-ast.ts';
import { locate, type Located } from '../step-update/update-step.ts';

export const STEP_UPDATE_SYSTEM_PROMPT = [
  'You update the code of one cucumber-js step definition: JavaScript (ES module) driving Playwright.',
  'You are given the person\'s request, the step, its current function and the whole file.',
  'Answer with one JSON object, either {"function": "...", "summary": "..."} or {"refuse": "why the request cannot be done"}.',
  '"function" is the whole updated function exactly as it will stand in the file in place of the current one:',
  'the same kind of function (async function, arrow function or named function declaration), the same parameters.',
  'Change only what the request asks; keep everything else as it is written, with the same indentation.',
  'Never change the step registration (the Given/When/Then call, its expression or options) or any other code.',
  'this.page is the Playwright Page, this.testData the run\'s test data; expect from @playwright/test is not available.',
  '"summary" says in one or two sentences what changed.',
].join('\n');

const Answer = z.union([
  z.object({ refuse: z.string().trim().min(1).max(2000) }),
  z.object({ function: z.string().trim().min(1).max(200_000), summary: z.string().max(4000).default('') }),
]);

const text = (code: string, node: AnyNode) => code.slice(node.start, node.end);

/** The user message: what is asked, of which function, in which file. */
export function stepUpdatePrompt(req: StepUpdateRequest, at: Located): string {
  return JSON.stringify({ request: req.userRequest, step: at.step.label, currentFunction: text(req.fileContent, at.step.fn), file: req.fileContent }, null, 2);
}

/** The function's head as written: its kind and its parameters (`async function (name)`). */
function signature(code: string, fn: AnyNode): string {
  const kind = fn.type === 'ArrowFunctionExpression' ? 'arrow' : 'function';
  return `${kind} ${fn.async ? 'async' : ''} ${fn.id?.name ?? ''} (${fn.params.map((p: AnyNode) => text(code, p)).join(', ')})`;
}

/**
 * The file with the model's function in place of the step's, or throws why it cannot be used: not the
 * JSON asked for, not exactly one function, another signature, or a file whose registration of the
 * step (its expression and options) is not the same afterwards.
 */
export function stepUpdateFromAnswer(content: string, req: StepUpdateRequest, at: Located): StepUpdateResult {
  const answer = Answer.parse(JSON.parse(content));
  if ('refuse' in answer) return { ok: false, reason: answer.refuse };
  let program: AnyNode;
  try {
    program = parse(`(${answer.function}\n)`, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as AnyNode;
  } catch (err) {
    throw new Error(`The function does not parse: ${(err as Error).message}`, { cause: err });
  }
  const fn = program.body.length === 1 && program.body[0].type === 'ExpressionStatement' ? program.body[0].expression : null;
  if (!fn || (fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression')) throw new Error('The answer is not one function');
  const code = req.fileContent;
  const old = at.step.fn;
  const fresh = `(${answer.function}\n)`;
  if (signature(fresh, fn) !== signature(code, old)) throw new Error(`The function's signature changed: ${signature(fresh, fn)}`);
  const next = code.slice(0, old.start) + answer.function + code.slice(old.end);
  const after = locate(next, req.functionName);
  if ('error' in after) throw new Error(`The updated file does not hold the step: ${after.error}`);
  const registration = (c: string, l: Located) => (l.step.registration ? text(c, l.step.registration).replace(text(c, l.step.fn), '') : '');
  if (registration(next, after) !== registration(code, at)) throw new Error('The step registration changed');
  return { ok: true, fileContent: next, summary: answer.summary.trim() || 'The step was updated as asked.' };
}
