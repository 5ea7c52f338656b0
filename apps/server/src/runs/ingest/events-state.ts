import type * as messages from '@cucumber/messages';
import { ATTACHMENT_TYPES, PageVisit } from '@stepwise/shared';
import { ReportFormatError } from '../ndjson-lines.ts';
import { compileShape, JsonScan, NULL, type CompiledShape } from './json-scan.ts';
import { ScanTemplate } from './scan-template.ts';
import type { LineScanner, ScannedLine } from './line-scanner.ts';
import { stepIdsOf, type CaseTemplate } from './ingest-protocol.ts';
import { codeOf, FINISHED, placeLine, STARTED, STATUS_BY_CODE, type CaseState, type ResultText } from './case-state.ts';

/**
 * The events of a report's test cases (case-state.ts: what is kept of each), read as they come. A test
 * case whose test case message has not come yet keeps its step events aside until it does.
 */

type Timestamp = messages.Timestamp;

export type RunError = { text: string } | { hookId: string | undefined; message: string };

// The fields read of the most frequent messages without JSON.parse (json-scan.ts), in any key order.
const F = { caseStarted: 0, step: 1, status: 2, message: 3, exceptionMessage: 4, seconds: 5, nanos: 6, id: 7, testCase: 8, attempt: 9, worker: 10, mediaType: 11 };
const TIMESTAMP = { seconds: F.seconds, nanos: F.nanos };
const SHAPES = new Map<string, CompiledShape>([
  ['testStepStarted', compileShape({ testStepStarted: { testCaseStartedId: F.caseStarted, testStepId: F.step } })],
  [
    'testStepFinished',
    compileShape({
      testStepFinished: { testCaseStartedId: F.caseStarted, testStepId: F.step, testStepResult: { status: F.status, message: F.message, exception: { message: F.exceptionMessage } } },
    }),
  ],
  ['testCaseStarted', compileShape({ testCaseStarted: { id: F.id, testCaseId: F.testCase, attempt: F.attempt, workerId: F.worker, timestamp: TIMESTAMP } })],
  ['testCaseFinished', compileShape({ testCaseFinished: { testCaseStartedId: F.caseStarted, timestamp: TIMESTAMP } })],
  ['attachment', compileShape({ attachment: { testCaseStartedId: F.caseStarted, testStepId: F.step, mediaType: F.mediaType } })],
]);
const FIELDS = Object.keys(F).length;
/** Layouts kept per message type. */
const LAYOUTS = 2;

export class EventsState {
  readonly cases = new Map<string, CaseState>();
  readonly order: CaseState[] = [];
  readonly runErrors: RunError[] = [];
  private readonly templates = new Map<string, CaseTemplate>();
  /** Cases waiting for their template, by test case id. */
  private readonly waiting = new Map<string, CaseState[]>();
  private readonly runHooksStarted = new Map<string, string>();
  private readonly scan = new JsonScan(FIELDS);
  /** The layouts of the latest lines of each type, most recent first. */
  private readonly layouts = new Map<string, ScanTemplate[]>();
  /** The report's bytes read so far (where templates' step ids are). */
  private readonly bytes: () => Buffer;

  constructor(bytes: () => Buffer) {
    this.bytes = bytes;
  }
  /** The latest attempt of each test case started before its template came (rare: the others' is on their template). */
  private readonly lastAttemptOf = new Map<string, CaseState>();
  /** Cases of the latest events (a few: parallel workers interleave theirs), matched by their ids' bytes first. */
  private readonly recent: Array<CaseState | null> = [null, null, null, null];
  private recentNext = 0;
  startTime: Timestamp | null = null;
  runFinished: { success: boolean; timestamp: Timestamp | null } | null = null;
  envelopes = 0;
  attachments = 0;
  /** Told of each case that finished with its template known (its row can be made). */
  onReady: (c: CaseState) => void = () => {};

  addTemplate(t: CaseTemplate): void {
    this.templates.set(t.testCaseId, t);
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
    const shape = SHAPES.get(type);
    if (shape && this.scanLine(scanner.bytes, line, type, shape) && this.scanned(type, line)) return;
    // Anything else (a message these fields do not tell, or not valid JSON: its error names the problem).
    const envelope = scanner.envelope(line);
    if (envelope) this.envelope(envelope, line);
  }

  /**
   * Scans a line of a type with a shape: matched against the layout of the last lines of its type
   * (scan-template.ts), else scanned (and its layout learned).
   */
  private scanLine(bytes: Buffer, line: ScannedLine, type: string, shape: CompiledShape): boolean {
    const { scan } = this;
    const layouts = this.layouts.get(type);
    if (layouts) for (const layout of layouts) if (layout.match(scan, bytes, line.start, line.stop)) return true;
    if (!scan.scan(bytes, line.start, line.stop, shape)) return false;
    const layout = ScanTemplate.learn(scan, bytes, line.start, line.stop);
    if (layout) {
      if (!layouts) this.layouts.set(type, [layout]);
      else {
        // The two latest: a report's passed and failed steps alternate.
        if (layouts.length === LAYOUTS) layouts.pop();
        layouts.unshift(layout);
      }
    }
    return true;
  }

