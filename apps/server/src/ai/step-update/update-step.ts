import MagicString from 'magic-string';
import type { StepUpdateRequest, StepUpdateResult } from '../ai-types.ts';
import { guardActions, setActionTimeouts, type EditOutcome } from './action-edits.ts';
import { appendStatement, continueOnFailure, retryOnFailure } from './body-wrappers.ts';
import { findStep, type StepTarget } from './find-step.ts';
import { indentAt, parseStepFile, type AnyNode } from './js-ast.ts';
import { readRequest, type UpdateIntent } from './request-intent.ts';
import { setStepTimeout } from './step-options.ts';

/** Inner changes first, wrappers last: a retry loop holds the guarded actions, the continue wrapper holds the retry loop. */
const ORDER: Array<UpdateIntent['kind']> = ['action-timeout', 'only-if-found', 'network-idle', 'screenshot', 'retry', 'continue', 'step-timeout'];
/** What an action timeout leaves the step for the rest of its work. */
const STEP_MARGIN_MS = 30_000;

export interface Located {
  program: AnyNode;
  step: StepTarget;
}

/** The parsed file and the step named `functionName` in it, or why there is none. */
export function locate(code: string, functionName: string): Located | { error: string } {
  const parsed = parseStepFile(code);
  if ('error' in parsed) return { error: `The step file does not parse (${parsed.error}): fix it before asking for an update` };
  const step = findStep(parsed.program, functionName);
  return 'error' in step ? step : { program: parsed.program, step };
}

/** An arrow function with an expression body gets a block body (`return <expression>;`) so that statements can be added. */
function blockBody(code: string, fn: AnyNode): string | null {
  if (fn.body.type === 'BlockStatement') return null;
  const indent = indentAt(code, fn.start);
  const s = new MagicString(code);
  s.overwrite(fn.body.start, fn.body.end, `{\n${indent}  return ${code.slice(fn.body.start, fn.body.end)};\n${indent}}`);
  return s.toString();
}

const SCREENSHOT = "await this.attach(await this.page.screenshot({ fullPage: true }), 'image/png');";
const NETWORK_IDLE = "await this.page.waitForLoadState('networkidle');";

function apply(intent: UpdateIntent, code: string, s: MagicString, { program, step }: Located): EditOutcome {
  const { fn, label } = step;
  switch (intent.kind) {
    case 'action-timeout':
      return setActionTimeouts(code, s, fn, intent.groups, intent.ms);
    case 'only-if-found':
      return guardActions(code, s, fn);
    case 'step-timeout':
      return setStepTimeout(code, s, program, step.registration, intent.ms, 'set');
    case 'retry':
      return retryOnFailure(code, s, fn, label, intent.retries);
    case 'continue':
      return continueOnFailure(code, s, fn, label);
    case 'network-idle':
    case 'screenshot': {
      if (fn.type === 'ArrowFunctionExpression') return { error: 'The step is an arrow function, which has no this.page: write it as `async function () {}` first' };
      const screenshot = intent.kind === 'screenshot';
      const added = appendStatement(code, s, fn, screenshot ? SCREENSHOT : NETWORK_IDLE);
      const what = screenshot ? 'takes a screenshot of the page, attached to the report,' : 'waits for the network to be idle';
      return added === 'added' ? { changed: true, note: `The step ${what} at its end.` } : { changed: false, note: `The step already ${what} at its end.` };
    }
  }
}

/** One edit on the file as it is now; the result must parse and still register the step. */
function edit(code: string, functionName: string, run: (code: string, s: MagicString, at: Located) => EditOutcome): { code: string; note: string } | { error: string } {
  const at = locate(code, functionName);
  if ('error' in at) return at;
  const s = new MagicString(code);
  const outcome = run(code, s, at);
  if ('error' in outcome) return outcome;
  if (!outcome.changed) return { code, note: outcome.note };
  const next = s.toString();
  const check = locate(next, functionName);
  if ('error' in check) return { error: `The update could not be made safely (${check.error})` };
  return { code: next, note: outcome.note };
}

/**
 * The offline step-code update: the request is read into changes (request-intent.ts), each applied
 * to the one step function on the file's syntax tree; every byte outside that function (and its
 * registration's options) stays as it was.
 */
export function updateStepOffline(req: StepUpdateRequest): StepUpdateResult {
  const first = locate(req.fileContent, req.functionName);
  if ('error' in first) return { ok: false, reason: first.error };
  const read = readRequest(req.userRequest);
  if ('error' in read) return { ok: false, reason: read.error };
  let code = req.fileContent;
  const notes: string[] = [];
  const step = (run: (code: string, s: MagicString, at: Located) => EditOutcome): string | null => {
    const done = edit(code, req.functionName, run);
    if ('error' in done) return done.error;
    code = done.code;
    if (done.note) notes.push(done.note);
    return null;
  };
  for (const intent of [...read.intents].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind))) {
    const needsBlock = intent.kind === 'retry' || intent.kind === 'continue' || intent.kind === 'network-idle' || intent.kind === 'screenshot';
    const at = locate(code, req.functionName);
    if ('error' in at) return { ok: false, reason: at.error };
    const blocked = needsBlock ? blockBody(code, at.step.fn) : null;
    if (blocked) code = blocked;
    const failure = step((c, s, located) => apply(intent, c, s, located));
    if (failure) return { ok: false, reason: failure };
    if (intent.kind === 'action-timeout') {
      const raise = step((c, s, { program, step: target }) => setStepTimeout(c, s, program, target.registration, intent.ms + STEP_MARGIN_MS, 'at-least'));
      if (raise) return { ok: false, reason: raise };
    }
  }
  if (read.ignored.length) notes.push(`Left out, not understood: "${read.ignored.join('", "')}".`);
  return { ok: true, fileContent: code, summary: notes.join(' ') };
}
