import type * as messages from '@cucumber/messages';
import {
  ATTACHMENT_TYPES,
  type Command,
  type ConsoleEntry,
  type NetworkEntry,
  PageVisit,
  type ReportStep,
  type RunMode,
  type RunReport,
  type TestCaseResult,
} from '@stepwise/shared';
import { cleanUri } from './import/common.ts';
import { durationMs, status, timestampToIso } from './report-time.ts';
import { foldCase, stepResultMessage } from './report-fold.ts';
import { firstLine, indexGherkinDocument, JSON_TYPES, newStep, parseJson, sourceRef, withAttachmentsOf, type CaseState, type Entry, type DocumentIndex, type PickleInfo, type TestCaseInfo } from './report-steps.ts';

export { timestampToIso };

/**
 * Cucumber messages -> our report model, one envelope at a time. Works for the messages of any
 * cucumber implementation (protocol 2x-3x): what it does not know it leaves out. Our own support code
 * adds step attachments of the ATTACHMENT_TYPES media types (console, network, page, command JSON and
 * PNG screenshots); those become the step's fields, every other attachment is kept as a file.
 */

export interface ReportMeta {
  name: string;
  mode: RunMode;
  username?: string | null;
  env?: { name: string; baseUrl: string | null } | null;
  branch?: string | null;
  /** Browser and viewport ("1024x768") the test cases ran in, when known. */
  browser?: string | null;
  viewport?: string | null;
  /**
   * Attachments stay in the messages they came in (a stored report read again): no bytes are kept,
   * and an attachment's id is its message's place, `src-<offset>-<length>`, given to add().
   */
  attachmentsInSource?: boolean;
}

export interface AttachmentBlob {
  mediaType: string;
  body: Buffer;
  fileName?: string | null;
}

export interface ReportWithAttachments {
  report: RunReport;
  attachments: Map<string, AttachmentBlob>;
}

type Envelope = messages.Envelope;

export class ReportBuilder {
  private readonly meta: ReportMeta;
  private readonly featureNames = new Map<string, string>();
  /** Steps, scenarios and example rows of the Gherkin documents, by AST node id. */
  private readonly documents: DocumentIndex = { stepNodes: new Map(), scenarioLines: new Map(), rowNodes: new Map() };
  private readonly pickles = new Map<string, PickleInfo>();
  private readonly testCases = new Map<string, TestCaseInfo>();
  private readonly stepDefinitions = new Map<string, messages.StepDefinition>();
  private readonly hooks = new Map<string, messages.Hook>();
  private readonly runHooksStarted = new Map<string, string>();
  private readonly cases = new Map<string, CaseState>();
  private readonly order: CaseState[] = [];
  private readonly lastAttemptOf = new Map<string, CaseState>();
  private readonly attachments = new Map<string, AttachmentBlob>();
  private readonly errors: string[] = [];
  private attachmentCount = 0;
  private startTime: string | null = null;
  private endTime: string | null = null;
  private runFinished: messages.TestRunFinished | null = null;
  private implementation: { implementation: string | null; version: string | null } | null = null;

  constructor(meta: ReportMeta) {
    this.meta = meta;
  }

  /** Feeds one envelope (`ref`: where it is in its source, for attachmentsInSource). Unknown or out-of-order ones are ignored, never thrown on. */
  add(envelope: Envelope, ref?: string): void {
    if (envelope.attachment) this.onAttachment(envelope.attachment, ref);
    else if (envelope.testStepFinished) this.onTestStepFinished(envelope.testStepFinished);
    else if (envelope.testStepStarted) this.onTestStepStarted(envelope.testStepStarted);
    else if (envelope.testCaseStarted) this.onTestCaseStarted(envelope.testCaseStarted);
    else if (envelope.testCaseFinished) this.onTestCaseFinished(envelope.testCaseFinished);
    else if (envelope.testCase) this.onTestCase(envelope.testCase);
    else if (envelope.pickle) this.onPickle(envelope.pickle);
    else if (envelope.gherkinDocument) this.onGherkinDocument(envelope.gherkinDocument);
    else if (envelope.stepDefinition) this.stepDefinitions.set(envelope.stepDefinition.id, envelope.stepDefinition);
    else if (envelope.hook) this.hooks.set(envelope.hook.id, envelope.hook);
    else if (envelope.testRunStarted) this.startTime = timestampToIso(envelope.testRunStarted.timestamp);
    else if (envelope.testRunFinished) this.onTestRunFinished(envelope.testRunFinished);
    else if (envelope.testRunHookStarted) this.runHooksStarted.set(envelope.testRunHookStarted.id, envelope.testRunHookStarted.hookId);
    else if (envelope.testRunHookFinished) this.onTestRunHookFinished(envelope.testRunHookFinished);
    else if (envelope.parseError) this.errors.push(`Parse error in ${sourceRef(envelope.parseError.source) ?? 'a feature file'}: ${envelope.parseError.message}`);
    else if (envelope.meta) this.implementation = { implementation: envelope.meta.implementation?.name ?? null, version: envelope.meta.implementation?.version ?? null };
  }

