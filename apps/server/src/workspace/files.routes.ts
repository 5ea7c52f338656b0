import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteFileQuery, FileContentQuery, FilesQuery, PushFileBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { workspaceServices } from './workspace-services.ts';

export const filesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { files } = workspaceServices(ctx);
  const ok = { status: 'success' as const, error: null };

  app.post('/workspace/push-file', { schema: { body: PushFileBody } }, async (req) => ({ ...ok, ...(await files.push(authOf(req), req.body)) }));
  app.get('/workspace/get-files', { schema: { querystring: FilesQuery } }, async (req) => ({ ...ok, files: await files.list(authOf(req), req.query) }));
  app.delete('/workspace/delete-file', { schema: { querystring: DeleteFileQuery } }, async (req) => ({
    ...ok,
    ...(await files.remove(authOf(req), req.query)),
  }));
  app.get('/workspace/get-file-content', { schema: { querystring: FileContentQuery } }, async (req) => ({
    ...ok,
    ...(await files.content(authOf(req), req.query)),
  }));
};
