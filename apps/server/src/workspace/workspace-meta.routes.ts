import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateWorkspaceBody, LastActiveSelectionBody, LastUpdatedBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { cucumberClientVersion } from './workspace-meta.service.ts';
import { workspaceServices } from './workspace-services.ts';

export const workspaceMetaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { meta } = workspaceServices(ctx);
  const ok = { status: 'success' as const, error: null };
  const versions = { cucumber_client: cucumberClientVersion() };

  app.post('/workspace/last-updated', { schema: { body: LastUpdatedBody } }, async (req) => ({
    ...ok,
    ...(await meta.lastUpdated(authOf(req), req, req.body)),
  }));
  app.post('/workspace/updateLastActiveWorkspace', { schema: { body: LastActiveSelectionBody } }, async (req) => {
    await meta.saveSelection(authOf(req), req.body);
    return ok;
  });
  app.get('/workspace/get-stable-versions', async (req) => {
    authOf(req);
    return { ...ok, versions };
  });
  app.post('/auth/create-workspace', { schema: { body: CreateWorkspaceBody } }, async (req) => ({
    ...ok,
    created: await meta.createWorkspace(authOf(req), req.body.projectId),
  }));
};
