import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORT_FORMATS } from '@stepwise/runner';
import { idSchema, RUN_MODES } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { HttpError } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { uploadReport } from './report-upload.service.ts';
import { REPORT_UPLOAD_LIMIT } from './ingest/ingest-protocol.ts';
import { closeIngestPool } from './ingest/ingest-pool.ts';

/** Reports can be large (screenshots are inline in Cucumber messages and Cucumber JSON). */
export { REPORT_UPLOAD_LIMIT };

/** Content types read as the report's bytes; any other is too (the format is told by the bytes). */
const STREAMED_TYPES = ['application/x-ndjson', 'application/jsonl', 'application/octet-stream', 'application/json', 'application/xml', 'text/xml', 'text/plain'];

const UploadQuery = z.object({
  projectId: idSchema,
  name: z.string().trim().max(300).optional(),
  branch: z.string().trim().max(200).optional(),
  env: z.string().trim().max(200).optional(),
  mode: z.enum(RUN_MODES).default('local'),
  /** Cucumber messages, Cucumber JSON or JUnit XML; detected from the first bytes when not given. */
  format: z.enum(REPORT_FORMATS).optional(),
});

/** The file name of a Content-Disposition header, if any (a hint for detecting the format). */
export function fileNameOf(disposition: string | undefined): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      return star.trim();
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/**
 * The request body's chunks for the import, counted against the limit. The request is not destroyed
 * when the import stops early (a refused report): `drain` reads it to its end, so that the answer
 * reaches a client that is still sending.
 */
function bodyChunks(body: Readable | undefined): { chunks: AsyncIterable<Buffer>; drain(): Promise<void> } {
  if (!body || typeof body.iterator !== 'function') return { chunks: (async function* () {})(), drain: async () => {} };
  let received = 0;
  const chunks = (async function* () {
    for await (const chunk of body.iterator({ destroyOnReturn: false })) {
      received += (chunk as Buffer).length;
      if (received > REPORT_UPLOAD_LIMIT) throw new HttpError(413, `The report is larger than ${REPORT_UPLOAD_LIMIT / 1024 / 1024} MB`);
      yield chunk as Buffer;
    }
  })();
  const drain = async () => {
    // Ends the reading (the stream is left open), then lets the rest of the body flow away.
    await chunks.return(undefined);
    if (body.readableEnded || body.destroyed) return;
    await new Promise<void>((resolve) => {
      body.once('end', resolve).once('close', resolve).once('error', () => resolve());
      body.resume();
    });
  };
  return { chunks, drain };
}

/**
 * POST /api/runs/upload-report?projectId&name&branch&env&mode&format with the report as the body:
 * Cucumber messages (NDJSON), Cucumber JSON or JUnit XML. The command-line client's upload and any
 * CI's (access key or session). Answers { status, runStatus, runId, reportLink, format, counts }.
 */
export const reportUploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The ingest's idle worker thread ends with the server (one at work ends with its import).
  app.addHook('onClose', () => closeIngestPool());
  // The body is read as a stream by the import, not buffered (or parsed) by Fastify: these parsers
  // belong to this plugin's routes only.
  const stream = (_req: unknown, payload: NodeJS.ReadableStream, done: (err: Error | null, body?: unknown) => void) => done(null, payload);
  for (const type of STREAMED_TYPES) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
    app.addContentTypeParser(type, { bodyLimit: REPORT_UPLOAD_LIMIT }, stream);
  }
  app.addContentTypeParser('*', { bodyLimit: REPORT_UPLOAD_LIMIT }, stream);
  app.post(
    '/runs/upload-report',
    {
      config: { accessKey: true },
      bodyLimit: REPORT_UPLOAD_LIMIT,
      // The body is the report's bytes, read raw as it arrives: `consumes` describes it (OpenAPI).
      schema: { querystring: UploadQuery, consumes: STREAMED_TYPES },
      // Members only, checked before a byte of the body is read.
      preHandler: async (req) => {
        await requireMember(ctx.db, authOf(req), req.query.projectId);
      },
    },
    async (req) => {
      // Read as it arrives (Cucumber messages: in a worker thread, from a shared buffer that holds the
      // upload until it is stored; the other formats: converted chunk by chunk); stored only once all of it was
      // read and found good, so a malformed or cut report stores nothing.
      const body = bodyChunks(req.body as Readable | undefined);
      const q = req.query;
      try {
        const stored = await uploadReport(
          ctx,
          authOf(req),
          q.projectId,
          {
            body: body.chunks,
            format: q.format,
            fileName: fileNameOf(req.headers['content-disposition']),
            contentType: req.headers['content-type'] ?? null,
            length: lengthOf(req.headers),
          },
          { name: q.name, branch: q.branch, env: q.env, mode: q.mode },
        );
        const { status: runStatus, ...rest } = stored;
        return { status: 'success' as const, runStatus, ...rest };
      } finally {
        await body.drain();
        // A client that went away mid-upload gets no answer: its connection is closed here, or the
        // server would wait for the rest of a body that never comes (and not stop while it waits).
        if (req.raw.errored || req.raw.aborted) req.raw.destroy();
      }
    },
  );
};

/** The body's length when the request says it plainly (not when it is sent in chunks or encoded). */
function lengthOf(headers: IncomingHttpHeaders): number | null {
  if (headers['transfer-encoding'] || (headers['content-encoding'] && headers['content-encoding'] !== 'identity')) return null;
  const length = Number(headers['content-length']);
  return Number.isSafeInteger(length) && length > 0 ? length : null;
}
