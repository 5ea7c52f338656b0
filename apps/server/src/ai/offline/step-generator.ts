import { parse } from 'acorn';
import type { StepCodeRequest, StepCodeResult } from '../ai-types.ts';
import { loginCode, signedInCode } from './account-code.ts';
import { actionCode } from './action-code.ts';
import { assertionCode } from './assertion-code.ts';
import { parseAriaSnapshot, type AriaNode } from './aria-tree.ts';
import type { CodeContext, CodeResult } from './code-context.ts';
import { countCode } from './count-code.ts';
import type { Intent } from './intent-types.ts';
import { navigationCode } from './navigation-code.ts';
import { ParamNames } from './param-names.ts';
import { buildExpression, matchStep } from './step-expression.ts';
import { understand } from './step-intent.ts';
import { parseSentence } from './step-sentence.ts';

/** Steps that need no page: where to go, what the URL or title is, how long to wait. */
const WITHOUT_PAGE = new Set<Intent['kind']>(['navigate', 'back', 'reload', 'assertUrl', 'assertTitle', 'wait', 'waitText']);

const UNDERSTOOD: Record<Exclude<Intent['kind'], 'unknown'>, string> = {
  navigate: 'Understood as opening a page.',
  back: 'Understood as going back.',
  reload: 'Understood as reloading the page.',
  click: 'Understood as a click.',
  hover: 'Understood as hovering.',
  check: 'Understood as ticking a box.',
  uncheck: 'Understood as unticking a box.',
  fill: 'Understood as filling a field.',
  select: 'Understood as choosing an option.',
  search: 'Understood as a search.',
  press: 'Understood as a key press.',
  upload: 'Understood as a file upload.',
  wait: 'Understood as a pause.',
  waitText: 'Understood as waiting for a text.',
  assertText: 'Understood as a check of the text on the page.',
  assertElement: "Understood as a check of an element's visibility.",
  assertUrl: 'Understood as a check of the URL.',
  assertTitle: 'Understood as a check of the page title.',
  assertCount: 'Understood as a count.',
  assertValue: 'Understood as a check of a value.',
  assertChecked: 'Understood as a check of a checkbox.',
  login: 'Understood as logging in.',
  assertSignedIn: 'Understood as a check that the visitor is signed in or out.',
  assertMessage: 'Understood as a check of a message about what happened.',
};

/**
 * Writes step code for one English step without any network: the sentence is parsed with compromise,
 * its quoted values and numbers become the parameters of a Cucumber expression, and the element it
 * names is looked up in the aria snapshot of the page the step starts on. Refuses, with the closest
 * elements, rather than write code that could not work.
 */
export function generateStepOffline(req: StepCodeRequest): StepCodeResult {
  const text = req.text.trim();
  if (!text) return { ok: false, reason: 'The step has no text', candidates: [] };
  const sentence = parseSentence(text);
  const intent = understand(sentence, req.keyword);
  if (intent.kind === 'unknown') return { ok: false, reason: intent.reason, candidates: [] };
  let tree: AriaNode | null = null;
  if (req.page) {
    try {
      tree = parseAriaSnapshot(req.page.aria);
    } catch (err) {
      return { ok: false, reason: `The page's aria snapshot could not be read: ${(err as Error).message}`, candidates: [] };
    }
  }
  if (!tree && !WITHOUT_PAGE.has(intent.kind)) {
    return { ok: false, reason: 'There is no page to find the element on: without one only navigation, URL, title and wait steps can be written', candidates: [] };
  }
  const params = new ParamNames(sentence.slots);
  const ctx: CodeContext = { sentence, tree, page: req.page, knownPages: req.knownPages, baseUrl: req.baseUrl, params };
  const result = codeFor(ctx, intent);
  if (!result.ok) return result;

  const expression = buildExpression(text, sentence.slots);
  const names = params.names();
  const body = params.apply(result.body);
  const args = matchStep(expression, text);
  if (!args || args.length !== names.length) {
    return { ok: false, reason: `The expression "${expression}" does not match the step's own text`, candidates: [] };
  }
  const syntax = syntaxError(names, body);
  if (syntax) return { ok: false, reason: `The code written for the step does not parse: ${syntax}`, candidates: [] };
  return { ok: true, step: { expression, params: names, body, reasoning: `${UNDERSTOOD[intent.kind]} ${result.reasoning}` } };
}

function codeFor(ctx: CodeContext, intent: Exclude<Intent, { kind: 'unknown' }>): CodeResult {
  switch (intent.kind) {
    case 'navigate':
    case 'back':
    case 'reload':
      return navigationCode(ctx, intent);
    case 'assertCount':
      return countCode(ctx, intent);
    case 'login':
      return loginCode(ctx, intent);
    case 'assertSignedIn':
      return signedInCode(ctx, intent);
    case 'assertText':
    case 'assertElement':
    case 'assertUrl':
    case 'assertTitle':
    case 'assertValue':
    case 'assertChecked':
    case 'assertMessage':
      return assertionCode(ctx, intent);
    default:
      return actionCode(ctx, intent);
  }
}

/** The message of the syntax error of the step function, or null when it parses. */
function syntaxError(params: string[], body: string): string | null {
  try {
    parse(`(async function (${params.join(', ')}) {\n${body}\n});`, { ecmaVersion: 'latest', sourceType: 'module' });
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