  /** An error outside any test case (a crashed run, a missing browser). */
  addError(message: string): void {
    this.errors.push(message);
  }

  /** True once a testRunFinished was seen. */
  get finished(): boolean {
    return this.runFinished !== null;
  }

  private onPickle(pickle: messages.Pickle): void {
    const steps: PickleInfo['steps'] = new Map();
    for (const ps of pickle.steps ?? []) steps.set(ps.id, { text: ps.text, type: ps.type, astNodeId: ps.astNodeIds?.[0] });
    this.pickles.set(pickle.id, {
      uri: pickle.uri,
      name: pickle.name,
      line: pickle.location?.line ?? null,
      tags: pickle.tags?.map((t) => t.name) ?? [],
      astNodeIds: pickle.astNodeIds ?? [],
      steps,
    });
  }

  private onTestCase(testCase: messages.TestCase): void {
    this.testCases.set(testCase.id, {
      pickleId: testCase.pickleId,
      testSteps: (testCase.testSteps ?? []).map((ts) => ({ id: ts.id, pickleStepId: ts.pickleStepId, hookId: ts.hookId, stepDefinitionIds: ts.stepDefinitionIds })),
    });
  }

  private onGherkinDocument(doc: messages.GherkinDocument): void {
    const name = indexGherkinDocument(doc, this.documents);
    if (name !== null) this.featureNames.set(doc.uri!, name);
  }

  private onTestCaseStarted(started: messages.TestCaseStarted): void {
    const testCase = this.testCases.get(started.testCaseId);
    const pickle = testCase ? this.pickles.get(testCase.pickleId) : undefined;
    const entries: Entry[] = [];
    const byStepId = new Map<string, Entry>();
    let sawStep = false;
    for (const ts of testCase?.testSteps ?? []) {
      let step: ReportStep;
      const hook = !ts.pickleStepId;
      if (!hook) {
        sawStep = true;
        const ps = pickle?.steps.get(ts.pickleStepId!);
        const node = ps?.astNodeId !== undefined ? this.documents.stepNodes.get(ps.astNodeId) : undefined;
        const defs = ts.stepDefinitionIds ?? [];
        step = newStep(
          node?.keyword ?? '',
          node?.keywordType ?? ps?.type ?? 'Unknown',
          ps?.text ?? '',
          node?.line ?? null,
          defs.length ? defs.map((id) => sourceRef(this.stepDefinitions.get(id)?.sourceReference) ?? id).join(', ') : null,
        );
      } else {
        const def = this.hooks.get(ts.hookId!);
        const before = def?.type ? def.type === 'BEFORE_TEST_CASE' : !sawStep;
        step = newStep(before ? 'Before' : 'After', before ? 'Before' : 'After', def?.name || (before ? 'Before hook' : 'After hook'), def?.sourceReference?.location?.line ?? null, sourceRef(def?.sourceReference));
      }
      const entry: Entry = { step, hook, finished: false, started: false };
      entries.push(entry);
      byStepId.set(ts.id, entry);
    }
    const rowId = pickle?.astNodeIds[1];
    const row = rowId ? this.documents.rowNodes.get(rowId) : undefined;
    const previous = this.lastAttemptOf.get(started.testCaseId);
    const result: TestCaseResult = {
      id: started.id,
      scenarioName: pickle?.name ?? '',
      featureName: (pickle && this.featureNames.get(pickle.uri)) ?? '',
      featurePath: pickle?.uri ? cleanUri(pickle.uri) : '',
      line: pickle?.line ?? row?.line ?? (pickle ? (this.documents.scenarioLines.get(pickle.astNodeIds[0]) ?? null) : null),
      tags: pickle ? [...pickle.tags] : [],
      steps: [],
      parameters: row ? { ...row.parameters } : {},
      result: { status: 'UNKNOWN', startTime: timestampToIso(started.timestamp), endTime: null, message: null },
      attempt: started.attempt ?? 0,
      rerunId: previous && (started.attempt ?? 0) > 0 ? previous.result.id : null,
      failedStep: null,
      browser: this.meta.browser ?? null,
      viewport: this.meta.viewport ?? null,
      workerId: started.workerId ?? null,
    };
    const state: CaseState = { result, entries, byStepId, testCaseId: started.testCaseId, finished: false, willBeRetried: false, lastShot: null };
    this.cases.set(started.id, state);
    this.order.push(state);
    this.lastAttemptOf.set(started.testCaseId, state);
  }

