import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateInvitationBody, DeclineInvitationBody, InvitationIdBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { InvitationsService } from './invitations.service.ts';

export const invitationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const invitations = new InvitationsService(ctx);
  const ok = { status: 'success' as const };

  app.post('/auth/create-invitation', { schema: { body: CreateInvitationBody } }, async (req) => ({
    ...ok,
    invitation_ids: await invitations.create(authOf(req), req.body.project_id, req.body.sent_to_email_list),
  }));
  app.get('/auth/get-invitations', async (req) => ({ ...ok, invitations: await invitations.listMine(authOf(req)) }));
  app.post('/auth/verify-invitation', { schema: { body: InvitationIdBody } }, async (req) => ({
    ...ok,
    invitation: await invitations.verify(authOf(req), req.body.id),
  }));
  app.post('/auth/addMember', { schema: { body: InvitationIdBody } }, async (req) => ({
    ...ok,
    project: await invitations.accept(authOf(req), req.body.id),
  }));
  app.delete(
    '/auth/invitations/:email',
    { schema: { params: z.object({ email: z.string().max(254) }), body: DeclineInvitationBody.nullish() } },
    async (req) => {
      await invitations.decline(authOf(req), req.params.email, req.body?.id);
      return ok;
    },
  );
};
