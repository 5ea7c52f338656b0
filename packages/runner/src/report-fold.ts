import type { StepStatus } from '@stepwise/shared';
import { FAILING, SEVERITY } from './report-time.ts';

/**
 * The rules that turn a test case's steps into its outcome, in one place: the report builder applies
 * them to the steps it assembles, and the NDJSON ingest (which keeps the steps in the stored report
 * and builds them only when a scenario report is read) applies them to step results alone, so that a
 * run's rows and its scenario reports always agree.
 */

export const STEP_NOT_FINISHED = 'The step did not finish: the run ended while it was running';
export const CASE_NOT_FINISHED = 'The test case did not finish: the run ended while it was running';

/** A test step as the fold sees it. */
export interface FoldEntry {
  /** A Before or After hook (not a Gherkin step). */
  hook: boolean;
  status: StepStatus;
  message?: string | null;
  /** The step has a testStepStarted / a testStepFinished. */
  started: boolean;
  finished: boolean;
}

export interface CaseFold {
  /** The worst status of the steps shown ('UNKNOWN' for a test case without steps). */
  status: StepStatus;
  /** Index, among the steps shown, of the first failing one. */
  failedStep: number | null;
  /** Index into the entries of that step. */
  failedEntry: number | null;
  message: string | null;
  /** Per entry: its status as shown (an unfinished step of an unfinished case is FAILED or SKIPPED). */
  statuses: StepStatus[];
  /** Per entry: the message to show instead of its own, when the fold changed its status. */
  messages: Array<string | null | undefined>;
  /** Per entry: shown; passing, skipped and unknown hooks are left out. */
  shown: boolean[];
}

export function foldCase(entries: readonly FoldEntry[], caseFinished: boolean): CaseFold {
  const statuses: StepStatus[] = [];
  const messages: Array<string | null | undefined> = [];
  const shown: boolean[] = [];
  let worst: StepStatus = 'UNKNOWN';
  let failedStep: number | null = null;
  let failedEntry: number | null = null;
  let message: string | null = null;
  let count = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    let st = e.status;
    let own: string | null | undefined;
    if (!e.finished && !caseFinished) {
      st = e.started ? 'FAILED' : 'SKIPPED';
      own = e.started ? STEP_NOT_FINISHED : (e.message ?? null);
    }
    statuses.push(st);
    messages.push(own);
    const keep = !(e.hook && (st === 'PASSED' || st === 'SKIPPED' || st === 'UNKNOWN'));
    shown.push(keep);
    if (!keep) continue;
    if (SEVERITY[st] > SEVERITY[worst]) worst = st;
    if (FAILING.has(st) && failedStep === null) {
      failedStep = count;
      failedEntry = i;
      message = (own !== undefined ? own : e.message) ?? st;
    }
    count++;
  }
  if (!caseFinished) {
    worst = 'FAILED';
    message ??= CASE_NOT_FINISHED;
  }
  if (worst === 'UNKNOWN' && entries.length) worst = 'PASSED';
  return { status: worst, failedStep, failedEntry, message, statuses, messages, shown };
}

/** The message a finished step shows: its exception's, else the first line of its message, else one for its status. */
export function stepResultMessage(
  st: StepStatus,
  result: { message?: string | null; exception?: { message?: string | null } | null },
  text: string,
  match: string | null,
): string | null {
  const raw = result.message ?? null;
  const own = result.exception?.message ?? (raw ? firstLineOf(raw) : null);
  if (own) return own;
  if (st === 'UNDEFINED') return `Undefined step: "${text}"`;
  if (st === 'AMBIGUOUS') return `Ambiguous step: "${text}" matches several step definitions${match ? ` (${match})` : ''}`;
  if (st === 'PENDING') return 'Pending step';
  return null;
}

function firstLineOf(text: string): string {
  const i = text.indexOf('\n');
  return i === -1 ? text : text.slice(0, i);
}
