import PQueue from 'p-queue';
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { stepKeyword, type RunReport, type TestCaseResult } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { RunsTable, TestCasesTable } from '../db/schema.ts';
import { blobKeySegments, type BlobData } from '../blobs/blob-store.ts';
import { insertRunWithCases, runExists } from './runs.repository.ts';
import { recordRunMemory } from './memory.ts';

export type RunType = RunsTable['type'];
export const RUN_STATUSES = { passed: 'Passed', failed: 'Failed', stopped: 'Stopped', error: 'Error' } as const;
export type RunStatus = (typeof RUN_STATUSES)[keyof typeof RUN_STATUSES];

/** Bytes a report refers to by id (screenshotId, attachments[].id). */
export interface RunAttachment {
  id: string;
  mediaType: string;
  data: BlobData;
}

export interface StoreRunInput {
  report: RunReport;
  attachments: RunAttachment[];
  type: RunType;
  userId: string | null;
  executionId?: string | null;
  instanceId?: string | null;
  /** A run id decided beforehand (the run manager's report link); a new one otherwise. */
  runId?: string;
  /** Overrides the status the counts give ('Stopped' for a halted run, 'Error' when it could not run). */
  status?: RunStatus;
  /** Shown as the run's user; defaults to the report's username. */
  username?: string | null;
  /** Merged into the run's meta (browser, viewports, trigger, ...). */
  meta?: Record<string, unknown>;
}

export interface RunCounts {
  totalScenarios: number;
  scenariosPassed: number;
  scenariosFailed: number;
}

export interface StoredRun extends RunCounts {
  runId: string;
  status: RunStatus;
}

export class RunExistsError extends Error {}

/** Blob key of an attachment of a run. */
export const attachmentKey = (projectId: string, runId: string, attachmentId: string) => `runs/${projectId}/${runId}/${attachmentId}`;

/** Prefix of every blob of a run (for removal with the run). */
/** Blob writes in flight at once while a run is stored (each one syncs its file). */
const BLOB_WRITE_CONCURRENCY = 16;

export const runBlobPrefix = (projectId: string, runId: string) => `runs/${projectId}/${runId}`;

/** Identity of a scenario across runs ("past 5 results"): feature path and scenario name, with a unit separator between. */
export const scenarioKey = (featurePath: string, scenarioName: string) => clean(`${featurePath}\u001f${scenarioName}`);

const FAILED_STATUSES = new Set(['FAILED', 'UNDEFINED', 'AMBIGUOUS', 'PENDING', 'UNKNOWN']);

/**
 * Which test cases count (spec 4.10: distinct scenarios, a rerun replaces its original): a test case
 * is superseded when another names it as `rerunId`, or when the same scenario (feature, line, name,
 * example values, browser and viewport) appears again with a later attempt, or later in the report at
 * the same attempt. Returns the superseded indexes and the counts of the rest.
 */
