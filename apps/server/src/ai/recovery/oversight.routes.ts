import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AcceptOversightBody, ArchiveOversightBody, OVERSIGHT_MESSAGES, OversightListQuery, type OversightListResponse } from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth-plugin.ts';
import { acceptOversight, archiveOversight, listOversight } from './oversight.service.ts';

/** The spec's runs/oversight calls (Code Review); accepting, whose path the spec does not show, is runs/oversight/accept. */
export const oversightRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/runs/oversight/list', { schema: { querystring: OversightListQuery } }, async (req): Promise<OversightListResponse> => {
    const { result, total } = await listOversight(ctx, authOf(req), req.query.project_id);
    return { status: 'success', result, total };
  });
  app.post('/runs/oversight/archive-oversight', { schema: { body: ArchiveOversightBody } }, async (req) => {
    const archived = await archiveOversight(ctx, authOf(req), req.body.project_id, req.body.scenario_ids);
    return { status: 'success' as const, archived, message: OVERSIGHT_MESSAGES.discarded(archived) };
  });
  app.post('/runs/oversight/accept', { schema: { body: AcceptOversightBody } }, async (req) => {
    const { commit } = await acceptOversight(ctx, authOf(req), req.body);
    return { status: 'success' as const, commit, message: OVERSIGHT_MESSAGES.accepted };
  });
};
