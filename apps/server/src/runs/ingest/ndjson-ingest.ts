import { randomUUID } from 'node:crypto';
import { EventEmitter, on } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Insertable } from 'kysely';
import type { TestCaseResult } from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import type { RunsTable } from '../../db/schema.ts';
import { recordRunMemory } from '../memory.ts';
import { ReportFormatError } from '../ndjson-lines.ts';
import { runBlobPrefix } from '../run-store.ts';
import { RUN_STATUSES, type RunCounts, type RunStatus } from '../run-rows.ts';
import { insertRunRow, insertTestCaseColumns, markSuperseded, updateRunRow } from '../runs.repository.ts';
import { REPORT_UPLOAD_LIMIT, type IngestJob, type IngestRunInput, type WorkerToMain } from './ingest-protocol.ts';
import { acquireWorker, releaseWorker, type IngestWorker } from './ingest-pool.ts';
import { giveBackUploadBuffer, takeUploadBuffer } from './upload-buffer.ts';
import { INDEX_MEDIA_TYPE, indexKeyOf } from './source-index.ts';
import { settleRunVerdict, type RunVerdict } from '../history/history-verdict.ts';
import { recordHistoryLater } from '../history/history-catch-up.ts';

/**
 * Imports a Cucumber messages (NDJSON) report as a run, as it arrives:
 * - the bytes go into a growable SharedArrayBuffer and, as they are, into the run's stored report (a
 *   blob: the messages are kept as they came);
 * - a worker thread reads the lines as they come and makes each test case's row as soon as it
 *   finished (ingest-worker.ts);
 * - once the upload is complete, one transaction takes the run and the rows as they come; it commits
 *   when every line was read and found good, and the stored report and its index are on disk. A
 *   malformed or cut report stores nothing.
 * A test case's steps are built from its messages in the stored report when its report is read
 * (source-report.ts), so an import never assembles or stores them.
 */

/** New bytes are announced to the workers at least this far apart (fewer messages between threads). */
const ANNOUNCE_BYTES = 256 * 1024;
/**
 * The stored report is written in slices at least this long, each one write on the thread pool:
 * chunk by chunk (64 KB), each write would wait for the main thread to start the next, and the main
 * thread is busy with the upload and then with the rows' inserts (the report's last bytes reached the
 * disk 120-190 ms after the rows were in).
 */
const WRITE_BYTES = 4 * 1024 * 1024;
const INITIAL_BYTES = 4 * 1024 * 1024;

export const SOURCE_MEDIA_TYPE = 'application/x-ndjson';
export const sourceKeyOf = (projectId: string, runId: string) => `${runBlobPrefix(projectId, runId)}/report.ndjson`;

export interface NdjsonIngestResult extends RunCounts {
  runId: string;
  status: RunStatus;
  testCases: number;
  attachments: number;
  /** Milliseconds to receive the upload, and from then to the commit. */
  readMs: number;
  storeMs: number;
}

/** A report that was read but holds nothing to show. */
export class EmptyReportError extends Error {}

type Result = Extract<WorkerToMain, { kind: 'result' }>;
type Rows = Extract<WorkerToMain, { kind: 'rows' }>;

