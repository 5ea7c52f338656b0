import { randomFillSync } from 'node:crypto';
import type { Insertable } from 'kysely';
import { INT4_MAX, stepKeyword, type RunReport, type TestCaseResult } from '@stepwise/shared';
import type { RunsTable, TestCasesTable } from '../db/schema.ts';

/**
 * A report as database rows: the run and its test cases, their counts and statuses (spec 4.10).
 * Pure (no database, no I/O): the run store and the NDJSON ingest's workers both use it.
 */

export type RunType = RunsTable['type'];
export const RUN_STATUSES = { passed: 'Passed', failed: 'Failed', stopped: 'Stopped', error: 'Error' } as const;
export type RunStatus = (typeof RUN_STATUSES)[keyof typeof RUN_STATUSES];

export interface RunCounts {
  totalScenarios: number;
  scenariosPassed: number;
  scenariosFailed: number;
}

/** Identity of a scenario across runs ("past 5 results"): feature path and scenario name, with a unit separator between. */
export const scenarioKey = (featurePath: string, scenarioName: string) => clean(`${featurePath}\u001f${scenarioName}`);

const FAILED_STATUSES = new Set(['FAILED', 'UNDEFINED', 'AMBIGUOUS', 'PENDING', 'UNKNOWN']);

/**
 * Which test cases count (spec 4.10: distinct scenarios, a rerun replaces its original): a test case
 * is superseded when another names it as `rerunId`, or when the same scenario (feature, line, name,
 * example values, browser and viewport) appears again with a later attempt, or later in the report at
 * the same attempt. Returns the superseded indexes and the counts of the rest.
 */
export function countScenarios(testCases: readonly CountedCase[]): { superseded: Set<number>; counts: RunCounts } {
  const superseded = new Set<number>();
  // Reruns name the test case they replace (most runs have none: no map of ids then).
  if (testCases.some((tc) => tc.rerunId)) {
    const byId = new Map<string, number>();
    testCases.forEach((tc, i) => byId.set(tc.id, i));
    testCases.forEach((tc) => {
      const original = tc.rerunId ? byId.get(tc.rerunId) : undefined;
      if (original !== undefined && testCases[original] !== tc) superseded.add(original);
    });
  }
  const latest = new Map<string, number>();
  testCases.forEach((tc, i) => {
    if (superseded.has(i)) return;
    const key = JSON.stringify([tc.featurePath, tc.line, tc.scenarioName, sortedParams(tc.parameters), tc.browser ?? null, tc.viewport ?? null]);
    const prev = latest.get(key);
    if (prev === undefined) latest.set(key, i);
    else if ((tc.attempt ?? 0) >= (testCases[prev].attempt ?? 0)) {
      superseded.add(prev);
      latest.set(key, i);
    } else superseded.add(i);
  });
  let passed = 0;
  let failed = 0;
  for (const i of latest.values()) {
    const status = testCases[i].result.status;
    if (status === 'PASSED') passed += 1;
    else if (FAILED_STATUSES.has(status)) failed += 1;
  }
  return { superseded, counts: { totalScenarios: latest.size, scenariosPassed: passed, scenariosFailed: failed } };
}

/** What counting scenarios reads of a test case. */
export type CountedCase = Pick<TestCaseResult, 'id' | 'rerunId' | 'featurePath' | 'line' | 'scenarioName' | 'parameters' | 'browser' | 'viewport' | 'attempt'> & {
  result: Pick<TestCaseResult['result'], 'status'>;
};

/** A test case to store: the report's, or (from the NDJSON ingest) one whose steps stay in the stored report. */
export type CaseInput = TestCaseResult & {
  /** The failed step's keyword and text, when `steps` does not hold it. */
  failedStepSummary?: { keyword: string; text: string } | null;
};

export interface RunRowsInput {
  runId: string;
  projectId: string;
  /** The report without its test cases, which come apart. */
  report: Omit<RunReport, 'testCases'>;
  testCases: readonly CaseInput[];
  /** The test cases' durations summed, when the caller summed them (else they are summed from `testCases`). */
  executionTimeMs?: number;
  type: RunType;
  userId: string | null;
  executionId?: string | null;
  instanceId?: string | null;
  status?: RunStatus;
  username?: string | null;
  meta?: Record<string, unknown>;
  /** A new id per test case row. */
  newId: () => string;
}

