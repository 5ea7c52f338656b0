import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { endSession } from '../end-session.ts';
import { firstSightOfLogoutToken, oidcSessionsNamed } from './identities.repository.ts';
import { LogoutTokenRefused } from './logout-token.ts';
import { oidcClientFor } from './oidc-client.ts';

/** Where the identity provider is told to send logout tokens (its client's `backchannel_logout_uri`). */
export const BACKCHANNEL_LOGOUT_PATH = '/api/auth/oidc/backchannel-logout';
const FORM_LIMIT = 64 * 1024;
/** A provider ending many sign-ins at once sends as many requests: more than a person's sign-in allows. */
const LOGOUTS_PER_MINUTE_PER_SIGN_IN = 10;

const LogoutForm = z.object({ logout_token: z.string().min(1).max(16_384) });

/**
 * OpenID Connect Back-Channel Logout 1.0: when a person signs out at the company's identity provider (or
 * an administrator ends their session there), the provider posts a logout token here, server to server.
 * A token that checks out (logout-token.ts) ends the sign-ins it names at once, on every server: the
 * provider's session (`sid`), or every company sign-in of the account (`sub`). 200 when done, 400 when
 * the token is refused, as the specification asks (with the API's error envelope: the reason); neither
 * is cached.
 */
export const backchannelLogoutRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The token comes as a form field (application/x-www-form-urlencoded); only this plugin's route reads forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const config = { public: true, rateLimit: { max: ctx.config.authRateLimitPerMinute * LOGOUTS_PER_MINUTE_PER_SIGN_IN, timeWindow: '1 minute' } };

  app.post(BACKCHANNEL_LOGOUT_PATH.slice('/api'.length), { config, schema: { body: LogoutForm } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const oidc = ctx.config.oidc;
    if (!oidc) return reply.code(400).send({ status: 'error', error: 'Company sign-in is not configured on this server' });
    let names;
    try {
      names = await oidcClientFor(oidc).logoutTokenNames(req.body.logout_token);
    } catch (err) {
      if (err instanceof LogoutTokenRefused) {
        req.log.info({ reason: err.message }, 'back-channel logout refused');
        return reply.code(400).send({ status: 'error', error: err.message });
      }
      req.log.warn({ err: (err as Error).message }, 'identity provider unavailable for a back-channel logout');
      return reply.code(503).send({ status: 'error', error: 'The identity provider could not be reached to check the logout token' });
    }
    // The same token again (a provider's retry, or a replay) ends nothing more: not a sign-in made since.
    if (!(await firstSightOfLogoutToken(ctx.db, oidc.issuer, names.jti))) {
      req.log.info('back-channel logout token seen before');
      return reply.code(200).send();
    }
    const sessions = await oidcSessionsNamed(ctx.db, oidc.issuer, names);
    for (const s of sessions) await endSession(ctx, s.sessionId, s.userId);
    req.log.info({ sessions: sessions.length, bySession: names.sid !== null }, 'back-channel logout');
    return reply.code(200).send();
  });
};
