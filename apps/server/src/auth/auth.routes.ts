import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileBody, SignInBody, SignUpBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { AuthService, SignInRefused } from './auth.service.ts';
import { revokeSession } from './session.repository.ts';
import { updateUser } from './user.repository.ts';
import { presentUser } from './user.presenter.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auth = new AuthService(ctx);
  const strict = { config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } } };
  app.addHook('onError', async (_req, reply, err) => {
    if (err instanceof SignInRefused) reply.header('retry-after', String(err.retryAfterSeconds));
  });

  app.post('/auth/signup-without-iam', { ...strict, schema: { body: SignUpBody } }, async (req) => auth.signUp(req.body));
  app.post('/auth/signin-without-iam', { ...strict, schema: { body: SignInBody } }, async (req) => auth.signIn(req.body, req.ip));

  app.get('/auth/getNonIamUserByToken', async (req) => ({ status: 'success' as const, user: presentUser(authOf(req).user) }));

  app.post('/auth/logout', async (req) => {
    const { sessionId, user } = authOf(req);
    if (sessionId) {
      await revokeSession(ctx.db, sessionId);
      ctx.events.revokeAccess({ userId: user.id, sessionId });
    }
    return { status: 'success' as const };
  });

  app.post('/auth/signup', { schema: { body: ProfileBody } }, async (req) => {
    const { user } = authOf(req);
    const b = req.body;
    const updated = await updateUser(ctx.db, user.id, {
      firstname: b.firstname,
      lastname: b.lastname,
      company_name: b.companyName ?? user.company_name,
      country: b.country ?? user.country,
      phone: b.phone ?? user.phone,
    });
    return { status: 'success' as const, user: presentUser(updated ?? user) };
  });
};
