import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idSchema } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { getExecutionLogs } from './execution-logs.service.ts';

const LogsParams = z.object({ id: idSchema });

/** GET /api/runs/cucumber-runs/getExecutionLogs/:id (instance id or run id) -> { status, logs }. */
export const executionLogsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/runs/cucumber-runs/getExecutionLogs/:id', { config: { accessKey: true }, schema: { params: LogsParams } }, async (req) => ({
    status: 'success' as const,
    logs: await getExecutionLogs(ctx, authOf(req), req.params.id),
  }));
};
