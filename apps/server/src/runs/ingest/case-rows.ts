import { stepKeyword, type RunReport, type StepStatus, type TestCaseResult } from '@stepwise/shared';
import { foldCase, stepResultMessage, timestampToIso, type CaseFold, type FoldEntry } from '@stepwise/runner/report-model';
import { countScenarios, runRow, testCaseRowId, type CaseInput, type CountedCase, type RunCounts, type RunStatus } from '../run-rows.ts';
import { TestCaseLiterals } from '../test-case-literals.ts';
import { NO_PARAMETERS, NO_TAGS, stepIdsOf, type CaseTemplate, type Definitions, type IngestRunInput, type MemoryCase, type StepInfo } from './ingest-protocol.ts';
import { FINISHED, STARTED, STATUS_BY_CODE, type CaseState } from './case-state.ts';
import type { EventsState } from './events-state.ts';
import { buildSourceIndex } from './source-index.ts';

/**
 * Test cases of an import into rows, by the report builder's rules (report-fold), as they finish (a
 * failed step is named from the definitions, read by then). The part of the run that needs them all
 * waits for the end: which attempts were replaced, the counts, the run's row, the index of where each
 * test case's messages are.
 */

/** Infos of steps from the definitions, by test case and step index (a failed step, the steps that ended on a page). */
export type AskInfos = (requests: Array<[CaseTemplate, number]>) => Array<StepInfo | null>;

export interface RunEnd {
  run: ReturnType<typeof runRow>['run'];
  counts: RunCounts;
  status: RunStatus;
  superseded: string[];
  index: ArrayBuffer;
  memory: MemoryCase[];
  hasErrors: boolean;
}

export class CaseRows {
  private readonly input: IngestRunInput;
  private readonly ask: AskInfos;
  /** The test cases' durations summed (the run's time when the report does not tell it). */
  private durationMs = 0;
  private unfinished = 0;

  /** The report's bytes read so far (where the templates' step ids are). */
  private readonly bytes: () => Buffer;

  constructor(input: IngestRunInput, ask: AskInfos, bytes: () => Buffer) {
    this.input = input;
    this.ask = ask;
    this.bytes = bytes;
  }

  /** The rows made so far and not yet taken (test-case-literals.ts). */
  readonly literals = new TestCaseLiterals();

  /** Makes the row of a case that finished (or of any case, at the end). */
  fold(c: CaseState): void {
    c.folded = true;
    this.makeRow(c);
    // What only the row needed (the case is kept to the end: where its messages are, its row's id).
    c.codes = null;
    c.results = null;
    c.start = null;
    c.end = null;
  }

  private makeRow(c: CaseState): void {
    const kinds = c.template?.kinds ?? '';
    if (c.finished && allPassed(c.codes, kinds.length)) {
      this.row(c, this.caseResultOf(c, 'PASSED'), PASSED_FOLD, null, null);
      return;
    }
    const entries: FoldEntry[] = [];
    for (let i = 0; i < kinds.length; i++) {
      const code = c.codes![i];
      const finished = (code & FINISHED) !== 0;
      entries.push({ hook: kinds[i] !== 'S', status: finished ? STATUS_BY_CODE[code & 7] : 'UNKNOWN', message: null, started: (code & STARTED) !== 0, finished });
    }
    const fold = foldCase(entries, c.finished);
    if (!c.finished) this.unfinished++;
    const tc = this.caseResultOf(c, fold.status);
    if (fold.failedEntry === null) {
      this.row(c, tc, fold, fold.message, null);
      return;
    }
    // The failed step: its message, keyword and text.
    const entry = fold.failedEntry;
    const [info] = this.ask([[c.template!, entry]]);
    const st = fold.statuses[entry] as StepStatus;
    const own = fold.messages[entry];
    const stepId = stepIdsOf(c.template!, this.bytes())[entry];
    const message = own !== undefined ? (own ?? st) : (stepResultMessage(st, c.results?.get(stepId) ?? {}, info?.[2] ?? '', info?.[3] ?? null) ?? st);
    this.row(c, tc, fold, message, info ? { keyword: stepKeyword({ keyword: info[0], type: info[1] }), text: info[2] } : null);
  }

