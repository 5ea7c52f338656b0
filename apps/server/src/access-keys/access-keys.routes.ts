import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateAccessKeyBody, DeleteAccessKeyBody, ProjectIdQuery } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { AccessKeysService } from './access-keys.service.ts';

export const accessKeysRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const keys = new AccessKeysService(ctx);
  app.get('/auth/getAccessKeys', { schema: { querystring: ProjectIdQuery } }, async (req) => ({
    status: 'success' as const,
    accessKeys: await keys.list(authOf(req), req.query.project_id),
  }));
  app.post('/auth/createAccessKey', { schema: { body: CreateAccessKeyBody } }, async (req) => ({
    status: 'success' as const,
    ...(await keys.create(authOf(req), req.body.projectId, req.body.name)),
  }));
  app.delete('/auth/deleteAccessKey', { schema: { body: DeleteAccessKeyBody } }, async (req) => {
    await keys.remove(authOf(req), req.body.id);
    return { status: 'success' as const };
  });
};
