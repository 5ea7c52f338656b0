import { stepKeyword, type PageVisit, type ReportStep, type TestCaseResult } from '@stepwise/shared';
import type { FailureEvidence, PageSnapshot } from '../ai-types.ts';
import { missingDataInError } from './failure-facts.ts';

/** What a stored failed test case tells the analysis: its failed step, that step's error, requests, console and page. */

/** An error longer than this is cut: the analysis reads its head, the signature its first lines. */
const MAX_ERROR = 20_000;

/** The failed step's error: the exception's stack when it holds the message (it names the error's class), else both. */
export function stepError(tc: TestCaseResult, step: ReportStep | undefined): string {
  // An imported report may hold a value of another type where a text belongs.
  const message = String(step?.result.message ?? tc.result.message ?? '');
  const stack = String(step?.result.errorStack ?? '');
  const first = message.split('\n')[0];
  let text = stack && (!first || stack.includes(first)) ? stack : stack ? `${message}\n${stack}` : message;
  if (!text && step) {
    const status = step.result.status;
    if (status === 'UNDEFINED') text = `Undefined step: "${step.text}"`;
    else if (status === 'PENDING') text = 'Pending step';
    else if (status === 'AMBIGUOUS') text = `Ambiguous step: "${step.text}" matches several step definitions`;
  }
  return text.length > MAX_ERROR ? text.slice(0, MAX_ERROR) : text;
}

/**
 * The page at step `index`: the step's own visit (else the closest earlier one), with the aria snapshot
 * of the latest visit of that URL up to there (the runner takes a snapshot when the URL changes).
 */
export function pageAt(pages: ReadonlyArray<PageVisit | null | undefined>, index: number): PageSnapshot | null {
  let at = Math.min(index, pages.length - 1);
  while (at >= 0 && !pages[at]) at--;
  const visit = at >= 0 ? pages[at] : null;
  if (!visit) return null;
  let aria = visit.ariaSnapshot;
  for (let i = at - 1; aria === undefined && i >= 0; i--) {
    const p = pages[i];
    if (p && p.url === visit.url && p.ariaSnapshot !== undefined) aria = p.ariaSnapshot;
  }
  return { url: visit.url, title: visit.title, aria: aria ?? '' };
}

/** The evidence of a failed test case (the last passing run's page is added by the caller). */
export function failureEvidence(tc: TestCaseResult): FailureEvidence {
  const index = tc.failedStep ?? -1;
  const step = index >= 0 ? tc.steps[index] : undefined;
  const error = stepError(tc, step);
  return {
    stepText: step ? `${stepKeyword(step)} ${step.text}`.trim() : '',
    error,
    network: (step?.networkData ?? []).map((n) => ({ requestUrl: n.requestUrl, method: n.method, status: n.status, type: n.type })),
    console: (step?.webLog ?? []).map((c) => ({ type: c.type, text: c.text })),
    page: step ? pageAt(tc.steps.map((s) => s.page), index) : null,
    lastPassingPage: null,
    missingData: missingDataInError(error).keys,
  };
}