  /** A scanned message, when its fields tell all this state needs of it (else false: it is parsed). */
  private scanned(type: string, line: ScannedLine): boolean {
    const { scan } = this;
    if (type === 'testStepStarted' || type === 'testStepFinished') {
      const finished = type === 'testStepFinished';
      // A result's message and its exception's (what a row names): texts, or parsed.
      const result = finished ? this.scannedResult() : null;
      if (result === undefined) return false;
      this.envelopes++;
      const c = this.caseOf(F.caseStarted);
      if (!c) return true;
      // A step event after its case's row was made changes nothing of it (its line is still the case's).
      if (c.folded) {
        placeLine(c, line);
        return true;
      }
      const event = finished ? FINISHED | this.statusCode() : STARTED;
      const index = this.stepIndex(c);
      if (index >= 0) this.stepAt(c, index, event);
      else this.step(c, scan.string(F.step)!, event);
      if (result) (c.results ??= new Map()).set(scan.string(F.step)!, result);
      placeLine(c, line);
      return true;
    }
    if (type === 'attachment') {
      const mediaType = scan.string(F.mediaType);
      if (mediaType === ATTACHMENT_TYPES.page) return false;
      this.envelopes++;
      const caseStarted = scan.string(F.caseStarted);
      const step = scan.string(F.step);
      if (!caseStarted || !step) return true;
      const c = this.caseOf(F.caseStarted);
      if (!c) return true;
      this.attachments++;
      placeLine(c, line);
      return true;
    }
    const timestamp = this.timestamp();
    if (timestamp === undefined) return false;
    if (type === 'testCaseStarted') {
      const id = scan.string(F.id);
      const testCaseId = scan.string(F.testCase);
      const attempt = scan.has(F.attempt) ? scan.number(F.attempt) : 0;
      const workerId = scan.has(F.worker) ? scan.string(F.worker) : null;
      if (id === undefined || testCaseId === undefined || attempt === undefined || workerId === undefined) return false;
      this.envelopes++;
      this.caseStarted(id, testCaseId, attempt, workerId, timestamp, line);
      return true;
    }
    // testCaseFinished
    this.envelopes++;
    const c = this.caseOf(F.caseStarted);
    if (!c) return true;
    this.caseFinished(c, timestamp, line);
    return true;
  }

  /**
   * What a scanned step result says beyond its status: null for nothing, undefined when its message or
   * its exception's message is not text (the line is parsed then).
   */
  private scannedResult(): ResultText | null | undefined {
    const { scan } = this;
    if (!scan.has(F.message) && !scan.has(F.exceptionMessage)) return null;
    const message = textOrNull(scan, F.message);
    const exceptionMessage = textOrNull(scan, F.exceptionMessage);
    if (message === undefined || exceptionMessage === undefined) return undefined;
    // Kept as the parsed result would be (a row reads the exception's message, else the message's first line).
    if (!message && !scan.has(F.exceptionMessage)) return null;
    return { message, exception: scan.has(F.exceptionMessage) ? { message: exceptionMessage } : undefined };
  }

  /** The case a scanned id field names: one of the latest by its bytes, else by its text. */
  private caseOf(field: number): CaseState | undefined {
    const { recent, scan } = this;
    for (let k = 0; k < recent.length; k++) {
      const c = recent[k];
      if (c !== null && scan.equals(field, c.id)) return c;
    }
    const c = this.cases.get(scan.string(field)!);
    if (c) this.remember(c);
    return c;
  }

  /** Among the latest cases (in place of one of the same id: the latest of an id is the one its events are about). */
  private remember(c: CaseState): void {
    const { recent } = this;
    let slot = recent.findIndex((r) => r !== null && r.id === c.id);
    if (slot < 0) {
      slot = this.recentNext;
      this.recentNext = (slot + 1) % recent.length;
    }
    recent[slot] = c;
  }

  /** The place in its test case of the scanned step id when it is the case's last step or the next one; -1 otherwise (searched by its text then). */
  private stepIndex(c: CaseState): number {
    const t = c.template;
    if (!t) return -1;
    const at = c.cursor;
    const places = t.stepPlaces;
    if (places !== null) {
      if (at < t.steps && this.scan.equalsAt(F.step, places[2 * at], places[2 * at + 1])) return at;
      if (at + 1 < t.steps && this.scan.equalsAt(F.step, places[2 * at + 2], places[2 * at + 3])) return at + 1;
      return -1;
    }
    const ids = t.stepIds!;
    if (at < ids.length && this.scan.equals(F.step, ids[at])) return at;
    if (at + 1 < ids.length && this.scan.equals(F.step, ids[at + 1])) return at + 1;
    return -1;
  }

  /** The scanned status's code, by its bytes when it is a known status. */
  private statusCode(): number {
    for (let code = 0; code < STATUS_BY_CODE.length; code++) if (this.scan.equals(F.status, STATUS_BY_CODE[code])) return code;
    return codeOf(this.scan.string(F.status));
  }