export function countScenarios(testCases: readonly TestCaseResult[]): { superseded: Set<number>; counts: RunCounts } {
  const superseded = new Set<number>();
  const byId = new Map<string, number>();
  testCases.forEach((tc, i) => byId.set(tc.id, i));
  testCases.forEach((tc) => {
    const original = tc.rerunId ? byId.get(tc.rerunId) : undefined;
    if (original !== undefined && testCases[original] !== tc) superseded.add(original);
  });
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

/**
 * Stores a report as a run: first the attachments into the blob store (runs/<projectId>/<runId>/<id>),
 * then the run and its test cases in one transaction. If anything fails, the blobs written are removed
 * again and no row is left.
 */
export async function storeRun(ctx: AppContext, projectId: string, input: StoreRunInput): Promise<StoredRun> {
  const runId = input.runId ?? randomUUID();
  blobKeySegments(runBlobPrefix(projectId, runId));
  const ids = new Set<string>();
  for (const a of input.attachments) {
    if (ids.has(a.id)) throw new Error(`Duplicate attachment id ${a.id}`);
    ids.add(a.id);
    blobKeySegments(attachmentKey(projectId, runId, a.id));
  }
  // A decided run id must be new: cleaning up after a failure must never touch another run's blobs.
  if (await runExists(ctx.db, runId)) throw new RunExistsError(`Run ${runId} exists`);

  const { report } = input;
  const { superseded, counts } = countScenarios(report.testCases);
  const status: RunStatus =
    input.status ?? (counts.scenariosFailed === 0 && report.errors.length === 0 && report.success !== false ? RUN_STATUSES.passed : RUN_STATUSES.failed);
  const start = toDate(report.startTime);
  const end = toDate(report.endTime);
  const run: Insertable<RunsTable> = {
    id: runId,
    project_id: projectId,
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
    execution_time_ms: start && end ? Math.max(0, end.getTime() - start.getTime()) : sumDurations(report.testCases),
    total_scenarios: counts.totalScenarios,
    scenarios_passed: counts.scenariosPassed,
    scenarios_failed: counts.scenariosFailed,
    status,
    errors: json(report.errors),
    meta: json({ ...report.meta, baseUrl: report.env?.baseUrl ?? null, ...input.meta }),
  };

  const rowIds = report.testCases.map(() => randomUUID());
  const rowIdOf = new Map(report.testCases.map((tc, i) => [tc.id, rowIds[i]]));
  const cases: Insertable<TestCasesTable>[] = report.testCases.map((tc, i) => {
    const tcStart = toDate(tc.result.startTime);
    const tcEnd = toDate(tc.result.endTime);
    return {
      id: rowIds[i],
      run_id: runId,
      project_id: projectId,
      position: i,
      report_case_id: clean(tc.id),
      scenario_name: clean(tc.scenarioName),
      feature_name: clean(tc.featureName),
      feature_path: clean(tc.featurePath),
      line: tc.line,
      tags: json(tc.tags),
      status: tc.result.status,
      start_time: tcStart,
      end_time: tcEnd,
      duration_ms: tcStart && tcEnd ? Math.max(0, tcEnd.getTime() - tcStart.getTime()) : null,
      failed_step: tc.failedStep,
      error_message: cleanOrNull(tc.result.message),
      parameters: json(tc.parameters),
      steps: json(tc.steps),
      attempt: tc.attempt ?? 0,
      rerun_id: tc.rerunId ? (rowIdOf.get(tc.rerunId) ?? null) : null,
      superseded: superseded.has(i),
      scenario_key: scenarioKey(tc.featurePath, tc.scenarioName),
      browser: cleanOrNull(tc.browser),
      viewport: cleanOrNull(tc.viewport),
      worker_id: cleanOrNull(tc.workerId),
      retrain_stats: tc.retrainStats ? json(tc.retrainStats) : null,
      ...failedStepSummary(tc),
    };
  });

  const written: string[] = [];
  // The attachments are written (several at a time) while the rows go in; the transaction commits
  // only once every blob is on disk, so a stored run never names a missing file.
  const queue = new PQueue({ concurrency: BLOB_WRITE_CONCURRENCY });
  try {
    const blobsWritten = queue
      .addAll(
        input.attachments.map((a) => async () => {
          const key = attachmentKey(projectId, runId, a.id);
          written.push(key);
          await ctx.blobs.put(key, a.data, a.mediaType);
        }),
      )
      .then(
        () => null,
        (err: unknown) => err,
      );
    await ctx.db.transaction().execute(async (trx) => {
      await insertRunWithCases(trx, run, cases);
      const failed = await blobsWritten;
      if (failed) throw failed;
    });
  } catch (err) {
    queue.clear();
    await queue.onIdle();
    for (const key of written) await ctx.blobs.delete(key).catch((e) => ctx.log.warn({ err: e, key }, 'could not remove a blob of a failed run'));
    throw err;
  }
  // Runs service: the application memory map learns this run's pages (never fails the store).
  await recordRunMemory(ctx, projectId, report.testCases);
  return { runId, status, ...counts };
}

/** The failed step's keyword and text, kept on the row so that the run report never reads the steps. */
function failedStepSummary(tc: TestCaseResult): { failed_step_keyword: string | null; failed_step_text: string | null } {
  const step = tc.failedStep !== null && tc.failedStep !== undefined ? tc.steps[tc.failedStep] : undefined;
  return step ? { failed_step_keyword: clean(stepKeyword(step)), failed_step_text: clean(step.text) } : { failed_step_keyword: null, failed_step_text: null };
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

/** PostgreSQL text cannot hold NUL. */
const clean = (s: string | null | undefined) => (s ?? '').replaceAll('\u0000', '');
const cleanOrNull = (s: string | null | undefined) => (s === null || s === undefined ? null : clean(s));

/** JSON for a jsonb column, without NUL characters (jsonb refuses \u0000, an escaped backslash before 'u0000' is kept). */
function json(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1');
}
