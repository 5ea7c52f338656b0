import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddPrivateRepoBody, PrivateRepoUrlBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { PrivateRepoService } from './private-repo.service.ts';

export const privateRepoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const repos = new PrivateRepoService(ctx);
  const ok = { status: 'success' as const };

  app.post('/auth/addPrivateRepo', { schema: { body: AddPrivateRepoBody } }, async (req) => {
    const { project_id, ...input } = req.body;
    const { url, sync } = await repos.connect(authOf(req), project_id, input);
    return { ...ok, error: null, url, ...sync };
  });
  app.post('/auth/getPrivateRepoUrl', { schema: { body: PrivateRepoUrlBody } }, async (req) => ({
    ...ok,
    url: await repos.url(authOf(req), req.body.project_id),
  }));
};
