import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OnboardingInitBody, OnboardingProgressBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf, type AuthContext } from '../http/auth-plugin.ts';
import { forbidden } from '../http/errors.ts';
import { updateUser } from '../auth/user.repository.ts';

/** A user reads and moves only their own onboarding state. */
function own(auth: AuthContext, userId: string) {
  if (auth.user.id !== userId) throw forbidden('You can only read or change your own onboarding');
  return auth.user;
}

export const onboardingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const state = (userId: string, step: number) => ({ status: 'success' as const, userId, lastCompletedStep: step });

  app.get('/workspace/onboarding/:userId', { schema: { params: z.object({ userId: z.string().max(64) }) } }, async (req) => {
    const user = own(authOf(req), req.params.userId);
    return state(user.id, user.last_completed_step);
  });
  app.post('/workspace/onboarding/init', { schema: { body: OnboardingInitBody } }, async (req) => {
    const user = own(authOf(req), req.body.userId);
    return state(user.id, user.last_completed_step);
  });
  app.patch('/workspace/onboarding/progress', { schema: { body: OnboardingProgressBody } }, async (req) => {
    const user = own(authOf(req), req.body.userId);
    const updated = await updateUser(ctx, user.id, { last_completed_step: req.body.lastCompletedStep });
    return state(user.id, updated?.last_completed_step ?? req.body.lastCompletedStep);
  });
};
