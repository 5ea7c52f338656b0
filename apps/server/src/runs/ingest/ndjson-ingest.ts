import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { TestCaseResult } from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import { recordRunMemory } from '../memory.ts';
import { ReportFormatError } from '../ndjson-lines.ts';
import type { RunCounts, RunStatus } from '../run-rows.ts';
import { insertRunWithColumns } from '../runs.repository.ts';
import { runBlobPrefix } from '../run-store.ts';
import { REPORT_UPLOAD_LIMIT, type IngestRunInput, type WorkerToMain } from './ingest-protocol.ts';
import { acquirePair, releasePair, type WorkerPair } from './ingest-pool.ts';

/**
 * Imports a Cucumber messages (NDJSON) report as a run, as it arrives:
 * - the bytes go into a growable SharedArrayBuffer and, as they are, into the run's stored report (a
 *   blob: the messages are kept as they came);
 * - two worker threads read the lines at once, each the messages of its types (ingest-protocol.ts),
 *   and join them into the run's rows by the report builder's rules;
 * - once every line was read and found good, the run and its test cases go in (one transaction, two
 *   statements) after the stored report is on disk. A malformed or cut report stores nothing.
 * A test case's steps are built from its messages in the stored report when its report is read
 * (source-report.ts), so an import never assembles or stores them.
 */

/** New bytes are announced to the workers at least this far apart (fewer messages between threads). */
const ANNOUNCE_BYTES = 256 * 1024;
const INITIAL_BYTES = 4 * 1024 * 1024;

export const SOURCE_MEDIA_TYPE = 'application/x-ndjson';
export const sourceKeyOf = (projectId: string, runId: string) => `${runBlobPrefix(projectId, runId)}/report.ndjson`;

export interface NdjsonIngestResult extends RunCounts {
  runId: string;
  status: RunStatus;
  testCases: number;
  attachments: number;
  /** Milliseconds until every line was read (the upload included), and then to store. */
  readMs: number;
  storeMs: number;
}

type Outcome = Extract<WorkerToMain, { kind: 'result' }>;

export async function ingestNdjson(
  ctx: AppContext,
  projectId: string,
  body: AsyncIterable<Uint8Array | string>,
  run: Omit<IngestRunInput, 'runId' | 'projectId'>,
): Promise<NdjsonIngestResult> {
  const started = performance.now();
  const runId = randomUUID();
  const sourceKey = sourceKeyOf(projectId, runId);
  const sab = new SharedArrayBuffer(INITIAL_BYTES, { maxByteLength: REPORT_UPLOAD_LIMIT });
  const bytes = new Uint8Array(sab);
  const pair = acquirePair();
  const outcome = waitForOutcome(pair, { sab, run: { ...run, runId, projectId } });
  outcome.catch(() => {}); // awaited below; a failure while the upload still arrives is handled there
  // The stored report is written as the bytes arrive (views of the shared buffer: nothing is copied).
  const raw = new PassThrough();
  const put = ctx.blobs.put(sourceKey, raw, SOURCE_MEDIA_TYPE);
  const putDone = put.then(
    () => null,
    (err: unknown) => err,
  );
  let end = 0;
  let announced = 0;
  let result: Outcome;
  try {
    for await (const chunk of body) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      if (end + buf.length > sab.byteLength) {
        if (end + buf.length > sab.maxByteLength) throw new ReportFormatError(`The report is larger than ${REPORT_UPLOAD_LIMIT / 1024 / 1024} MB`);
        sab.grow(Math.min(sab.maxByteLength, Math.max(end + buf.length, sab.byteLength * 2)));
      }
      bytes.set(buf, end);
      raw.write(Buffer.from(sab, end, buf.length));
      end += buf.length;
      if (end - announced >= ANNOUNCE_BYTES) {
        pair.data(end, false);
        announced = end;
      }
    }
    pair.data(end, true);
    raw.end();
    result = await outcome;
  } catch (err) {
    raw.destroy(err as Error);
    await pair.terminate();
    releasePair(pair);
    await putDone;
    await ctx.blobs.delete(runBlobPrefix(projectId, runId)).catch(() => {});
    throw err;
  }
  releasePair(pair);
  const readAt = performance.now();
  try {
    if (result.problem) throw new ReportFormatError(result.problem.message);
    if (result.envelopes === 0) throw new ReportFormatError('The report is empty');
    if (!result.run || !result.columns || !result.counts || !result.status) throw new EmptyReportError('The report holds no test cases');
    if (result.testCases === 0 && !result.hasErrors) throw new EmptyReportError('The report holds no test cases');
    const failed = await putDone;
    if (failed) throw failed;
    const { run: row, columns } = result;
    await ctx.db.transaction().execute((trx) => insertRunWithColumns(trx, { ...row, source_key: sourceKey }, columns));
  } catch (err) {
    await putDone;
    await ctx.blobs.delete(runBlobPrefix(projectId, runId)).catch((e) => ctx.log.warn({ err: e, key: sourceKey }, 'could not remove the stored report of a refused import'));
    throw err;
  }
  await recordRunMemory(ctx, projectId, (result.memory ?? []) as unknown as TestCaseResult[]);
  return {
    runId,
    status: result.status,
    ...result.counts,
    testCases: result.testCases,
    attachments: result.attachments ?? 0,
    readMs: Math.round(readAt - started),
    storeMs: Math.round(performance.now() - readAt),
  };
}

/** A report that was read but holds nothing to show. */
export class EmptyReportError extends Error {}

/** The events worker's result, once the definitions worker is done too. */
function waitForOutcome(pair: WorkerPair, job: Parameters<WorkerPair['start']>[0]): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let result: Outcome | null = null;
    let scanned = false;
    const settle = () => {
      if (result && scanned) resolve(result);
    };
    pair.start(job, {
      onMessage(from, m) {
        if (m.kind === 'failed') reject(new Error(`The report could not be read: ${m.message}`));
        else if (m.kind === 'scanned') scanned = true;
        else if (from === 'events') result = m;
        settle();
      },
      onError: reject,
    });
  });
}
