import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventBody, LogBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { requireMember } from '../projects/project-access.ts';
import { recordUsageEvent, storeClientLogs } from './logs.service.ts';

/** Client log shipping (auth/log) and product usage events (storage/event). */
export const logsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/auth/log', { schema: { body: LogBody } }, async (req) => ({
    status: 'success' as const,
    stored: await storeClientLogs(ctx, authOf(req).user.id, req.body.logs, req.log),
  }));

  app.post('/storage/event', { config: { accessKey: true }, schema: { body: EventBody } }, async (req) => {
    const auth = authOf(req);
    const projectId = req.body.projectId ?? auth.accessKeyProjectId ?? null;
    if (projectId) await requireMember(ctx.db, auth, projectId);
    await recordUsageEvent(ctx, auth.user.id, projectId, req.body.event);
    return { status: 'success' as const };
  });
};
