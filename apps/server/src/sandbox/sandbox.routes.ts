import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RunSandboxResponse } from '@stepwise/shared';
import type { AppContext } from '../context.ts';

/** How this server runs step code: any signed-in user may know (the Settings banner); nobody without a session. */
export const sandboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/server/run-sandbox', async (): Promise<RunSandboxResponse> => {
    const { mode, network, warning } = ctx.sandbox.status;
    return { status: 'success', sandbox: { mode, network, warning } };
  });
};
