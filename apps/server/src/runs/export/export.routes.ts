import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReportExportQuery } from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth-plugin.ts';
import { exportRun } from './export.service.ts';

/**
 * GET /api/runs/export?runId&format=ndjson|json|junit|html: the run as a file to download (members of
 * its project, session or access key), streamed as it is written.
 */
export const runExportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/runs/export', { config: { accessKey: true }, schema: { querystring: ReportExportQuery, produces: ['application/x-ndjson', 'application/json', 'application/xml', 'text/html'] } }, async (req, reply) => {
    const { fileName, contentType, stream } = await exportRun(ctx, authOf(req), req.query.runId, req.query.format);
    return reply
      .header('content-type', contentType)
      .header('content-disposition', `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });
};
