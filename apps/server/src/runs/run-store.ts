import PQueue from 'p-queue';
import { randomUUID } from 'node:crypto';
import { DEFAULT_BRANCH, isTextMediaType, type RunReport } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { blobKeySegments, type BlobData } from '../blobs/blob-store.ts';
import { openProjectSecrets, redactor, redactReport } from '../execution-runs/run-inputs.ts';
import { insertRunWithCases, runExists } from './runs.repository.ts';
import { recordRunMemory } from './memory.ts';
import { analyseRunFailures } from '../ai/rca/run-analyses.ts';
import { saveAnalyses } from '../ai/rca/rca.repository.ts';
import { insertCodeFixes } from '../ai/recovery/code-fixes.repository.ts';
import { splitRecoveries } from '../ai/recovery/recovery-cases.ts';
import { runRows, testCaseRowId, type RunCounts, type RunStatus, type RunType } from './run-rows.ts';
import { settleRunVerdict, type RunVerdict } from './history/history-verdict.ts';
import { recordHistoryLater } from './history/history-catch-up.ts';

export { countScenarios, RUN_STATUSES, scenarioKey, type RunCounts, type RunStatus, type RunType } from './run-rows.ts';

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

export interface StoredRun extends RunCounts {
  runId: string;
  status: RunStatus;
  /** Counted scenarios that did not pass and are quarantined: out of scenariosFailed and the status. */
  scenariosQuarantined?: number;
}

export class RunExistsError extends Error {}

/** Blob key of an attachment of a run. */
export const attachmentKey = (projectId: string, runId: string, attachmentId: string) => `runs/${projectId}/${runId}/${attachmentId}`;

/** Blob writes in flight at once while a run is stored (each one syncs its file). */
const BLOB_WRITE_CONCURRENCY = 16;

/** Prefix of every blob of a run (for removal with the run). */
export const runBlobPrefix = (projectId: string, runId: string) => `runs/${projectId}/${runId}`;

/**
 * Stores a report as a run: first the attachments into the blob store (runs/<projectId>/<runId>/<id>),
 * then the run and its test cases in one transaction. If anything fails, the blobs written are removed
 * again and no row is left. Every secret the project holds is replaced in the report's texts and in
 * its text attachments before anything is written (an execution's report, or one uploaded: a step may
 * have printed or attached a secret test-data value). Each counted failure gets its root-cause
 * analysis (ai/rca) with the rows.
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

  const commit = typeof input.meta?.commit === 'string' ? input.meta.commit : null;
  const redact = redactor(await openProjectSecrets(ctx, projectId, { branch: input.report.branch, commit }));
  const report = redact.reach ? redactReport(input.report, redact) : input.report;
  const attachments = redact.reach ? input.attachments.map((a) => redactAttachment(a, redact)) : input.attachments;
  // AI recovery: the original of a recovered test case and the AI's run of it, and the code fixes.
  const { testCases, fixes } = splitRecoveries(report.testCases);
  const { run, cases, counts, status } = runRows({ ...input, runId, projectId, report, testCases, newId: testCaseRowId });
  // Root causes of the failures, from the redacted report (no secret reaches an analysis).
  const analyses = await analyseRunFailures(ctx, projectId, testCases, cases);
  const rowIdOf = new Map(testCases.map((tc, i) => [tc.id, cases[i]?.id ?? null]));

  const written: string[] = [];
  // The attachments are written (several at a time) while the rows go in; the transaction commits
  // only once every blob is on disk, so a stored run never names a missing file.
  const queue = new PQueue({ concurrency: BLOB_WRITE_CONCURRENCY });
  let history: RunVerdict | null = null;
  try {
    const blobsWritten = queue
      .addAll(
        attachments.map((a) => async () => {
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
      await saveAnalyses(trx, analyses);
      if (fixes.length) {
        const drafts = fixes.map((f) => ({ ...f, testCaseRowId: rowIdOf.get(f.testCaseId) ?? null }));
        await insertCodeFixes(trx, projectId, runId, report.branch ?? DEFAULT_BRANCH, drafts);
      }
      // The verdict without quarantined scenarios; the scenario history follows the commit (history-catch-up.ts).
      history = await settleRunVerdict(trx, runId, projectId);
      const failed = await blobsWritten;
      if (failed) throw failed;
    });
  } catch (err) {
    queue.clear();
    await queue.onIdle();
    for (const key of written) await ctx.blobs.delete(key).catch((e) => ctx.log.warn({ err: e, key }, 'could not remove a blob of a failed run'));
    throw err;
  }
  // Committed: every server's runs list answers of the project are made again (cache/api-caches.ts).
  await ctx.caches.changed({ kind: 'runs', projectId });
  recordHistoryLater(ctx, projectId);
  // Runs service: the application memory map learns this run's pages (never fails the store).
  await recordRunMemory(ctx, projectId, testCases);
  const verdict = (history as RunVerdict | null)?.verdict;
  const scenariosQuarantined = (history as RunVerdict | null)?.quarantinedFailures ?? 0;
  if (verdict) return { runId, status: verdict.status as RunStatus, ...counts, scenariosFailed: verdict.scenariosFailed, scenariosQuarantined };
  return { runId, status, ...counts, scenariosQuarantined };
}

/** A text attachment (by its media type) with the secrets replaced; bytes of other types as they are. */
function redactAttachment(a: RunAttachment, redact: (text: string) => string): RunAttachment {
  if (!isTextMediaType(a.mediaType) || !(typeof a.data === 'string' || a.data instanceof Uint8Array)) return a;
  const text = typeof a.data === 'string' ? a.data : Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength).toString('utf8');
  const redacted = redact(text);
  return redacted === text ? a : { ...a, data: Buffer.from(redacted, 'utf8') };
}
