import type * as messages from '@cucumber/messages';
import { ATTACHMENT_TYPES, type PageVisit } from '@stepwise/shared';
import { status } from '@stepwise/runner/report-model';
import type { LineScanner, ScannedLine } from './line-scanner.ts';
import { EVENT_TYPES } from './ingest-protocol.ts';
import { typeOfEnvelope } from './line-scanner.ts';

/**
 * What the events worker keeps of a report's test cases and results: per test step only its status
 * and whether it started and finished (packed in a number), the result of a step that did not pass,
 * and where each message is. The steps themselves are built from those messages when read.
 */

/** Step statuses by their index in a packed step state (the low 3 bits). */
export const STATUS_BY_CODE = ['UNKNOWN', 'PASSED', 'SKIPPED', 'PENDING', 'UNDEFINED', 'AMBIGUOUS', 'FAILED'] as const;
const CODE_OF_STATUS = new Map<string, number>(STATUS_BY_CODE.map((s, i) => [s, i]));
export const STARTED = 8;
export const FINISHED = 16;

type Timestamp = messages.Timestamp;

export interface TestCaseDef {
  pickleId: string;
  steps: Array<{ id: string; pickleStepId?: string; hookId?: string; stepDefinitionIds?: readonly string[] }>;
  /** Where the testCase message is. */
  source: number[];
}

export interface CaseState {
  id: string;
  testCaseId: string;
  attempt: number;
  workerId: string | null;
  start: Timestamp | null;
  end: Timestamp | null;
  finished: boolean;
  /** Packed step states by test step id. */
  steps: Map<string, number>;
  /** Results of steps that finished with a message or an exception. */
  results: Map<string, messages.TestStepResult> | null;
  /** The page a step ended on (our runner's page attachments). */
  pages: Map<string, PageVisit> | null;
  /** Where the test case's messages are: offset, length, ... */
  lines: number[];
}

export type RunError = { text: string } | { hookId: string | undefined; status: string; message: string };

// Fast paths for the two most frequent messages in the layout cucumber-js writes: a match is a valid
// JSON object (strings without escapes or control characters, integers without leading zeros); any
// other layout is parsed as JSON.
const S = '([^"\\\\\\u0000-\\u001f]*)';
const N = '(0|[1-9]\\d{0,15})';
const TIMESTAMP = `\\{"seconds":${N},"nanos":${N}\\}`;
const STEP_STARTED = new RegExp(`^\\{"testStepStarted":\\{"testCaseStartedId":"${S}","testStepId":"${S}","timestamp":${TIMESTAMP}\\}\\}$`);
const STEP_FINISHED = new RegExp(
  `^\\{"testStepFinished":\\{"testCaseStartedId":"${S}","testStepId":"${S}","testStepResult":\\{"status":"([A-Z]+)","duration":${TIMESTAMP}\\},"timestamp":${TIMESTAMP}\\}\\}$`,
);

export class EventsState {
  readonly testCases = new Map<string, TestCaseDef>();
  readonly cases = new Map<string, CaseState>();
  readonly order: CaseState[] = [];
  readonly runErrors: RunError[] = [];
  private readonly runHooksStarted = new Map<string, string>();
  startTime: Timestamp | null = null;
  runFinished: { success: boolean; timestamp: Timestamp | null } | null = null;
  envelopes = 0;
  attachments = 0;

  /** Reads a line if it is one of the events worker's; throws ReportFormatError when it is not valid. */
  line(scanner: LineScanner, line: ScannedLine): void {
    const type = scanner.typeOf(line);
    if (type === '' || (type !== null && !EVENT_TYPES.has(type))) return;
    if (type === 'testStepFinished' || type === 'testStepStarted') {
      const text = scanner.text(line);
      const m = (type === 'testStepFinished' ? STEP_FINISHED : STEP_STARTED).exec(text);
      if (m) {
        this.envelopes++;
        const c = this.cases.get(m[1]);
        if (!c) return;
        const state = c.steps.get(m[2]) ?? 0;
        c.steps.set(m[2], type === 'testStepStarted' ? state | STARTED : (state & STARTED) | FINISHED | codeOf(m[3]));
        c.lines.push(line.start, line.stop - line.start);
        return;
      }
      const envelope = scanner.envelope(line, text);
      if (envelope) this.envelope(envelope, line);
      return;
    }
    const envelope = scanner.envelope(line);
    if (!envelope) return;
    // A line that had to be parsed to be known: the definitions worker reads its own too.
    if (type === null && !EVENT_TYPES.has(typeOfEnvelope(envelope))) return;
    this.envelope(envelope, line);
  }