  /** A scanned message's timestamp: null when it has none, undefined when it is not two numbers. */
  private timestamp(): Timestamp | null | undefined {
    const seconds = this.scan.number(F.seconds);
    const nanos = this.scan.number(F.nanos);
    if (seconds !== undefined && nanos !== undefined) return { seconds, nanos };
    return this.scan.has(F.seconds) || this.scan.has(F.nanos) ? undefined : null;
  }

  private attach(c: CaseState, t: CaseTemplate): void {
    c.template = t;
    c.codes = new Array<number>(t.steps).fill(0);
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
    // A test case has a few steps: a search of its ids costs less than a map of every step's.
    const i = stepIdsOf(c.template!, this.bytes()).indexOf(testStepId);
    if (i >= 0) this.stepAt(c, i, event);
  }

  /** A step event of the step at `i` of a case whose template is known. */
  private stepAt(c: CaseState, i: number, event: number): void {
    const codes = c.codes!;
    codes[i] = event === STARTED ? codes[i] | STARTED : (codes[i] & STARTED) | event;
    c.cursor = i;
  }

  /** A message of one of the event types. */
  envelope(e: messages.Envelope, line: ScannedLine): void {
    this.envelopes++;
    if (e.testStepFinished) {
      const f = e.testStepFinished;
      const c = this.cases.get(f.testCaseStartedId);
      if (!c) return;
      if (c.folded) return placeLine(c, line);
      const r = f.testStepResult;
      this.step(c, f.testStepId, FINISHED | codeOf(r?.status));
      if (r && (r.message || r.exception)) (c.results ??= new Map()).set(f.testStepId, r);
      placeLine(c, line);
    } else if (e.testStepStarted) {
      const c = this.cases.get(e.testStepStarted.testCaseStartedId);
      if (!c) return;
      if (c.folded) return placeLine(c, line);
      this.step(c, e.testStepStarted.testStepId, STARTED);
      placeLine(c, line);
    } else if (e.attachment) {
      const a = e.attachment;
      if (!a.testCaseStartedId || !a.testStepId) return;
      const c = this.cases.get(a.testCaseStartedId);
      if (!c) return;
      this.attachments++;
      placeLine(c, line);
      if (a.mediaType === ATTACHMENT_TYPES.page) {
        const page = pageOf(a);
        if (page) (c.pages ??= new Map()).set(a.testStepId, page);
      }
    } else if (e.testCaseStarted) {
      const s = e.testCaseStarted;
      // Its events find it by its id, and it finds its test case by testCaseId.
      if (typeof s.id !== 'string') throw new ReportFormatError('testCaseStarted.id is missing');
      if (typeof s.testCaseId !== 'string') throw new ReportFormatError('testCaseStarted.testCaseId is missing');
      this.caseStarted(s.id, s.testCaseId, s.attempt ?? 0, s.workerId ?? null, s.timestamp ?? null, line);
    } else if (e.testCaseFinished) {
      const c = this.cases.get(e.testCaseFinished.testCaseStartedId);
      if (!c) return;
      this.caseFinished(c, e.testCaseFinished.timestamp ?? null, line);
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

  private caseStarted(id: string, testCaseId: string, attempt: number, workerId: string | null, start: Timestamp | null, line: ScannedLine): void {
    const c: CaseState = {
      id,
      testCaseId,
      position: this.order.length,
      attempt,
      workerId,
      start,
      end: null,
      finished: false,
      template: null,
      codes: null,
      early: null,
      results: null,
      pages: null,
      lines: [line.start, line.stop - line.start],
      previous: null,
      rowId: null,
      folded: false,
      status: 'UNKNOWN',
      cursor: 0,
    };
    this.cases.set(id, c);
    this.remember(c);
    this.order.push(c);
    const t = this.templates.get(testCaseId);
    // The latest earlier attempt: on the template once it is known (no map of them then).
    if (t) {
      c.previous = t.last ?? this.lastAttemptOf.get(testCaseId) ?? null;
      t.last = c;
      this.attach(c, t);
    } else {
      c.previous = this.lastAttemptOf.get(testCaseId) ?? null;
      this.lastAttemptOf.set(testCaseId, c);
      const list = this.waiting.get(testCaseId) ?? [];
      list.push(c);
      this.waiting.set(testCaseId, list);
    }
  }

  private caseFinished(c: CaseState, end: Timestamp | null, line: ScannedLine): void {
    // Finished again: its row was made at the first end.
    if (c.folded) return placeLine(c, line);
    c.finished = true;
    c.end = end;
    placeLine(c, line);
    if (c.template) this.onReady(c);
  }
}

/** A string or null field's value (null when absent too); undefined for any other kind. */
function textOrNull(scan: JsonScan, field: number): string | null | undefined {
  if (!scan.has(field) || scan.kinds[field] === NULL) return null;
  return scan.string(field);
}

function pageOf(a: messages.Attachment): PageVisit | null {
  try {
    const text = a.contentEncoding === 'BASE64' ? Buffer.from(a.body, 'base64').toString('utf8') : a.body;
    const page = PageVisit.safeParse(JSON.parse(text));
    return page.success ? page.data : null;
  } catch {
    return null;
  }
}
