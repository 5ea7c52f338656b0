import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_BRANCH, idSchema } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { CliService } from './cli.service.ts';

const branch = z.string().trim().min(1).max(200).default(DEFAULT_BRANCH);
const ArchiveQuery = z.object({ projectId: idSchema, branch });
const RunContextBody = z.object({ projectId: idSchema, branch, env: z.string().trim().min(1).max(200).optional() });

/**
 * Calls of the command-line client (access key or session): the branch's files, and the environment
 * with its opened test data for a run on the caller's machine. Members only, like the web app.
 */
export const cliRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cli = new CliService(ctx);

  app.get('/cli/workspace-archive', { config: { accessKey: true }, schema: { querystring: ArchiveQuery } }, async (req, reply) => {
    const stream = await cli.archive(authOf(req), req.query.projectId, req.query.branch);
    return reply
      .header('content-type', 'application/x-tar')
      .header('content-disposition', `attachment; filename="${req.query.projectId}.tar"`)
      .send(stream);
  });

  app.post('/cli/run-context', { config: { accessKey: true }, schema: { body: RunContextBody } }, async (req, reply) => {
    const context = await cli.runContext(authOf(req), req.body.projectId, req.body.branch, req.body.env);
    return reply.header('cache-control', 'no-store').send({ status: 'success', ...context });
  });
};
