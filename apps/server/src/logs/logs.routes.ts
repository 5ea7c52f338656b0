import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventBody, LogBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { requireMember } from '../projects/project-access.ts';

/** Client log shipping (auth/log) and product usage events (storage/event). */
export const logsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/auth/log', { schema: { body: LogBody } }, async (req) => {
    const { user } = authOf(req);
    await ctx.db
      .insertInto('client_logs')
      .values(
        req.body.logs.map((entry) => ({
          user_id: user.id,
          session_id: entry.sessionId ?? '',
          log_type: entry.logType,
          entry: JSON.stringify(entry),
        })),
      )
      .execute();
    for (const entry of req.body.logs) {
      if (entry.logType === 'Error' || entry.logType === 'Critical') req.log.warn({ client: entry }, 'client error');
    }
    return { status: 'success' as const, stored: req.body.logs.length };
  });

  app.post('/storage/event', { config: { accessKey: true }, schema: { body: EventBody } }, async (req) => {
    const auth = authOf(req);
    const projectId = req.body.projectId ?? auth.accessKeyProjectId ?? null;
    if (projectId) await requireMember(ctx.db, auth, projectId);
    await ctx.db.insertInto('usage_events').values({ user_id: auth.user.id, project_id: projectId, event: req.body.event }).execute();
    return { status: 'success' as const };
  });
};
