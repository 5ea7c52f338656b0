import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GenerateStepBody, type GenerateStepResponse } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { aiProvider } from './ai-provider.ts';
import { generateScenarioStep } from './generate-step.ts';

/** POST ai/generate-step: code for one step of a saved scenario ('Generate code with AI', the step bar's Generate). */
export const generateStepRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/ai/generate-step', { schema: { body: GenerateStepBody } }, async (req): Promise<GenerateStepResponse> => {
    return generateScenarioStep(ctx, aiProvider(ctx), authOf(req), req.body);
  });
};
