import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth-plugin.ts';
import { requireMember } from '../../projects/project-access.ts';
import { aiProvider } from '../ai-provider.ts';

/** What a local run (`stepwise run --ai-recovery`) sends when a step fails on a locator. */
export const RepairLocatorBody = z.object({
  projectId: z.string().min(1).max(64),
  stepText: z.string().max(2000),
  code: z.string().min(1).max(50_000),
  error: z.string().min(1).max(8000),
  page: z.object({ url: z.string().max(4000), title: z.string().max(1000), aria: z.string().max(500_000) }),
});

/**
 * AI recovery for runs outside the server: the project's AI provider repairs a locator from the page
 * the run saw. Access keys (the CLI's) and sessions of members.
 */
export const repairRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/cli/ai-repair', { config: { accessKey: true }, schema: { body: RepairLocatorBody } }, async (req) => {
    const { projectId, ...request } = req.body;
    await requireMember(ctx.db, authOf(req), projectId);
    return { status: 'success' as const, answer: await aiProvider(ctx).repairLocator(request) };
  });
};