export interface RunRows {
  run: Insertable<RunsTable>;
  cases: Insertable<TestCasesTable>[];
  counts: RunCounts;
  status: RunStatus;
}

/**
 * A test case row's id: time-ordered (UUID version 7, RFC 9562: 48 bits of Unix milliseconds, then
 * random bits), so a run's rows go to the end of the primary key's index instead of to thousands of
 * places across it (an import of 10,000 rows spends ~8% less in the database). Written straight
 * into a buffer: `crypto.randomUUIDv7` joins its text from 20 pieces, 6 MB of garbage per 10,000 ids
 * in an import's worker.
 */
export function testCaseRowId(): string {
  if (idNext === ID_BATCH) {
    randomFillSync(idRandom);
    idNext = 0;
  }
  const b = idRandom;
  const o = 16 * idNext++;
  const ms = Date.now();
  b[o] = Math.floor(ms / 2 ** 40) & 0xff;
  b[o + 1] = Math.floor(ms / 2 ** 32) & 0xff;
  b[o + 2] = (ms >>> 24) & 0xff;
  b[o + 3] = (ms >>> 16) & 0xff;
  b[o + 4] = (ms >>> 8) & 0xff;
  b[o + 5] = ms & 0xff;
  b[o + 6] = (b[o + 6] & 0x0f) | 0x70;
  b[o + 8] = (b[o + 8] & 0x3f) | 0x80;
  let w = 0;
  for (let k = 0; k < 16; k++) {
    if (k === 4 || k === 6 || k === 8 || k === 10) idText[w++] = 0x2d;
    idText[w++] = HEX[b[o + k] >> 4];
    idText[w++] = HEX[b[o + k] & 15];
  }
  return idText.toString('latin1', 0, 36);
}

/** Random bytes for row ids, drawn for ID_BATCH ids at a time. */
const ID_BATCH = 256;
const idRandom = Buffer.alloc(16 * ID_BATCH);
const idText = Buffer.alloc(36);
const HEX = Buffer.from('0123456789abcdef');
let idNext = ID_BATCH;

/** The run's row and its test cases' rows. */
export function runRows(input: RunRowsInput): RunRows {
  const { testCases } = input;
  const { superseded, counts } = countScenarios(testCases);
  const { run, status } = runRow(input, counts);
  const rowIds = testCases.map(() => input.newId());
  const rowIdOf = new Map(testCases.map((tc, i) => [tc.id, rowIds[i]]));
  const cases = testCases.map((tc, i) =>
    caseRow(tc, { id: rowIds[i], runId: input.runId, projectId: input.projectId, position: i, rerunRowId: tc.rerunId ? (rowIdOf.get(tc.rerunId) ?? null) : null, superseded: superseded.has(i) }),
  );
  return { run, cases, counts, status };
}

/** The run's row, from its report (without test cases) and their counts. */
export function runRow(input: Omit<RunRowsInput, 'newId'>, counts: RunCounts): { run: Insertable<RunsTable>; status: RunStatus } {
  const { report } = input;
  const status: RunStatus =
    input.status ?? (counts.scenariosFailed === 0 && report.errors.length === 0 && report.success !== false ? RUN_STATUSES.passed : RUN_STATUSES.failed);
  const start = toDate(report.startTime);
  const end = toDate(report.endTime);
  const run: Insertable<RunsTable> = {
    id: input.runId,
    project_id: input.projectId,
    name: clean(report.name) || 'Run',
    type: input.type,
    mode: report.mode,
    branch: cleanOrNull(report.branch),
    environment: cleanOrNull(report.env?.name),
    username: cleanOrNull(input.username !== undefined ? input.username : report.username),
    user_id: input.userId,
    execution_id: input.executionId ?? null,
    instance_id: input.instanceId ?? null,
    start_time: start,
    end_time: end,
    execution_time_ms: count(start && end ? end.getTime() - start.getTime() : (input.executionTimeMs ?? sumDurations(input.testCases))),
    total_scenarios: counts.totalScenarios,
    scenarios_passed: counts.scenariosPassed,
    scenarios_failed: counts.scenariosFailed,
    status,
    errors: json(report.errors),
    meta: json({ ...report.meta, baseUrl: report.env?.baseUrl ?? null, ...input.meta }),
  };
  return { run, status };
}

