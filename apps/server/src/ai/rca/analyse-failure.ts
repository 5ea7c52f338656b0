import type { FailureAnalysis, FailureCategory, FailureEvidence } from '../ai-types.ts';
import { ariaElements, describeElement, describeTarget, findTarget, locatorTarget, similarElement } from './aria-elements.ts';
import {
  assertionFailure,
  definiteCodeError,
  expectedReceived,
  locatorFailure,
  missingDataInError,
  navigationFailure,
  pageErrors,
  serverErrors,
  stepCodePlace,
  strictMatches,
  thrownCodeError,
  timedOut,
  unreachable,
} from './failure-facts.ts';
import { errorHead, failureSignature, plainError } from '../../runs/failure-signature.ts';

/**
 * Root-cause analysis without a model: the failure's evidence read in a fixed order, the first cause
 * that fits wins. Causes that explain the others come first: an application that cannot be reached,
 * missing test data, step code that cannot run, the application failing (a 5xx or an uncaught page
 * exception makes a missing element a symptom), then the page that did not open, the element that is
 * gone, the value that differs, and time running out.
 */

type Draft = Omit<FailureAnalysis, 'signature' | 'evidence'> & { evidence: string[] };

const MAX_QUOTE = 300;
const quote = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_QUOTE ? `${line.slice(0, MAX_QUOTE - 1)}…` : line;
};
const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

export function analyseFailureOffline(evidence: FailureEvidence): FailureAnalysis {
  const error = plainError(evidence.error ?? '');
  const draft = classify(evidence, error);
  const head = errorHead(error);
  const shown = head.replace(/^Error: /, '');
  const facts = [`Failed step: ${quote(evidence.stepText) || '(no step)'}`, ...(shown ? [`Error: ${quote(shown)}`] : []), ...draft.evidence];
  return { ...draft, evidence: facts, signature: failureSignature(draft.category, evidence.stepText, error) };
}

function classify(ev: FailureEvidence, error: string): Draft {
  return (
    environmentUnreachable(ev, error) ??
    testDataMissing(ev, error) ??
    stepCode(error, true) ??
    applicationError(ev) ??
    stepCode(error, false) ??
    navigationError(ev, error) ??
    locatorProblem(ev, error) ??
    assertionMismatch(error) ??
    timeout(error, []) ??
    unexplained(ev, error)
  );
}

function draft(category: FailureCategory, summary: string, evidence: string[], suggestedAction: string): Draft {
  return { category, summary, evidence, suggestedAction };
}

