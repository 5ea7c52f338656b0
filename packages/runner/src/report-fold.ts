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
  /**
   * The test case's status as cucumber-js decides it: the worst result of all its test steps, hooks
   * included (`getWorstTestStepResult` of @cucumber/messages: a passing scenario whose After hook is
   * skipped is SKIPPED, one whose hook is pending PENDING); a test case without step results (a
   * scenario without steps, so also one whose only steps would be its Background's) PASSED.
   */
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
  /** Per entry: shown; passing and unknown hooks are left out, and skipped ones unless the test case is skipped by them. */
  shown: boolean[];
}

export function foldCase(entries: readonly FoldEntry[], caseFinished: boolean): CaseFold {
  const statuses: StepStatus[] = [];
  const messages: Array<string | null | undefined> = [];
  let worst: StepStatus = 'UNKNOWN';
  for (const e of entries) {
    let st = e.status;
    let own: string | null | undefined;
    if (!e.finished && !caseFinished) {
      st = e.started ? 'FAILED' : 'SKIPPED';
      own = e.started ? STEP_NOT_FINISHED : (e.message ?? null);
    }
    statuses.push(st);
    messages.push(own);
    if (SEVERITY[st] > SEVERITY[worst]) worst = st;
  }
  const shown: boolean[] = [];
  let failedStep: number | null = null;
  let failedEntry: number | null = null;
  let message: string | null = null;
  let count = 0;
  // A skipped hook is shown when nothing else shown is skipped or worse (it is what skipped the test case).
  let worstShown: StepStatus = 'UNKNOWN';
  for (let i = 0; i < entries.length; i++) {
    if (!hiddenHook(entries[i], statuses[i]) && SEVERITY[statuses[i]] > SEVERITY[worstShown]) worstShown = statuses[i];
  }
  for (let i = 0; i < entries.length; i++) {
    const st = statuses[i];
    const keep = !hiddenHook(entries[i], st) || (st === 'SKIPPED' && SEVERITY[worstShown] < SEVERITY.SKIPPED);
    shown.push(keep);
    if (!keep) continue;
    if (FAILING.has(st) && failedStep === null) {
      failedStep = count;
      failedEntry = i;
      const own = messages[i];
      message = (own !== undefined ? own : entries[i].message) ?? st;
    }
    count++;
  }
  if (!caseFinished) {
    worst = 'FAILED';
    message ??= CASE_NOT_FINISHED;
  }
  // No step result (no steps, or none finished): cucumber-js's test case runner calls that PASSED.
  if (worst === 'UNKNOWN') worst = 'PASSED';
  return { status: worst, failedStep, failedEntry, message, statuses, messages, shown };
}

/** Hooks that passed (or have no result) are left out of the steps shown; so are skipped ones, but see foldCase. */
function hiddenHook(e: FoldEntry, st: StepStatus): boolean {
  return e.hook && (st === 'PASSED' || st === 'SKIPPED' || st === 'UNKNOWN');
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
