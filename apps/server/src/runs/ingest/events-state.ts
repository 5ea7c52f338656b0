import type * as messages from '@cucumber/messages';
import { ATTACHMENT_TYPES, type PageVisit } from '@stepwise/shared';
import { status } from '@stepwise/runner/report-model';
import type { LineScanner, ScannedLine } from './line-scanner.ts';
import type { CaseTemplate } from './ingest-protocol.ts';

/**
 * What the ingest keeps of a report's test cases: per test step only its status and whether it
 * started and finished (packed in a byte, by the step's place in its test case), the result of a step
 * that did not pass with a message, the page a step ended on, and where each message is. A test case
 * whose test case message has not come yet keeps its step events aside until it does.
 */

/** Step statuses by their code (the low 3 bits of a step's byte). */
export const STATUS_BY_CODE = ['UNKNOWN', 'PASSED', 'SKIPPED', 'PENDING', 'UNDEFINED', 'AMBIGUOUS', 'FAILED'] as const;
const CODE_OF_STATUS = new Map<string, number>(STATUS_BY_CODE.map((s, i) => [s, i]));
export const STARTED = 8;
export const FINISHED = 16;

type Timestamp = messages.Timestamp;

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
  /** Each step's byte (status code | STARTED | FINISHED), in the test case's order. */
  codes: Uint8Array | null;
  /** Step events that came before the template: step id, then STARTED or FINISHED | status code. */
  early: Array<string | number> | null;
  /** Results of steps that finished with a message or an exception. */
  results: Map<string, messages.TestStepResult> | null;
  /** The page a step ended on (our runner's page attachments). */
  pages: Map<string, PageVisit> | null;
  /** Where the test case's messages are: offset, length, ... */
  lines: number[];
  /** The latest earlier attempt of the same test case (as the report builder tells reruns). */
  previous: CaseState | null;
  /** Its row's id, given when first needed. */
  rowId: string | null;
  /** Its row was made. */
  folded: boolean;
}

export type RunError = { text: string } | { hookId: string | undefined; message: string };

// Fast paths for the two most frequent messages in the layout cucumber-js writes: a match is a valid
// JSON object (strings without escapes or control characters, integers without leading zeros); any
// other layout is parsed as JSON.
const S = '([^"\\\\\\u0000-\\u001f]*)';
const N = '(?:0|[1-9]\\d{0,15})';
const TIMESTAMP = `\\{"seconds":${N},"nanos":${N}\\}`;
const STEP_STARTED = new RegExp(`^\\{"testStepStarted":\\{"testCaseStartedId":"${S}","testStepId":"${S}","timestamp":${TIMESTAMP}\\}\\}$`);
const STEP_FINISHED = new RegExp(
  `^\\{"testStepFinished":\\{"testCaseStartedId":"${S}","testStepId":"${S}","testStepResult":\\{"status":"([A-Z]+)","duration":${TIMESTAMP}\\},"timestamp":${TIMESTAMP}\\}\\}$`,
);

export class EventsState {
  readonly cases = new Map<string, CaseState>();
  readonly order: CaseState[] = [];
  readonly runErrors: RunError[] = [];
  private readonly templates = new Map<string, CaseTemplate>();
  /** Each test step's place in its test case (ids are unique in a report; the place is checked against the template). */
  private readonly stepIndex = new Map<string, number>();
  /** Cases waiting for their template, by test case id. */
  private readonly waiting = new Map<string, CaseState[]>();
  private readonly runHooksStarted = new Map<string, string>();
  private readonly lastAttemptOf = new Map<string, CaseState>();
  startTime: Timestamp | null = null;
  runFinished: { success: boolean; timestamp: Timestamp | null } | null = null;
  envelopes = 0;
  attachments = 0;
  /** Told of each case that finished with its template known (its row can be made). */
  onReady: (c: CaseState) => void = () => {};