function environmentUnreachable(ev: FailureEvidence, error: string): Draft | null {
  const found = unreachable(error, ev.network);
  if (!found) return null;
  if (found.code === 'No environment is selected') {
    return draft('environment_unreachable', 'The run had no environment, so the step had no base URL to open.', [], 'Select an environment with a base URL for the run (or give the step a full URL), then run again.');
  }
  const where = found.url ? originOf(found.url) : 'the application';
  return draft(
    'environment_unreachable',
    `The application at ${where} could not be reached (${found.code}).`,
    [`Connection failure: ${found.code}${found.url ? ` for ${found.url}` : ''}`],
    `Check that the environment's base URL (${where}) is right and that the application is running and reachable from the runner, then run again.`,
  );
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function testDataMissing(ev: FailureEvidence, error: string): Draft | null {
  const inError = missingDataInError(error);
  const keys = [...new Set([...ev.missingData, ...inError.keys])];
  if (!keys.length && !inError.hinted) return null;
  const named = keys.map((k) => `"${k}"`).join(', ');
  return draft(
    'test_data_missing',
    keys.length ? `The step needs test data ${named}, which the run did not have.` : 'The step needs test data the run did not have.',
    keys.length ? [`Missing test data: ${keys.join(', ')}`] : [],
    keys.length
      ? `Add ${named} to the test data of the run's environment (or to the default rows), or correct the key the step uses; a secret's value may need to be set again.`
      : "Check the test data of the run's environment for the value the step uses.",
  );
}

/** `definite`: no definition, pending, ambiguous, syntax or reference error; otherwise a TypeError or RangeError. */
function stepCode(error: string, definite: boolean): Draft | null {
  const sign = definite ? definiteCodeError(error) : thrownCodeError(error);
  if (!sign) return null;
  const place = stepCodePlace(error);
  const evidence = place ? [`Thrown at ${place}`] : [];
  if (/^Undefined step/.test(sign)) {
    return draft('step_code_error', 'No step definition matches this step.', evidence, 'Write step code for the step (or reword it to match an existing step) in the step files of the branch.');
  }
  if (/^Pending step/.test(sign)) {
    return draft('step_code_error', 'The step definition is still pending (not written yet).', evidence, 'Finish the step code: replace the pending result with the step\'s actions.');
  }
  if (/^Ambiguous step|Multiple step definitions/.test(sign)) {
    return draft('step_code_error', 'Several step definitions match this step.', evidence, 'Make the step expressions distinct (or remove the duplicate definition) so that one definition matches.');
  }
  const kind = /SyntaxError|ReferenceError|TypeError|RangeError/.exec(error)?.[0] ?? 'an error';
  return draft(
    'step_code_error',
    `The step's own code threw ${kind}${place ? ` at ${place}` : ''}.`,
    evidence,
    place
      ? `Fix the step code at ${place}: it uses a value that is not there (check the variables and what the page calls return).`
      : 'Fix the step code: open the step definition and check the variables and what the page calls return.',
  );
}

function applicationError(ev: FailureEvidence): Draft | null {
  const failed = serverErrors(ev.network);
  const thrown = pageErrors(ev.console);
  if (!failed.length && !thrown.length) return null;
  const facts = [
    ...failed.slice(0, 5).map((n) => `HTTP ${n.status} from ${n.method} ${n.requestUrl}`),
    ...thrown.slice(0, 3).map((c) => `${c.type === 'pageerror' ? 'Uncaught page exception' : 'Console error'}: ${quote(c.text)}`),
  ];
  const first = failed[0];
  const summary = first
    ? `The application answered HTTP ${first.status} to ${first.method} ${pathOf(first.requestUrl)} during the step.`
    : `The page threw an uncaught exception during the step: ${quote(thrown[0].text)}`;
  const action = first
    ? `The failure is in the application, not in the test: look at the server's log for ${first.method} ${pathOf(first.requestUrl)} at the time of the run and report it to the team that owns it.`
    : "The failure is in the application's front end: report the exception (with the step's console) to the team that owns the page.";
  return draft('application_error', summary, facts, action);
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

function navigationError(ev: FailureEvidence, error: string): Draft | null {
  const found = navigationFailure(error, ev.network, ev.page?.url ?? null);
  if (!found) return null;
  const where = found.url ?? 'the page';
  return draft(
    'navigation_error',
    `The page ${where} could not be opened (${found.what}).`,
    [`Navigation failure: ${found.what}${found.url ? ` for ${found.url}` : ''}`],
    `Check the address the step opens (its path and the environment's base URL); if the page moved, update the step to its new address.`,
  );
}

function locatorProblem(ev: FailureEvidence, error: string): Draft | null {
  const sign = locatorFailure(error);
  if (!sign) return null;
  const target = locatorTarget(error);
  const matches = strictMatches(error);
  const facts = target ? [`Locator: ${target.description}`] : [];
  if (matches !== null) {
    return draft(
      'locator_changed',
      `The locator ${target ? describeTarget(target) : ''} now matches ${matches} elements, so the step cannot tell which to use.`.replace('  ', ' '),
      [...facts, `Strict mode violation: ${matches} elements match`],
      'Make the locator specific again: an exact name, a parent region (a form, a dialog, a row), or take the first match if any will do.',
    );
  }
  if (!target) {
    return draft(
      'locator_changed',
      "The step's element was not found on the page.",
      [`Locator failure: ${sign}`],
      "Compare the step's screenshot with the last passing run's and update the step's locator to the element as it is now.",
    );
  }
  const now = ev.page?.aria ? ariaElements(ev.page.aria) : null;
  const before = ev.lastPassingPage?.aria ? ariaElements(ev.lastPassingPage.aria) : null;
  const wanted = describeTarget(target);
  const presentNow = now ? findTarget(now, target).length > 0 : false;
  if (now && presentNow) {
    const limit = timedOut(error)?.ms;
    return draft(
      'timeout',
      `The page has ${wanted}, but the step could not use it${limit ? ` within ${seconds(limit)}` : ''}.`,
      [...facts, `The page has ${wanted} (${ev.page?.url})`, ...(limit ? [`Time limit: ${seconds(limit)}`] : [])],
      'Wait for the element to be ready (visible, enabled, not covered by another element) before the step acts on it, or raise the step timeout if the application is slow here.',
    );
  }
  const presentBefore = before ? findTarget(before, target).length > 0 : null;
  const similar = now ? similarElement(now, target) : null;
  if (ev.page) facts.push(now ? `${wanted} is not on the page now (${ev.page.url})` : `No aria snapshot of the page at the failure (${ev.page.url})`);
  else facts.push('No page was recorded at the failure');
  if (presentBefore === true) facts.push(`The last passing run had ${wanted} (${ev.lastPassingPage?.url})`);
  else if (presentBefore === false) facts.push(`The last passing run's page did not show ${wanted} either (${ev.lastPassingPage?.url})`);
  else facts.push('No passing run of this scenario to compare with');
  if (similar) facts.push(`Similar element now: ${describeElement(similar)}`);
  const gone = presentBefore === true ? `${wanted} was on the page in the last passing run and is gone now` : `${wanted} is not on the page`;
  const summary = similar ? `The ${gone}; the page has ${describeElement(similar)} instead.` : `The ${gone}.`;
  const action = similar
    ? `If ${describeElement(similar)} is the same control, update the step's locator to it; otherwise check whether the application lost ${wanted}.`
    : `Check whether the application still offers ${wanted} (renamed, moved, or behind another step) and update the step's locator to match.`;
  return draft('locator_changed', summary.charAt(0).toUpperCase() + summary.slice(1), facts, action);
}

function assertionMismatch(error: string): Draft | null {
  const values = expectedReceived(error);
  if (!values && !assertionFailure(error)) return null;
  if (!values) {
    return draft('assertion_mismatch', "The step's check failed.", [], "Compare the step's screenshot with what the check expects; update the expected value if the application's new one is right, or report the change as a defect.");
  }
  return draft(
    'assertion_mismatch',
    `The step expected ${quote(values.expected)} but got ${quote(values.received)}.`,
    [`Expected: ${quote(values.expected)}`, `Received: ${quote(values.received)}`],
    "If the application's new value is right, update the expected value in the scenario; otherwise report the change as a defect.",
  );
}

function timeout(error: string, facts: string[]): Draft | null {
  const found = timedOut(error);
  if (!found) return null;
  if (/did not finish: the run ended/.test(error)) {
    return draft('timeout', 'The run ended while the step was still running (stopped, or over the run time limit).', facts, 'Look at what the step was waiting for; if the run was stopped on purpose, run it again.');
  }
  const limit = found.ms ? ` after ${seconds(found.ms)}` : '';
  const navigation = /\b(?:page|frame)\.(?:goto|waitForURL|waitForNavigation|waitForLoadState|reload)\b/.test(error);
  return draft(
    'timeout',
    navigation ? `The page did not finish loading${limit}.` : `The step timed out${limit}.`,
    [...facts, `Time limit: ${found.ms ? seconds(found.ms) : 'reached'}`],
    navigation
      ? 'Check how long the page takes to load in this environment; wait for what the step needs (a heading, a response) rather than the full load, or raise the navigation timeout.'
      : "Look at the step's screenshot for what it waited on; wait for the state the step needs, or raise the step timeout if the application is slow here.",
  );
}

/** None of the known causes: a check in a Then step failed, else the step's code failed on its own. */
function unexplained(ev: FailureEvidence, error: string): Draft {
  const first = errorHead(error).split('\n')[0] || 'no message';
  if (/^\s*Then\b/.test(ev.stepText) || /\b(?:should|verify|expect|check|see)\b/i.test(ev.stepText)) {
    return draft('assertion_mismatch', `The step's check failed: ${quote(first)}`, [], "Compare the step's screenshot with what the step checks; update the scenario if the application's new behaviour is right, or report it as a defect.");
  }
  return draft('step_code_error', `The step's code failed: ${quote(first)}`, [], 'Open the step definition and check what it does with the page at this point; the error above is where to start.');
}