  /** Everything left, once every line was read: the rows of cases that never finished (added to the literals), the superseded, the run. */
  end(state: EventsState, defs: Definitions): RunEnd {
    for (const c of state.order) if (!c.folded) this.fold(c);
    // One question to the definitions: the steps that ended on a page.
    const requests: Array<[CaseTemplate, number]> = [];
    const pageSteps: Array<{ c: CaseState; index: number }> = [];
    for (const c of state.order) {
      if (!c.pages || !c.template) continue;
      stepIdsOf(c.template, this.bytes()).forEach((id, index) => {
        if (c.pages!.has(id) && c.template!.kinds[index] === 'S') pageSteps.push({ c, index });
      });
    }
    for (const p of pageSteps) requests.push([p.c.template!, p.index]);
    const infos = requests.length ? this.ask(requests) : [];

    const memory: MemoryCase[] = [];
    let current: MemoryCase | null = null;
    let currentCase: CaseState | null = null;
    pageSteps.forEach((p, k) => {
      const info = infos[k];
      if (!info) return;
      if (p.c !== currentCase) {
        currentCase = p.c;
        current = { steps: [] };
        memory.push(current);
      }
      current!.steps.push({ keyword: info[0], type: info[1], text: info[2], page: p.c.pages!.get(stepIdsOf(p.c.template!, this.bytes())[p.index])! });
    });

    // What counting reads of each test case, made now (the cases keep their status, their scenario is on their template).
    const { superseded, counts } = countScenarios(state.order.map(countedOf));
    const errors = [...defs.errors];
    const hooks = new Map(defs.hooks.map((h) => [h[0], h]));
    for (const e of state.runErrors) {
      if ('text' in e) {
        errors.push(e.text);
        continue;
      }
      const hook = e.hookId ? hooks.get(e.hookId) : undefined;
      const label = hook?.[2] || (hook?.[1] === 'AFTER_TEST_RUN' ? 'AfterAll hook' : hook?.[1] === 'BEFORE_TEST_RUN' ? 'BeforeAll hook' : 'Test run hook');
      errors.push(`${label}${hook?.[3] ? ` (${hook[3]})` : ''} failed: ${e.message}`);
    }
    if (this.unfinished) errors.push(`${this.unfinished} test case${this.unfinished === 1 ? '' : 's'} did not finish`);
    const { input } = this;
    const report: Omit<RunReport, 'testCases'> = {
      name: input.name,
      mode: input.mode,
      username: input.username,
      env: input.env,
      branch: input.branch,
      startTime: timestampToIso(state.startTime),
      endTime: timestampToIso(state.runFinished?.timestamp ?? null),
      success: state.runFinished?.success === true && this.unfinished === 0,
      errors,
      meta: defs.implementation,
    };
    const { run, status } = runRow({ ...input, report, testCases: [], executionTimeMs: this.durationMs }, counts);
    return {
      run: { ...run, source_lines: defs.globals },
      counts,
      status,
      superseded: [...superseded].map((position) => rowIdOf(state.order[position])),
      index: buildSourceIndex(state.order.map(sourceOf)),
      memory,
      hasErrors: errors.length > 0,
    };
  }

  /** A test case's result as its row needs it. */
  private caseResultOf(c: CaseState, st: StepStatus): TestCaseResult {
    const s = c.template?.scenario;
    return {
      id: c.id,
      scenarioName: s?.name ?? '',
      featureName: s?.featureName ?? '',
      featurePath: s?.featurePath ?? '',
      line: s?.line ?? null,
      tags: s?.tags ?? NO_TAGS,
      steps: NO_STEPS,
      parameters: s?.parameters ?? NO_PARAMETERS,
      result: { status: st, startTime: timestampToIso(c.start), endTime: timestampToIso(c.end), message: null },
      attempt: c.attempt,
      rerunId: rerunOf(c)?.id ?? null,
      failedStep: null,
      browser: null,
      viewport: null,
      workerId: c.workerId,
    };
  }

  private row(c: CaseState, tc: CaseInput, fold: CaseFold, message: string | null, failed: CaseInput['failedStepSummary']): void {
    c.status = tc.result.status;
    const start = Date.parse(tc.result.startTime ?? '');
    const end = Date.parse(tc.result.endTime ?? '');
    if (!Number.isNaN(start) && !Number.isNaN(end)) this.durationMs += Math.max(0, end - start);
    tc.result.message = message;
    tc.failedStep = fold.failedStep;
    tc.failedStepSummary = failed;
    const rerun = rerunOf(c);
    this.literals.add(tc, {
      id: rowIdOf(c),
      runId: this.input.runId,
      projectId: this.input.projectId,
      position: c.position,
      rerunRowId: rerun ? rowIdOf(rerun) : null,
      superseded: false,
    });
  }
}

/** The fold of a finished test case whose steps all started and passed (most of them), without its entries. */
const PASSED_FOLD: CaseFold = { status: 'PASSED', failedStep: null, failedEntry: null, message: null, statuses: [], messages: [], shown: [] };
const PASSED_STEP = STARTED | FINISHED | STATUS_BY_CODE.indexOf('PASSED');

function allPassed(codes: readonly number[] | null, steps: number): boolean {
  if (codes === null || steps === 0 || codes.length !== steps) return false;
  for (let i = 0; i < steps; i++) if (codes[i] !== PASSED_STEP) return false;
  return true;
}

/** What counting scenarios reads of a test case. */
function countedOf(c: CaseState): CountedCase {
  const s = c.template?.scenario;
  return {
    id: c.id,
    rerunId: rerunOf(c)?.id ?? null,
    featurePath: s?.featurePath ?? '',
    line: s?.line ?? null,
    scenarioName: s?.name ?? '',
    parameters: s?.parameters ?? NO_PARAMETERS,
    browser: null,
    viewport: null,
    attempt: c.attempt,
    result: { status: c.status },
  };
}

/** Where a test case's messages are: its scenario's document and pickle, its test case, its events. */
function sourceOf(c: CaseState): number[][] {
  const t = c.template;
  if (!t) return [c.lines];
  const place = [t.start, t.length];
  return t.scenario ? [t.scenario.source, place, c.lines] : [place, c.lines];
}

// Shared by the rows, whose steps stay in the stored report (never changed).
const NO_STEPS: TestCaseResult['steps'] = Object.freeze([]) as unknown as TestCaseResult['steps'];

/** The attempt a rerun replaces (as the report builder tells reruns). */
function rerunOf(c: CaseState): CaseState | null {
  return c.attempt > 0 ? c.previous : null;
}

function rowIdOf(c: CaseState): string {
  return (c.rowId ??= testCaseRowId());
}
