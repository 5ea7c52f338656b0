import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idSchema, RUN_MODES } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { requireMember } from '../projects/project-access.ts';
import { uploadReport } from './report-upload.service.ts';

/** Reports can be large (screenshots are inline in Cucumber messages). */
export const REPORT_UPLOAD_LIMIT = 512 * 1024 * 1024;

const UploadQuery = z.object({
  projectId: idSchema,
  name: z.string().trim().max(300).optional(),
  branch: z.string().trim().max(200).optional(),
  env: z.string().trim().max(200).optional(),
  mode: z.enum(RUN_MODES).default('local'),
});

/**
 * POST /api/runs/upload-report?projectId&name&branch&env&mode with a Cucumber messages (NDJSON) body:
 * the command-line client's upload (access key or session). Answers { status, runId, reportLink, counts }.
 */
export const reportUploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The body is read as a stream by the import, not buffered by Fastify.
  for (const type of ['application/x-ndjson', 'application/jsonl', 'application/octet-stream']) {
    app.addContentTypeParser(type, { bodyLimit: REPORT_UPLOAD_LIMIT }, (_req, payload, done) => done(null, payload));
  }
  app.post(
    '/runs/upload-report',
    {
      config: { accessKey: true },
      bodyLimit: REPORT_UPLOAD_LIMIT,
      schema: { querystring: UploadQuery },
      // Members only, checked before a byte of the body is stored.
      preHandler: async (req) => {
        await requireMember(ctx.db, authOf(req), req.query.projectId);
      },
    },
    async (req) => {
      // Spooled to a file first: the request is read to its end whatever the import finds, so that a
      // refused report still gets its answer, and a large one is never held in memory.
      const dir = path.join(ctx.config.dataDir, 'tmp');
      await fs.promises.mkdir(dir, { recursive: true });
      const file = path.join(dir, `upload-${randomUUID()}.ndjson`);
      try {
        const body = req.body as NodeJS.ReadableStream | undefined;
        if (body) await pipeline(body, fs.createWriteStream(file));
        else await fs.promises.writeFile(file, '');
        const q = req.query;
        const stored = await uploadReport(ctx, authOf(req), q.projectId, fs.createReadStream(file), { name: q.name, branch: q.branch, env: q.env, mode: q.mode });
        const { status: runStatus, ...rest } = stored;
        return { status: 'success' as const, runStatus, ...rest };
      } finally {
        await fs.promises.rm(file, { force: true });
      }
    },
  );
};
