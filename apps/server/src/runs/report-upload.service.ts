import {
  cucumberJsonToReport,
  detectFormat,
  junitXmlToReport,
  ReportImportError,
  type ImportedReport,
  type ReportFormat,
  type ReportMeta,
} from '@stepwise/runner';
import type { RunMode } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { recordUsageEvent } from '../logs/logs.service.ts';
import { ReportFormatError } from './ndjson-lines.ts';
import { EmptyReportError, ingestNdjson } from './ingest/ndjson-ingest.ts';
import { storeRun, type StoredRun } from './run-store.ts';
import { analyseImportedRunLater } from '../ai/rca/imported-analyses.ts';

export interface UploadMeta {
  name?: string;
  branch?: string;
  env?: string;
  mode: RunMode;
}

/** The uploaded report's bytes as they arrive, and what the request said of it. */
export interface UploadSource {
  body: AsyncIterable<Uint8Array | string>;
  /** Given by the caller; detected from the first bytes (then the name, then the content type) otherwise. */
  format?: ReportFormat;
  fileName?: string | null;
  contentType?: string | null;
  /** The body's length in bytes, when the request said it. */
  length?: number | null;
}

/**
 * Stores a report as a run of the project: Cucumber messages (NDJSON, any cucumber implementation),
 * Cucumber JSON or JUnit XML. The report is converted as it arrives and stored only once all of it was
 * read, so that a malformed or cut file is refused (400, with the line or position of the problem)
 * before anything is stored.
 */
export async function uploadReport(
  ctx: AppContext,
  auth: AuthContext,
  projectId: string,
  source: UploadSource,
  meta: UploadMeta,
): Promise<StoredRun & { reportLink: string; format: ReportFormat }> {
  await requireMember(ctx.db, auth, projectId);
  const username = [auth.user.firstname, auth.user.lastname].filter(Boolean).join(' ') || auth.user.email;
  const { head, body } = await peek(source.body);
  if (!source.format && head.trim() === '') {
    await body.return(undefined);
    throw badRequest('The report is empty');
  }
  const format = source.format ?? detectFormat(head, source.fileName, source.contentType);
  if (!format) throw badRequest('Unknown report format: expected Cucumber messages (NDJSON), Cucumber JSON or JUnit XML (or say which with format=ndjson|cucumber-json|junit)');
  const reportMeta: ReportMeta = {
    name: meta.name || `Report ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
    mode: meta.mode,
    username,
    env: meta.env ? { name: meta.env, baseUrl: null } : null,
    branch: meta.branch ?? null,
  };
  const type = meta.mode === 'executions' ? 'executions' : 'local';
  let stored: StoredRun;
  if (format === 'ndjson') {
    try {
      const done = await ingestNdjson(ctx, projectId, body, {
        name: reportMeta.name,
        mode: reportMeta.mode,
        username,
        env: reportMeta.env ?? null,
        branch: reportMeta.branch ?? null,
        type,
        userId: auth.user.id,
        meta: { reportFormat: format },
      }, source.length ?? null);
      stored = done;
      // Root causes of its failures, from the steps in its stored report, once the upload is answered.
      analyseImportedRunLater(ctx, done.runId);
      ctx.log.info(
        { projectId, runId: done.runId, format, testCases: done.testCases, attachments: done.attachments, convertMs: done.readMs, storeMs: done.storeMs },
        'report imported',
      );
    } catch (err) {
      if (err instanceof ReportFormatError || err instanceof EmptyReportError) throw badRequest(err.message);
      throw err;
    }
  } else {
    const started = performance.now();
    let converted: ImportedReport;
    try {
      converted = await convert(format, body, reportMeta);
    } catch (err) {
      if (err instanceof ReportFormatError || err instanceof ReportImportError) throw badRequest(err.message);
      throw err;
    }
    if (converted.report.testCases.length === 0 && converted.report.errors.length === 0) throw badRequest('The report holds no test cases');
    const convertedAt = performance.now();
    const attachments = [...converted.attachments].map(([id, blob]) => ({ id, mediaType: blob.mediaType, data: blob.body }));
    const properties = converted.properties && Object.keys(converted.properties).length ? { properties: converted.properties } : {};
    stored = await storeRun(ctx, projectId, {
      report: converted.report,
      attachments,
      type,
      userId: auth.user.id,
      username,
      meta: { reportFormat: format, ...properties },
    });
    ctx.log.info(
      { projectId, runId: stored.runId, format, testCases: converted.report.testCases.length, attachments: attachments.length, convertMs: Math.round(convertedAt - started), storeMs: Math.round(performance.now() - convertedAt) },
      'report imported',
    );
  }
  ctx.events.publish(projectId, 'upload_report');
  await recordUsageEvent(ctx, auth.user.id, projectId, 'upload_report').catch(() => {});
  const { runId, status, totalScenarios, scenariosPassed, scenariosFailed } = stored;
  return { runId, status, totalScenarios, scenariosPassed, scenariosFailed, format, reportLink: `/${projectId}/run-report/${stored.runId}` };
}

const HEAD = 4096;

/** The first bytes of the body (for detecting the format), and the whole body again to read. */
async function peek(source: AsyncIterable<Uint8Array | string>): Promise<{ head: string; body: AsyncGenerator<Uint8Array | string> }> {
  const it = source[Symbol.asyncIterator]();
  const first: Array<Uint8Array | string> = [];
  let size = 0;
  let done = false;
  while (size < HEAD) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    first.push(r.value);
    size += r.value.length;
    if (typeof r.value === 'string' ? r.value.trim() : r.value.some((b) => b > 0x20)) break;
  }
  const head = first.map((c) => (typeof c === 'string' ? c : Buffer.from(c.buffer, c.byteOffset, Math.min(c.length, HEAD)).toString('utf8'))).join('').slice(0, HEAD);
  async function* body() {
    try {
      yield* first;
      if (!done) for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
    } finally {
      // Stopped early (a refused report): the source is told, so that it lets go of the stream.
      await it.return?.();
    }
  }
  return { head, body: body() };
}

async function convert(format: Exclude<ReportFormat, 'ndjson'>, body: AsyncIterable<Uint8Array | string>, meta: ReportMeta): Promise<ImportedReport> {
  if (format === 'cucumber-json') return cucumberJsonToReport(body, meta);
  return junitXmlToReport(body, meta);
}
