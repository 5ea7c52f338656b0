import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateFolderBody, DeleteFolderBody, EditFolderBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { workspaceServices } from './workspace-services.ts';

export const foldersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { folders } = workspaceServices(ctx);
  const ok = { status: 'success' as const, error: null };

  app.post('/workspace/create-folder', { schema: { body: CreateFolderBody } }, async (req) => ({ ...ok, ...(await folders.create(authOf(req), req.body)) }));
  app.post('/workspace/edit-folder', { schema: { body: EditFolderBody } }, async (req) => ({ ...ok, ...(await folders.edit(authOf(req), req.body)) }));
  app.post('/workspace/delete-folder', { schema: { body: DeleteFolderBody } }, async (req) => ({ ...ok, ...(await folders.remove(authOf(req), req.body)) }));
};