  private onTestStepStarted(started: messages.TestStepStarted): void {
    const entry = this.cases.get(started.testCaseStartedId)?.byStepId.get(started.testStepId);
    if (!entry) return;
    entry.started = true;
    entry.step.result.startTime = timestampToIso(started.timestamp);
  }

  private onTestStepFinished(finished: messages.TestStepFinished): void {
    const state = this.cases.get(finished.testCaseStartedId);
    const entry = state?.byStepId.get(finished.testStepId);
    if (!state || !entry) return;
    const r = finished.testStepResult;
    const st = status(r.status);
    const res = entry.step.result;
    res.status = st;
    res.endTime = timestampToIso(finished.timestamp);
    res.duration = Math.round(durationMs(r.duration) * 1000) / 1000;
    res.message = stepResultMessage(st, r, entry.step.text, entry.step.match ?? null);
    res.errorStack = r.exception?.stackTrace ?? r.message ?? null;
    entry.finished = true;
  }

  private onTestCaseFinished(finished: messages.TestCaseFinished): void {
    const state = this.cases.get(finished.testCaseStartedId);
    if (!state) return;
    state.finished = true;
    state.willBeRetried = !!finished.willBeRetried;
    state.result.result.endTime = timestampToIso(finished.timestamp);
  }

  private onTestRunFinished(finished: messages.TestRunFinished): void {
    this.runFinished = finished;
    this.endTime = timestampToIso(finished.timestamp);
    const text = finished.exception?.message ?? finished.message;
    if (text) this.errors.push(text);
  }

  private onTestRunHookFinished(finished: messages.TestRunHookFinished): void {
    const st = finished.result?.status;
    if (!st || st === 'PASSED' || st === 'SKIPPED') return;
    const hookId = this.runHooksStarted.get(finished.testRunHookStartedId);
    const hook = hookId ? this.hooks.get(hookId) : undefined;
    const label = hook?.name || (hook?.type === 'AFTER_TEST_RUN' ? 'AfterAll hook' : hook?.type === 'BEFORE_TEST_RUN' ? 'BeforeAll hook' : 'Test run hook');
    const where = sourceRef(hook?.sourceReference);
    const message = finished.result.exception?.message ?? (finished.result.message ? firstLine(finished.result.message) : st);
    this.errors.push(`${label}${where ? ` (${where})` : ''} failed: ${message}`);
  }

  private onAttachment(a: messages.Attachment, ref: string | undefined): void {
    if (!a.testCaseStartedId || !a.testStepId) return;
    const state = this.cases.get(a.testCaseStartedId);
    const entry = state?.byStepId.get(a.testStepId);
    if (!state || !entry) return;
    const step = entry.step;
    const mediaType = a.mediaType;
    if (JSON_TYPES.has(mediaType)) {
      const text = a.contentEncoding === 'BASE64' ? Buffer.from(a.body, 'base64').toString('utf8') : a.body;
      const value = parseJson(text);
      if (value === undefined) return;
      if (mediaType === ATTACHMENT_TYPES.console) {
        for (const e of Array.isArray(value) ? value : [value]) step.webLog.push(e as ConsoleEntry);
      } else if (mediaType === ATTACHMENT_TYPES.network) {
        for (const e of Array.isArray(value) ? value : [value]) step.networkData.push(e as NetworkEntry);
      } else if (mediaType === ATTACHMENT_TYPES.command) {
        for (const e of Array.isArray(value) ? value : [value]) step.commands.push(e as Command);
      } else {
        // The application map reads a page's url and title as text: a page of another shape is left out.
        const page = PageVisit.safeParse(value);
        if (page.success) step.page = page.data;
      }
      return;
    }
    if (a.url && !a.body) return;
    if (mediaType === ATTACHMENT_TYPES.screenshot && state.lastShot?.body === a.body) {
      if (!step.screenshotId) step.screenshotId = state.lastShot.id;
      return;
    }
    const inSource = this.meta.attachmentsInSource === true;
    if (inSource && !ref) return;
    const id = inSource ? sourceAttachmentId(ref!) : `att-${++this.attachmentCount}`;
    if (mediaType === ATTACHMENT_TYPES.screenshot) state.lastShot = { body: a.body, id };
    if (!inSource) {
      const body = a.contentEncoding === 'BASE64' ? Buffer.from(a.body, 'base64') : Buffer.from(a.body ?? '', 'utf8');
      this.attachments.set(id, { mediaType, body, fileName: a.fileName ?? null });
    }
    if (mediaType === ATTACHMENT_TYPES.screenshot && !step.screenshotId) {
      step.screenshotId = id;
    } else {
      (step.attachments ??= []).push({ id, mediaType, fileName: a.fileName ?? null });
    }
  }

