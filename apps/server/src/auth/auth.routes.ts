import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COOKIE_SESSION_HEADER, type LogoutResponse, ProfileBody, SignInBody, type SignInResponse, SignUpBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { AuthService, SignInRefused } from './auth.service.ts';
import { endSession } from './end-session.ts';
import { clearSessionCookies, setSessionCookies } from './session-cookies.ts';
import { companySignOutUrl } from './oidc/oidc-sign-out.ts';
import { updateUser } from './user.repository.ts';
import { presentUser } from './user.presenter.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auth = new AuthService(ctx);
  const strict = { config: { public: true, rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } } };
  app.addHook('onError', async (_req, reply, err) => {
    if (err instanceof SignInRefused) reply.header('retry-after', String(err.retryAfterSeconds));
  });

  /** The session goes into the cookies; the answer carries the token too unless the web app asked for the cookie only. */
  const answer = (req: FastifyRequest, reply: FastifyReply, { sessionId: _, ...res }: SignInResponse & { sessionId: string }): SignInResponse => {
    setSessionCookies(ctx, req, reply, res.token);
    return req.headers[COOKIE_SESSION_HEADER] === '1' ? { ...res, token: '' } : res;
  };
  app.post('/auth/signup-without-iam', { ...strict, schema: { body: SignUpBody } }, async (req, reply) => answer(req, reply, await auth.signUp(req.body)));
  app.post('/auth/signin-without-iam', { ...strict, schema: { body: SignInBody } }, async (req, reply) => answer(req, reply, await auth.signIn(req.body, req.ip)));

  app.get('/auth/getNonIamUserByToken', async (req) => ({ status: 'success' as const, user: presentUser(authOf(req).user) }));

  app.post('/auth/logout', async (req, reply): Promise<LogoutResponse> => {
    const { sessionId, user } = authOf(req);
    let logoutUrl: string | null = null;
    if (sessionId) {
      logoutUrl = await companySignOutUrl(ctx, req, sessionId);
      // Refused at once on every server: their cached session is dropped before this answers.
      await endSession(ctx, sessionId, user.id);
    }
    clearSessionCookies(ctx, req, reply);
    return logoutUrl ? { status: 'success', logoutUrl } : { status: 'success' };
  });

  app.post('/auth/signup', { schema: { body: ProfileBody } }, async (req) => {
    const { user } = authOf(req);
    const b = req.body;
    const updated = await updateUser(ctx, user.id, {
      firstname: b.firstname,
      lastname: b.lastname,
      company_name: b.companyName ?? user.company_name,
      country: b.country ?? user.country,
      phone: b.phone ?? user.phone,
    });
    return { status: 'success' as const, user: presentUser(updated ?? user) };
  });
};
