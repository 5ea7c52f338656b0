import type { Envelope } from '@cucumber/messages';
import { messagesToReport } from '@stepwise/runner';
import type { RunMode } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { recordUsageEvent } from '../logs/logs.service.ts';
import { ndjsonEnvelopes, ReportFormatError } from './ndjson-lines.ts';
import { storeRun, type StoredRun } from './run-store.ts';

export interface UploadMeta {
  name?: string;
  branch?: string;
  env?: string;
  mode: RunMode;
}

/** Stores a Cucumber messages report as a run of the project: read whole first, so a bad file stores nothing. */
export async function uploadReport(
  ctx: AppContext,
  auth: AuthContext,
  projectId: string,
  body: AsyncIterable<Buffer | string>,
  meta: UploadMeta,
): Promise<StoredRun & { reportLink: string }> {
  await requireMember(ctx.db, auth, projectId);
  const username = [auth.user.firstname, auth.user.lastname].filter(Boolean).join(' ') || auth.user.email;
  let converted;
  let seen = 0;
  try {
    converted = await messagesToReport(count(ndjsonEnvelopes(body), () => (seen += 1)), {
      name: meta.name || `Report ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
      mode: meta.mode,
      username,
      env: meta.env ? { name: meta.env, baseUrl: null } : null,
      branch: meta.branch ?? null,
    });
  } catch (err) {
    if (err instanceof ReportFormatError) throw badRequest(err.message);
    throw err;
  }
  if (seen === 0) throw badRequest('The report is empty');
  if (converted.report.testCases.length === 0 && converted.report.errors.length === 0) throw badRequest('The report holds no test cases');
  const attachments = [...converted.attachments].map(([id, blob]) => ({ id, mediaType: blob.mediaType, data: blob.body }));
  const stored = await storeRun(ctx, projectId, {
    report: converted.report,
    attachments,
    type: meta.mode === 'executions' ? 'executions' : 'local',
    userId: auth.user.id,
    username,
  });
  ctx.events.publish(projectId, 'upload_report');
  await recordUsageEvent(ctx, auth.user.id, projectId, 'upload_report').catch(() => {});
  return { ...stored, reportLink: `/${projectId}/run-report/${stored.runId}` };
}

async function* count(source: AsyncIterable<Envelope>, onOne: () => void): AsyncGenerator<Envelope> {
  for await (const e of source) {
    onOne();
    yield e;
  }
}