export async function ingestNdjson(
  ctx: AppContext,
  projectId: string,
  body: AsyncIterable<Uint8Array | string>,
  input: Omit<IngestRunInput, 'runId' | 'projectId'>,
  /** The upload's length when it said it (Content-Length): the buffer is made at that size. */
  length: number | null = null,
): Promise<NdjsonIngestResult> {
  const started = performance.now();
  const runId = randomUUID();
  const run: IngestRunInput = { ...input, runId, projectId };
  const sourceKey = sourceKeyOf(projectId, runId);
  const known = length !== null && length > 0 && length <= REPORT_UPLOAD_LIMIT;
  const sab = known ? takeUploadBuffer(length) : new SharedArrayBuffer(INITIAL_BYTES, { maxByteLength: REPORT_UPLOAD_LIMIT });
  // Bytes the upload may fill: its Content-Length (a kept buffer may be longer), or the growable buffer's.
  let room = known ? length : sab.byteLength;
  const bytes = new Uint8Array(sab);
  const worker = acquireWorker();
  // What the worker sends (batches of rows, then the result), kept until the transaction takes it.
  const feed = new EventEmitter();
  const items = on(feed, 'item') as AsyncIterableIterator<[Rows | Result]>;
  const finished = start(worker, { sab, run }, feed);
  finished.catch(() => {}); // awaited below; a failure while the upload still arrives is handled there
  // The stored report is written as the bytes arrive (views of the shared buffer: nothing is copied).
  const raw = new PassThrough();
  const putDone = settled(ctx.blobs.put(sourceKey, raw, SOURCE_MEDIA_TYPE));
  let end = 0;
  let announced = 0;
  /** Bytes given to the stored report. */
  let written = 0;
  try {
    for await (const chunk of body) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      if (end + buf.length > room) {
        if (!sab.growable) throw new ReportFormatError('The report is longer than its Content-Length said');
        if (end + buf.length > sab.maxByteLength) throw new ReportFormatError(`The report is larger than ${REPORT_UPLOAD_LIMIT / 1024 / 1024} MB`);
        sab.grow(Math.min(sab.maxByteLength, Math.max(end + buf.length, sab.byteLength * 2)));
        room = sab.byteLength;
      }
      bytes.set(buf, end);
      end += buf.length;
      if (end - written >= WRITE_BYTES) {
        raw.write(Buffer.from(sab, written, end - written));
        written = end;
      }
      if (end - announced >= ANNOUNCE_BYTES) {
        worker.data(end, false);
        announced = end;
      }
    }
    worker.data(end, true);
    if (end > written) raw.write(Buffer.from(sab, written, end - written));
    raw.end();
  } catch (err) {
    raw.destroy(err as Error);
    await worker.terminate();
    releaseWorker(worker);
    await items.return?.();
    await putDone;
    giveBackUploadBuffer(sab);
    await removeBlobs(ctx, projectId, runId);
    throw err;
  }
  const receivedAt = performance.now();
  let result: Result | null = null;
  let history: RunVerdict | null = null;
  const indexKey = indexKeyOf(sourceKey);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const publishTime = await insertRunRow(trx, provisionalRun(run, sourceKey));
      for await (const [item] of items) {
        if (item.kind === 'rows') await insertTestCaseColumns(trx, { id: runId, projectId, publishTime }, item.batch);
        else {
          result = item;
          break;
        }
      }
      const done = result!;
      if (done.problem) throw new ReportFormatError(done.problem.message);
      if (done.envelopes === 0) throw new ReportFormatError('The report is empty');
      if (!done.run || !done.index || (done.testCases === 0 && !done.hasErrors)) throw new EmptyReportError('The report holds no test cases');
      await markSuperseded(trx, runId, done.superseded ?? []);
      const { id: _id, project_id: _project, ...final } = done.run;
      await updateRunRow(trx, runId, final);
      history = await settleRunVerdict(trx, runId, projectId);
      // The stored report and its index are on disk before the run is visible.
      const [reportFailed, indexFailed] = await Promise.all([putDone, settled(ctx.blobs.put(indexKey, Buffer.from(done.index), INDEX_MEDIA_TYPE))]);
      if (reportFailed || indexFailed) throw reportFailed ?? indexFailed;
    });
  } catch (err) {
    await worker.terminate();
    await putDone;
    await removeBlobs(ctx, projectId, runId);
    throw err;
  } finally {
    // The worker is done with the buffer (or ended), and the stored report's writes of it settled.
    releaseWorker(worker);
    giveBackUploadBuffer(sab);
    await items.return?.();
  }
  // Committed: every server's runs list answers of the project are made again (cache/api-caches.ts).
  await ctx.caches.changed({ kind: 'runs', projectId });
  recordHistoryLater(ctx, projectId);
  await finished;
  const done = result! as Result;
  await recordRunMemory(ctx, projectId, (done.memory ?? []) as unknown as TestCaseResult[]);
  const verdict = (history as RunVerdict | null)?.verdict;
  return {
    runId,
    status: (verdict?.status as RunStatus | undefined) ?? done.status!,
    ...done.counts!,
    ...(verdict ? { scenariosFailed: verdict.scenariosFailed } : {}),
    testCases: done.testCases,
    attachments: done.attachments ?? 0,
    readMs: Math.round(receivedAt - started),
    storeMs: Math.round(performance.now() - receivedAt),
  };
}

/** The run's row while its test cases go in (the same transaction replaces what it says at the end). */
function provisionalRun(run: IngestRunInput, sourceKey: string): Insertable<RunsTable> {
  return {
    id: run.runId,
    project_id: run.projectId,
    name: run.name.replaceAll('\u0000', '') || 'Run',
    type: run.type,
    mode: run.mode,
    user_id: run.userId,
    status: RUN_STATUSES.failed,
    total_scenarios: 0,
    scenarios_passed: 0,
    scenarios_failed: 0,
    execution_time_ms: 0,
    errors: '[]',
    meta: '{}',
    source_key: sourceKey,
  };
}

/** Starts the job: rows and the result go to `feed`; resolves with the result. */
function start(worker: IngestWorker, job: IngestJob, feed: EventEmitter): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (err: Error) => {
      feed.emit('error', err);
      reject(err);
    };
    worker.start(job, {
      onMessage(m) {
        if (m.kind === 'failed') return fail(new Error(`The report could not be read: ${m.message}`));
        feed.emit('item', m);
        if (m.kind === 'result') resolve();
      },
      onError: fail,
    });
  });
}

async function settled(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => null,
    (err: unknown) => err ?? new Error('failed'),
  );
}

async function removeBlobs(ctx: AppContext, projectId: string, runId: string): Promise<void> {
  await ctx.blobs.delete(runBlobPrefix(projectId, runId)).catch((err) => ctx.log.warn({ err, runId }, 'could not remove the stored report of a refused import'));
}
