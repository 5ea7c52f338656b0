import { Readable } from 'node:stream';
import { CucumberHtmlStream } from '@cucumber/html-formatter';
import { REPORT_EXPORT_TYPES, reportExportFileName, RUNS_MESSAGES, type ReportExportFormat } from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import type { Run } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-plugin.ts';
import { notFound } from '../../http/errors.ts';
import { requireMember } from '../../projects/project-access.ts';
import { findRun } from '../runs.repository.ts';
import { exportCases, exportCounts } from './export-cases.ts';
import { cucumberJson } from './export-json.ts';
import { junitXml } from './export-junit.ts';
import { runEnvelopes } from './export-ndjson.ts';
import { asBytes } from './export-text.ts';

export interface RunExport {
  fileName: string;
  contentType: string;
  /** The file's bytes as they are written: read it to its end (or destroy it). */
  stream: Readable;
}

/**
 * A run of a project the caller is a member of, exported in one of the formats. Streamed: the rows are
 * read a page at a time as the body is read, so a run of any size takes the memory of a page. An
 * imported Cucumber messages report is exported as NDJSON as it was stored.
 */
export async function exportRun(ctx: AppContext, auth: AuthContext, runId: string, format: ReportExportFormat): Promise<RunExport> {
  const run = await findRun(ctx.db, runId);
  if (!run) throw notFound(RUNS_MESSAGES.runNotFound);
  await requireMember(ctx.db, auth, run.project_id);
  return { fileName: reportExportFileName(run.name, format), contentType: REPORT_EXPORT_TYPES[format].contentType, stream: await exportStream(ctx, run, format) };
}

async function exportStream(ctx: AppContext, run: Run, format: ReportExportFormat): Promise<Readable> {
  if (format === 'ndjson' && run.source_key) {
    const stored = await ctx.blobs.get(run.source_key);
    if (stored) return stored.stream;
    ctx.log.warn({ runId: run.id, key: run.source_key }, 'the stored report of a run is missing: exported from its rows');
  }
  switch (format) {
    case 'ndjson':
      return Readable.from(asBytes(ndjsonLines(runEnvelopes(run, exportCases(ctx, run)))), { objectMode: false });
    case 'json':
      return Readable.from(cucumberJson(exportCases(ctx, run)), { objectMode: false });
    case 'junit': {
      const totals = await exportCounts(ctx, run.id);
      return Readable.from(asBytes(junitXml(run, totals, exportCases(ctx, run))), { objectMode: false });
    }
    case 'html': {
      const html = new CucumberHtmlStream();
      const envelopes = Readable.from(runEnvelopes(run, exportCases(ctx, run)));
      envelopes.once('error', (err) => html.destroy(err));
      return envelopes.pipe(html);
    }
  }
}

async function* ndjsonLines(envelopes: AsyncIterable<unknown>): AsyncGenerator<string> {
  for await (const e of envelopes) yield `${JSON.stringify(e)}\n`;
}