  private envelope(e: messages.Envelope, line: ScannedLine): void {
    this.envelopes++;
    const place = (c: CaseState) => c.lines.push(line.start, line.stop - line.start);
    if (e.testStepFinished) {
      const f = e.testStepFinished;
      const c = this.cases.get(f.testCaseStartedId);
      if (!c) return;
      const r = f.testStepResult;
      const state = c.steps.get(f.testStepId) ?? 0;
      c.steps.set(f.testStepId, (state & STARTED) | FINISHED | codeOf(r?.status));
      if (r && (r.message || r.exception)) (c.results ??= new Map()).set(f.testStepId, r);
      place(c);
    } else if (e.testStepStarted) {
      const c = this.cases.get(e.testStepStarted.testCaseStartedId);
      if (!c) return;
      c.steps.set(e.testStepStarted.testStepId, (c.steps.get(e.testStepStarted.testStepId) ?? 0) | STARTED);
      place(c);
    } else if (e.attachment) {
      const a = e.attachment;
      if (!a.testCaseStartedId || !a.testStepId) return;
      const c = this.cases.get(a.testCaseStartedId);
      if (!c) return;
      this.attachments++;
      place(c);
      if (a.mediaType === ATTACHMENT_TYPES.page) {
        const page = pageOf(a);
        if (page) (c.pages ??= new Map()).set(a.testStepId, page);
      }
    } else if (e.testCaseStarted) {
      const s = e.testCaseStarted;
      const c: CaseState = {
        id: s.id,
        testCaseId: s.testCaseId,
        attempt: s.attempt ?? 0,
        workerId: s.workerId ?? null,
        start: s.timestamp ?? null,
        end: null,
        finished: false,
        steps: new Map(),
        results: null,
        pages: null,
        lines: [line.start, line.stop - line.start],
      };
      this.cases.set(s.id, c);
      this.order.push(c);
    } else if (e.testCaseFinished) {
      const c = this.cases.get(e.testCaseFinished.testCaseStartedId);
      if (!c) return;
      c.finished = true;
      c.end = e.testCaseFinished.timestamp ?? null;
      place(c);
    } else if (e.testCase) {
      const tc = e.testCase;
      this.testCases.set(tc.id, {
        pickleId: tc.pickleId,
        steps: (tc.testSteps ?? []).map((ts) => ({ id: ts.id, pickleStepId: ts.pickleStepId, hookId: ts.hookId, stepDefinitionIds: ts.stepDefinitionIds })),
        source: [line.start, line.stop - line.start],
      });
    } else if (e.testRunStarted) {
      this.startTime = e.testRunStarted.timestamp ?? null;
    } else if (e.testRunFinished) {
      const f = e.testRunFinished;
      this.runFinished = { success: f.success === true, timestamp: f.timestamp ?? null };
      const text = f.exception?.message ?? f.message;
      if (text) this.runErrors.push({ text });
    } else if (e.testRunHookStarted) {
      this.runHooksStarted.set(e.testRunHookStarted.id, e.testRunHookStarted.hookId);
    } else if (e.testRunHookFinished) {
      const f = e.testRunHookFinished;
      const st = f.result?.status;
      if (!st || st === 'PASSED' || st === 'SKIPPED') return;
      const message = f.result.exception?.message ?? (f.result.message ? f.result.message.split('\n', 1)[0] : st);
      this.runErrors.push({ hookId: this.runHooksStarted.get(f.testRunHookStartedId), status: st, message });
    }
  }
}

function codeOf(s: string | undefined): number {
  return CODE_OF_STATUS.get(status(s)) ?? 0;
}

function pageOf(a: messages.Attachment): PageVisit | null {
  try {
    const text = a.contentEncoding === 'BASE64' ? Buffer.from(a.body, 'base64').toString('utf8') : a.body;
    const value = JSON.parse(text) as PageVisit;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}
