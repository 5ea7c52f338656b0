import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProjectIdQuery, RemoveMemberBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { MembersService } from './members.service.ts';

export const membersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const members = new MembersService(ctx);
  app.get('/auth/getMembers', { schema: { querystring: ProjectIdQuery } }, async (req) => ({
    status: 'success' as const,
    members: await members.list(authOf(req), req.query.project_id),
  }));
  app.delete('/auth/remove-member-or-invitation', { schema: { body: RemoveMemberBody } }, async (req) => {
    await members.remove(authOf(req), req.body);
    return { status: 'success' as const };
  });
};
