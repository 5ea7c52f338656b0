import type { ReportStep, RunReport, StepStatus, TestCaseResult } from '@stepwise/shared';
import { ATTACHMENT_TYPES, INT4_MAX } from '@stepwise/shared/report-constants';
import type { AttachmentBlob, ReportMeta } from '../report-builder.ts';
import { clampDurationMs, isoOrNull } from '../report-time.ts';
import { foldCase } from '../report-fold.ts';

/**
 * What the converters of reports produced elsewhere (Cucumber JSON, JUnit XML) share: steps, statuses,
 * attachments into the blob map, and the test case's result from its steps, the way the messages'
 * ReportBuilder computes them, so that an imported run looks like one of ours.
 */

/** A report that cannot be read, with where: 'Line 3, column 17: ...' or 'Position 1234 (line 3, column 17): ...'. */
export class ReportImportError extends Error {}

const STATUS_NAMES: Record<string, StepStatus> = {
  passed: 'PASSED',
  failed: 'FAILED',
  skipped: 'SKIPPED',
  undefined: 'UNDEFINED',
  pending: 'PENDING',
  ambiguous: 'AMBIGUOUS',
  unknown: 'UNKNOWN',
  // behave
  untested: 'SKIPPED',
  // cucumber-ruby's outline rows, cucumber-jvm's pre-7 "ambiguous" spelled differently
  undecided: 'UNKNOWN',
};

/** A status word of any implementation (passed, FAILED, untested...) in the report model's terms. */
export function stepStatus(word: unknown): StepStatus {
  if (typeof word !== 'string') return 'UNKNOWN';
  return STATUS_NAMES[word.toLowerCase()] ?? 'UNKNOWN';
}

/** One step of the report model, not yet run (the same builder the messages converter uses). */
export { newStep } from '../report-steps.ts';

export function firstLine(text: string): string {
  const i = text.indexOf('\n');
  return (i === -1 ? text : text.slice(0, i)).trim();
}

export { clampDurationMs, isoOrNull };

/** A line number as a report gives it: a whole number that fits an `integer` column, else unknown. */
export function lineNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= INT4_MAX ? value : null;
}

/**
 * Sets a finished step's status, times and message (the first line of the error; the whole as its
 * stack). A duration that is not a number or negative counts as 0, one past MAX_DURATION_MS as that.
 */
export function finishStep(step: ReportStep, status: StepStatus, durationMs: number, error: string | null, start: number | null): void {
  const r = step.result;
  const ms = clampDurationMs(durationMs);
  r.status = status;
  r.duration = Math.round(ms * 1000) / 1000;
  if (start !== null) {
    r.startTime = isoOrNull(start);
    r.endTime = r.startTime && isoOrNull(start + ms);
  }
  r.message = error ? firstLine(error) || error.trim().slice(0, 500) : null;
  r.errorStack = error || null;
  if (!r.message && status === 'UNDEFINED') r.message = `Undefined step: "${step.text}"`;
  if (!r.message && status === 'AMBIGUOUS') r.message = `Ambiguous step: "${step.text}" matches several step definitions`;
  if (!r.message && status === 'PENDING') r.message = 'Pending step';
}

/** A step of a test case with whether it is a hook (hooks that pass are left out of the report). */
export interface CaseStep {
  step: ReportStep;
  hook: boolean;
}

/**
 * The test case's steps, status, message and failed step from its steps, by the ReportBuilder's rules
 * (foldCase: the status as cucumber-js decides it, hooks included): hooks that passed are left out, and
 * what they attached (a screenshot taken in an After hook, a log) goes to the step next to them, so
 * that no attachment is left without a step.
 */
export function finishCase(tc: TestCaseResult, all: CaseStep[]): void {
  const fold = foldCase(
    all.map(({ step, hook }) => ({ hook, status: step.result.status, message: step.result.message, started: true, finished: true })),
    true,
  );
  const steps: ReportStep[] = [];
  const orphans: ReportStep[] = [];
  all.forEach(({ step }, i) => {
    if (fold.shown[i]) steps.push(step);
    else if (step.screenshotId || step.attachments?.length) orphans.push(step);
  });
  const failedStep = fold.failedStep;
  if (orphans.length) {
    if (steps.length === 0) {
      // Only hooks that passed: the first of them stands for the test case.
      steps.push(orphans.shift()!);
    }
    for (const o of orphans) adoptAttachments(nearestStep(all, o, steps, failedStep), o);
  }
  tc.steps = steps;
  tc.failedStep = failedStep;
  tc.result.status = fold.status;
  tc.result.message = fold.message;
}