  addTemplate(t: CaseTemplate): void {
    this.templates.set(t.testCaseId, t);
    t.stepIds.forEach((id, i) => this.stepIndex.set(id, i));
    const waiting = this.waiting.get(t.testCaseId);
    if (!waiting) return;
    this.waiting.delete(t.testCaseId);
    for (const c of waiting) {
      this.attach(c, t);
      if (c.finished) this.onReady(c);
    }
  }

  /** Reads a line of one of the event types; throws ReportFormatError when it is not valid. */
  line(scanner: LineScanner, line: ScannedLine, type: string): void {
    if (type === 'testStepFinished' || type === 'testStepStarted') {
      const text = scanner.text(line);
      const m = (type === 'testStepFinished' ? STEP_FINISHED : STEP_STARTED).exec(text);
      if (m) {
        this.envelopes++;
        const c = this.cases.get(m[1]);
        if (!c) return;
        this.step(c, m[2], type === 'testStepStarted' ? STARTED : FINISHED | codeOf(m[3]));
        c.lines.push(line.start, line.stop - line.start);
        return;
      }
      const envelope = scanner.envelope(line, text);
      if (envelope) this.envelope(envelope, line);
      return;
    }
    const envelope = scanner.envelope(line);
    if (envelope) this.envelope(envelope, line);
  }

  private attach(c: CaseState, t: CaseTemplate): void {
    c.template = t;
    c.codes = new Uint8Array(t.stepIds.length);
    const early = c.early;
    c.early = null;
    if (early) for (let i = 0; i < early.length; i += 2) this.step(c, early[i] as string, early[i + 1] as number);
  }

  /** A step event: STARTED, or FINISHED | status code. Steps not of the case's test case are passed over (as the report builder does). */
  private step(c: CaseState, testStepId: string, event: number): void {
    if (!c.codes) {
      (c.early ??= []).push(testStepId, event);
      return;
    }
    const i = this.stepIndex.get(testStepId);
    if (i === undefined || c.template!.stepIds[i] !== testStepId) return;
    c.codes[i] = event === STARTED ? c.codes[i] | STARTED : (c.codes[i] & STARTED) | event;
  }

  /** A message of one of the event types. */
  envelope(e: messages.Envelope, line: ScannedLine): void {
    this.envelopes++;
    const place = (c: CaseState) => c.lines.push(line.start, line.stop - line.start);
    if (e.testStepFinished) {
      const f = e.testStepFinished;
      const c = this.cases.get(f.testCaseStartedId);
      if (!c) return;
      const r = f.testStepResult;
      this.step(c, f.testStepId, FINISHED | codeOf(r?.status));
      if (r && (r.message || r.exception)) (c.results ??= new Map()).set(f.testStepId, r);
      place(c);
    } else if (e.testStepStarted) {
      const c = this.cases.get(e.testStepStarted.testCaseStartedId);
      if (!c) return;
      this.step(c, e.testStepStarted.testStepId, STARTED);
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
        position: this.order.length,
        attempt: s.attempt ?? 0,
        workerId: s.workerId ?? null,
        start: s.timestamp ?? null,
        end: null,
        finished: false,
        template: null,
        codes: null,
        early: null,
        results: null,
        pages: null,
        lines: [line.start, line.stop - line.start],
        previous: this.lastAttemptOf.get(s.testCaseId) ?? null,
        rowId: null,
        folded: false,
      };
      this.lastAttemptOf.set(s.testCaseId, c);
      this.cases.set(s.id, c);
      this.order.push(c);
      const t = this.templates.get(s.testCaseId);
      if (t) this.attach(c, t);
      else {
        const list = this.waiting.get(s.testCaseId) ?? [];
        list.push(c);
        this.waiting.set(s.testCaseId, list);
      }
    } else if (e.testCaseFinished) {
      const c = this.cases.get(e.testCaseFinished.testCaseStartedId);
      if (!c) return;
      c.finished = true;
      c.end = e.testCaseFinished.timestamp ?? null;
      place(c);
      if (c.template) this.onReady(c);
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
      this.runErrors.push({ hookId: this.runHooksStarted.get(f.testRunHookStartedId), message });
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