  /** The report of everything fed so far (a snapshot: feeding may go on): unfinished test cases count as failed. */
  build(): ReportWithAttachments {
    const testCases: TestCaseResult[] = [];
    let unfinished = 0;
    for (const state of this.order) {
      const steps: ReportStep[] = [];
      const fold = foldCase(
        state.entries.map((e) => ({ hook: e.hook, status: e.step.result.status, message: e.step.result.message, started: e.started, finished: e.finished })),
        state.finished,
      );
      // Passing hooks are left out; what they attached (a screenshot taken in an After hook) is kept with a step.
      const orphans: Array<{ step: ReportStep; after: number }> = [];
      state.entries.forEach((entry, i) => {
        let step = entry.step;
        if (fold.statuses[i] !== step.result.status || fold.messages[i] !== undefined) {
          step = { ...step, result: { ...step.result, status: fold.statuses[i], message: fold.messages[i] !== undefined ? fold.messages[i]! : step.result.message } };
        }
        if (!fold.shown[i]) {
          // What a passing After hook recorded (console, requests that outlived the last step) is the last step's.
          const last = steps.at(-1);
          if (last && step.type === 'After' && (step.webLog.length || step.networkData.length)) {
            steps[steps.length - 1] = { ...last, webLog: [...last.webLog, ...step.webLog], networkData: [...last.networkData, ...step.networkData] };
          }
          if (step.screenshotId || step.attachments?.length) orphans.push({ step, after: steps.length });
          return;
        }
        if (step.screenshotId) {
          for (const c of step.commands) if (c.type === 'step_complete' && !c.screenshotId) c.screenshotId = step.screenshotId;
        }
        steps.push(step);
      });
      const { failedStep, message } = fold;
      for (const o of orphans) {
        // An After hook's go to the failed step (else the step before it), a Before hook's to the step after it.
        const at = o.step.type === 'After' ? (failedStep ?? o.after - 1) : o.after;
        const i = Math.min(Math.max(at, 0), steps.length - 1);
        if (steps[i]) steps[i] = withAttachmentsOf(steps[i], o.step);
      }
      if (!state.finished) unfinished++;
      testCases.push({ ...state.result, steps, failedStep, result: { ...state.result.result, status: fold.status, message } });
    }
    const errors = [...this.errors];
    if (unfinished) errors.push(`${unfinished} test case${unfinished === 1 ? '' : 's'} did not finish`);
    const report: RunReport = {
      name: this.meta.name,
      mode: this.meta.mode,
      username: this.meta.username ?? null,
      env: this.meta.env ?? null,
      branch: this.meta.branch ?? null,
      startTime: this.startTime,
      endTime: this.endTime,
      success: this.runFinished?.success === true && unfinished === 0,
      testCases,
      errors,
      meta: this.implementation,
    };
    return { report, attachments: this.attachments };
  }
}

/** The id of an attachment kept in its source report: where its message is. */
export const sourceAttachmentId = (ref: string) => `src-${ref}`;

function isAsyncIterable<T>(x: Iterable<T> | AsyncIterable<T>): x is AsyncIterable<T> {
  return typeof (x as AsyncIterable<T>)[Symbol.asyncIterator] === 'function';
}

/**
 * Builds the report of a run from its Cucumber messages (ours, or any cucumber implementation's:
 * an NDJSON import uses it too). Streaming: envelopes are folded in as they come.
 */
export async function messagesToReport(envelopes: Iterable<Envelope> | AsyncIterable<Envelope>, meta: ReportMeta): Promise<ReportWithAttachments> {
  const builder = new ReportBuilder(meta);
  if (isAsyncIterable(envelopes)) {
    for await (const e of envelopes) builder.add(e);
  } else {
    for (const e of envelopes) builder.add(e);
  }
  return builder.build();
}