/**
 * Where what a passing hook attached goes: an After hook's (the screenshot taken when a scenario
 * failed) to the failed step, else the last step before it; a Before hook's to the first step after it.
 */
function nearestStep(all: CaseStep[], hook: ReportStep, kept: ReportStep[], failedStep: number | null): ReportStep {
  const keptSet = new Set(kept);
  const i = all.findIndex((s) => s.step === hook);
  if (hook.type === 'After') {
    if (failedStep !== null) return kept[failedStep];
    for (let j = i - 1; j >= 0; j--) if (keptSet.has(all[j].step)) return all[j].step;
    return kept[0];
  }
  for (let j = i + 1; j < all.length; j++) if (keptSet.has(all[j].step)) return all[j].step;
  return kept.at(-1)!;
}

function adoptAttachments(into: ReportStep, from: ReportStep): void {
  const list = [...(from.screenshotId ? [{ id: from.screenshotId, mediaType: ATTACHMENT_TYPES.screenshot as string, fileName: null }] : []), ...(from.attachments ?? [])];
  for (const a of list) {
    if (a.mediaType === ATTACHMENT_TYPES.screenshot && !into.screenshotId) into.screenshotId = a.id;
    else (into.attachments ??= []).push(a);
  }
}

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;
/** A media type as the blob store keeps one ("type/subtype; name=value"); a report's other texts are taken as binary data. */
const MEDIA_TYPE = /^[A-Za-z0-9][\w.+-]*\/[\w.+-]+(?:\s*;\s*[\w.+-]+=(?:[\w.+-]+|"[^"\r\n]*"))*$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Control characters other than tab, line feed, carriage return: what text never holds and random bytes mostly do. */
function hasControlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) return true;
  }
  return false;
}

function isTextType(mediaType: string): boolean {
  return mediaType.startsWith('text/') || /[/+](json|xml|yaml|csv|javascript)\b/.test(mediaType);
}

/** Attachments of one import: ids att-1, att-2... in the blob map, steps refer to them. */
export class AttachmentSink {
  readonly blobs = new Map<string, AttachmentBlob>();
  private count = 0;

  /** Adds bytes to the step: the first PNG becomes its screenshot, everything else an attachment. */
  add(step: ReportStep, mediaType: string, body: Buffer, fileName: string | null = null): string {
    const id = `att-${++this.count}`;
    this.blobs.set(id, { mediaType, body, fileName });
    if (mediaType === ATTACHMENT_TYPES.screenshot && !step.screenshotId) step.screenshotId = id;
    else (step.attachments ??= []).push({ id, mediaType, fileName });
    return id;
  }

  /**
   * An embedding whose data may be base64 or the text itself: the JSON formatters of cucumber-jvm and
   * cucumber-ruby always encode, cucumber-js writes text attachments as they are. Binary types are
   * decoded; text is decoded only when it is valid base64 of valid UTF-8.
   */
  addEmbedding(step: ReportStep, mediaType: string, data: string, fileName: string | null): void {
    const type = MEDIA_TYPE.test(mediaType) && mediaType.length <= 200 ? mediaType : 'application/octet-stream';
    let body: Buffer;
    if (!isTextType(type)) body = Buffer.from(data, 'base64');
    else if (data.length % 4 === 0 && BASE64.test(data)) {
      const bytes = Buffer.from(data, 'base64');
      let decoded: string | null;
      try {
        decoded = strictUtf8.decode(bytes);
      } catch {
        decoded = null;
      }
      body = decoded !== null && !hasControlChars(decoded) ? bytes : Buffer.from(data, 'utf8');
    } else body = Buffer.from(data, 'utf8');
    this.add(step, type, body, fileName);
  }
}

/**
 * Attempt numbers for test cases met more than once (a retried scenario, a rerun): the later
 * occurrence of the same scenario is the next attempt and names the earlier as the one it reruns.
 */
