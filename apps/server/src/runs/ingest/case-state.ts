import type * as messages from '@cucumber/messages';
import type { PageVisit, StepStatus } from '@stepwise/shared';
import { status } from '@stepwise/runner/report-model';
import type { CaseTemplate } from './ingest-protocol.ts';
import type { ScannedLine } from './line-scanner.ts';

/**
 * What the ingest keeps of a report's test case: per test step only its status and whether it
 * started and finished (packed in a byte, by the step's place in its test case), the result of a step
 * that did not pass with a message, the page a step ended on, and where its messages are.
 */

type Timestamp = messages.Timestamp;

/** Step statuses by their code (the low 3 bits of a step's byte). */
export const STATUS_BY_CODE = ['UNKNOWN', 'PASSED', 'SKIPPED', 'PENDING', 'UNDEFINED', 'AMBIGUOUS', 'FAILED'] as const;
const CODE_OF_STATUS = new Map<string, number>(STATUS_BY_CODE.map((s, i) => [s, i]));
export const STARTED = 8;
export const FINISHED = 16;

export interface CaseState {
  id: string;
  testCaseId: string;
  /** Order of its testCaseStarted in the report. */
  position: number;
  attempt: number;
  workerId: string | null;
  start: Timestamp | null;
  end: Timestamp | null;
  finished: boolean;
  /** Its test case, once known. */
  template: CaseTemplate | null;
  /**
   * Each step's byte (status code | STARTED | FINISHED), in the test case's order (small integers in
   * an array: a typed array would be three objects and memory outside the heap per test case).
   */
  codes: number[] | null;
  /** Step events that came before the template: step id, then STARTED or FINISHED | status code. */
  early: Array<string | number> | null;
  /** What results of steps that finished with a message or an exception say (a row names it). */
  results: Map<string, ResultText> | null;
  /** The page a step ended on (our runner's page attachments). */
  pages: Map<string, PageVisit> | null;
  /** Where the test case's messages are: ranges of whole lines (offset, length, ...). */
  lines: number[];
  /** The latest earlier attempt of the same test case (as the report builder tells reruns). */
  previous: CaseState | null;
  /** Its row's id, given when first needed. */
  rowId: string | null;
  /** Its row was made. */
  folded: boolean;
  /** Its status, once its row was made (counting scenarios reads it at the end). */
  status: StepStatus;
  /** The step its last step event was about (where the next one is looked for first). */
  cursor: number;
}

/** What a row reads of a step result beyond its status. */
export type ResultText = { message?: string | null; exception?: { message?: string | null } | null };

/**
 * Adds a line to where a case's messages are: the last range grows when the line comes right after
 * it (a case's messages mostly follow one another; parallel workers' interleave), else a new range.
 */
export function placeLine(c: CaseState, line: ScannedLine): void {
  const { lines } = c;
  const n = lines.length;
  if (n > 0) {
    const gap = line.start - (lines[n - 2] + lines[n - 1]);
    // A newline, or a carriage return and a newline, between them.
    if (gap === 1 || gap === 2) {
      lines[n - 1] = line.stop - lines[n - 2];
      return;
    }
  }
  lines.push(line.start, line.stop - line.start);
}

/** A status's code (UNKNOWN for a status of no known name). */
export function codeOf(s: string | undefined): number {
  return CODE_OF_STATUS.get(status(s)) ?? 0;
}
