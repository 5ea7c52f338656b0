import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { executionsRoutes } from './executions.routes.ts';
import { attachExecutionSocket } from './executions-socket.ts';

/**
 * The executions area on the app: /api/executions routes, the socket.io channel at /ws on the same
 * HTTP server, the scheduler armed when the app is ready and stopped (with the runner) when it closes.
 */
export async function registerExecutions(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.executions.wire(ctx);
  await app.register(executionsRoutes, { ctx, prefix: '/api' });
  const io = attachExecutionSocket(ctx, ctx.executions, app.server);
  app.addHook('onReady', async () => {
    await ctx.executions.start();
  });
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await ctx.executions.stop();
  });
}