export function numberAttempts(testCases: TestCaseResult[]): void {
  const last = new Map<string, TestCaseResult>();
  for (const tc of testCases) {
    const key = JSON.stringify([tc.featurePath, tc.line, tc.scenarioName, tc.parameters]);
    const previous = last.get(key);
    if (previous) {
      tc.attempt = (previous.attempt ?? 0) + 1;
      tc.rerunId = previous.id;
    }
    last.set(key, tc);
  }
}

/** Feature file path without the scheme an implementation puts before it (classpath:, file:). */
export function cleanUri(uri: string): string {
  if (uri.startsWith('classpath:')) return uri.slice('classpath:'.length).replace(/^\/+/, '');
  if (uri.startsWith('file://')) return decodeURIComponent(uri.slice('file://'.length));
  if (uri.startsWith('file:')) return decodeURIComponent(uri.slice('file:'.length));
  return uri;
}

export function emptyCase(id: string, meta: ReportMeta): TestCaseResult {
  return {
    id,
    scenarioName: '',
    featureName: '',
    featurePath: '',
    line: null,
    tags: [],
    steps: [],
    parameters: {},
    result: { status: 'UNKNOWN', startTime: null, endTime: null, message: null },
    attempt: 0,
    rerunId: null,
    failedStep: null,
    browser: meta.browser ?? null,
    viewport: meta.viewport ?? null,
    workerId: null,
  };
}

/** Line and column (1-based) of a character position in a text. */
export function lineColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: position - lineStart + 1 };
}

/** A report's bytes: a stream (a file, a request), or all of it at once. */
export type ReportSource = AsyncIterable<Buffer | Uint8Array | string> | Buffer | Uint8Array | string;

/**
 * Text chunks of a source, decoded as UTF-8 (or the given encoding); `where` tells the place of
 * bytes that are not text in it.
 */
export async function* textChunks(source: ReportSource, where: () => string, encoding = 'utf-8'): AsyncGenerator<string> {
  if (typeof source === 'string') {
    yield source;
    return;
  }
  const decoder = new TextDecoder(encoding, { fatal: true });
  const decode = (bytes?: Uint8Array) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new ReportImportError(`${where()}: the file is not ${encoding.toUpperCase()} text`);
    }
  };
  const chunks: AsyncIterable<Buffer | Uint8Array | string> | Iterable<Uint8Array> = source instanceof Uint8Array ? [source] : source;
  for await (const chunk of chunks) {
    if (typeof chunk === 'string') yield chunk;
    else {
      const text = decode(chunk);
      if (text) yield text;
    }
  }
  // Bytes of a character cut at the very end are a cut file: the converter tells where it ends.
  let tail: string;
  try {
    tail = decoder.decode();
  } catch {
    tail = '';
  }
  if (tail) yield tail;
}

/** The result of an import: the report, its attachments, and what the file says of its run (JUnit properties). */
export interface ImportedReport {
  report: RunReport;
  attachments: Map<string, AttachmentBlob>;
  /** Properties of the run (JUnit testsuite properties), name -> value. */
  properties?: Record<string, string>;
}

const COUNTED_FAILING = new Set(['FAILED', 'UNDEFINED', 'AMBIGUOUS', 'PENDING', 'UNKNOWN']);

/** The report of imported test cases: attempts numbered, times spanned, success when each scenario's last attempt did not fail. */
export function assembleReport(meta: ReportMeta, testCases: TestCaseResult[], implementation: RunReport['meta']): RunReport {
  numberAttempts(testCases);
  let start: string | null = null;
  let end: string | null = null;
  const lastOf = new Map<string, TestCaseResult>();
  for (const tc of testCases) {
    const s = tc.result.startTime;
    const e = tc.result.endTime;
    if (s && (!start || s < start)) start = s;
    if (e && (!end || e > end)) end = e;
    lastOf.set(JSON.stringify([tc.featurePath, tc.line, tc.scenarioName, tc.parameters]), tc);
  }
  const success = [...lastOf.values()].every((tc) => !COUNTED_FAILING.has(tc.result.status));
  return {
    name: meta.name,
    mode: meta.mode,
    username: meta.username ?? null,
    env: meta.env ?? null,
    branch: meta.branch ?? null,
    startTime: start,
    endTime: end,
    success,
    testCases,
    errors: [],
    meta: implementation,
  };
}