/** Where a test case's row goes: its id, run, place in the report, the row it reran and whether a later one replaced it. */
export interface CasePlace {
  id: string;
  runId: string;
  projectId: string;
  position: number;
  rerunRowId: string | null;
  superseded: boolean;
}

/** A test case's row (test-case-literals.ts writes the same row straight as array literal elements). */
export function caseRow(tc: CaseInput, place: CasePlace): Insertable<TestCasesTable> {
  const tcStart = toDate(tc.result.startTime);
  const tcEnd = toDate(tc.result.endTime);
  const failed = tc.failedStepSummary !== undefined ? tc.failedStepSummary : failedStepOf(tc);
  return {
    id: place.id,
    run_id: place.runId,
    project_id: place.projectId,
    position: place.position,
    report_case_id: clean(tc.id),
    scenario_name: clean(tc.scenarioName),
    feature_name: clean(tc.featureName),
    feature_path: clean(tc.featurePath),
    line: int4OrNull(tc.line),
    tags: json(tc.tags),
    status: tc.result.status,
    start_time: tcStart,
    end_time: tcEnd,
    duration_ms: tcStart && tcEnd ? count(tcEnd.getTime() - tcStart.getTime()) : null,
    failed_step: int4OrNull(tc.failedStep),
    error_message: cleanOrNull(tc.result.message),
    parameters: json(tc.parameters),
    steps: json(tc.steps),
    attempt: count(tc.attempt ?? 0),
    rerun_id: place.rerunRowId,
    superseded: place.superseded,
    scenario_key: scenarioKey(tc.featurePath, tc.scenarioName),
    browser: cleanOrNull(tc.browser),
    viewport: cleanOrNull(tc.viewport),
    worker_id: cleanOrNull(tc.workerId),
    retrain_stats: tc.retrainStats ? json(tc.retrainStats) : null,
    failed_step_keyword: failed ? clean(failed.keyword) : null,
    failed_step_text: failed ? clean(failed.text) : null,
  };
}

/** The failed step's keyword and text, kept on the row so that the run report never reads the steps. */
export function failedStepOf(tc: TestCaseResult): { keyword: string; text: string } | null {
  const step = tc.failedStep !== null && tc.failedStep !== undefined ? tc.steps[tc.failedStep] : undefined;
  return step ? { keyword: stepKeyword(step), text: step.text } : null;
}

function sortedParams(params: Record<string, string>): Array<[string, string]> {
  return Object.entries(params ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function sumDurations(testCases: readonly TestCaseResult[]): number {
  let total = 0;
  for (const tc of testCases) {
    const s = toDate(tc.result.startTime);
    const e = toDate(tc.result.endTime);
    if (s && e) total += Math.max(0, e.getTime() - s.getTime());
  }
  return total;
}

function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Text for a text column: PostgreSQL text cannot hold NUL (removed) nor an unpaired surrogate (made
 * U+FFFD, as the driver's UTF-8 would); a value of a report that is not text is taken as its text.
 */
export const clean = (s: string | null | undefined) => {
  if (s === null || s === undefined) return '';
  if (typeof s !== 'string') return String(s);
  const text = s.includes('\u0000') ? s.replaceAll('\u0000', '') : s;
  return text.isWellFormed() ? text : text.toWellFormed();
};
const cleanOrNull = (s: string | null | undefined) => (s === null || s === undefined ? null : clean(s));

/** A whole number for a nullable `integer` column: null when it is not one or does not fit (a report's line 1e20). */
export const int4OrNull = (n: number | null | undefined) => (typeof n === 'number' && Number.isInteger(n) && n >= -INT4_MAX - 1 && n <= INT4_MAX ? n : null);
/** A count or a duration for an `integer` column: from 0, cut to the column's largest value. */
export const count = (n: number) => (Number.isFinite(n) ? Math.min(Math.max(0, Math.round(n)), INT4_MAX) : 0);

/**
 * JSON for a jsonb column. jsonb refuses \u0000 (removed) and the escape of an unpaired surrogate
 * (\ud800, which JSON.stringify writes for one: made \ufffd); an escaped backslash before 'u' is kept.
 */
export function json(value: unknown): string {
  let text = JSON.stringify(value ?? null);
  if (text.includes('\\u0000')) text = text.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1');
  if (/\\ud[89a-f]/i.test(text)) text = text.replace(/(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/gi, '$1\\ufffd');
  return text;
}
