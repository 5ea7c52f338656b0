import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { CompanySignInCallbackQuery, CompanySignInQuery, safeReturnPath, type SsoErrorCode } from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import { createSession } from '../session.repository.ts';
import { cookiesAreSecure, setSessionCookies } from '../session-cookies.ts';
import { companyUser, CompanySignInRefused } from './company-accounts.ts';
import { recordOidcSession } from './identities.repository.ts';
import { backchannelLogoutRoutes } from './backchannel-logout.routes.ts';
import { oidcClientFor, type OidcFlow } from './oidc-client.ts';
import { CALLBACK_PATH, publicOrigin } from './public-origin.ts';

const FLOW_COOKIE = 'stepwise_oidc';
const FLOW_PATH = '/api/auth/oidc';
const FLOW_TTL_MS = 10 * 60_000;

/**
 * Company sign-in (OpenID Connect, authorization code + PKCE): `start` sends the browser to the provider
 * with a sealed, HttpOnly cookie holding state, nonce and PKCE verifier; `callback` checks them and the
 * ID token, finds or creates the user (company-accounts.ts) and starts a cookie session. Both are page
 * navigations: a refusal goes back to /login?ssoError=<code>, which the login page explains.
 */
export const oidcRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limited = { config: { public: true, rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } } };
  const refuse = (reply: FastifyReply, code: SsoErrorCode) => reply.redirect(`/login?ssoError=${code}`, 303);
  const flowCookie = (req: FastifyRequest) => ({ path: FLOW_PATH, httpOnly: true, sameSite: 'lax' as const, secure: cookiesAreSecure(ctx, req) });

  app.get('/auth/oidc/start', { ...limited, schema: { querystring: CompanySignInQuery } }, async (req, reply) => {
    const oidc = ctx.config.oidc;
    if (!oidc) return refuse(reply, 'notConfigured');
    try {
      const { url, flow } = await oidcClientFor(oidc).start(`${publicOrigin(ctx, req)}${CALLBACK_PATH}`, safeReturnPath(req.query.callbackUrl));
      const sealed = ctx.secrets.encrypt(JSON.stringify({ ...flow, expiresAt: Date.now() + FLOW_TTL_MS }));
      reply.setCookie(FLOW_COOKIE, sealed, { ...flowCookie(req), maxAge: FLOW_TTL_MS / 1000 });
      return reply.redirect(url.href, 302);
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'identity provider unavailable');
      return refuse(reply, 'providerUnavailable');
    }
  });

  app.get('/auth/oidc/callback', { ...limited, schema: { querystring: CompanySignInCallbackQuery } }, async (req, reply) => {
    const oidc = ctx.config.oidc;
    const sealed = req.cookies[FLOW_COOKIE];
    reply.clearCookie(FLOW_COOKIE, flowCookie(req));
    if (!oidc) return refuse(reply, 'notConfigured');
    const flow = sealed ? openFlow(ctx, sealed) : null;
    if (!flow) return refuse(reply, 'flowExpired');
    if (req.query.error) {
      req.log.info({ error: req.query.error }, 'identity provider refused the sign-in');
      return refuse(reply, 'refused');
    }
    const oidcClient = oidcClientFor(oidc);
    const queryAt = req.url.indexOf('?');
    const search = queryAt >= 0 ? req.url.slice(queryAt) : '';
    let signIn;
    try {
      signIn = await oidcClient.finish(new URL(`${CALLBACK_PATH}${search}`, publicOrigin(ctx, req)), flow);
    } catch (err) {
      req.log.warn({ err: describe(err) }, 'company sign-in answer refused');
      return refuse(reply, err instanceof client.AuthorizationResponseError ? 'refused' : 'invalidResponse');
    }
    let user;
    try {
      user = await companyUser(ctx, oidcClient.issuer, signIn.claims);
    } catch (err) {
      if (err instanceof CompanySignInRefused) {
        req.log.info({ reason: err.code }, 'company sign-in refused');
        return refuse(reply, err.code);
      }
      throw err;
    }
    const session = await createSession(ctx.db, user.id, ctx.config.sessionTtlMs);
    const sid = typeof signIn.claims.sid === 'string' ? signIn.claims.sid : null;
    await recordOidcSession(ctx.db, { sessionId: session.id, issuer: oidcClient.issuer, idTokenSealed: ctx.secrets.encrypt(signIn.idToken), sid });
    setSessionCookies(ctx, req, reply, session.token);
    req.log.info({ userId: user.id }, 'company sign-in');
    return reply.redirect(flow.returnTo, 303);
  });

  await app.register(backchannelLogoutRoutes, { ctx });
};

function openFlow(ctx: AppContext, sealed: string): OidcFlow | null {
  try {
    const flow = JSON.parse(ctx.secrets.decrypt(sealed)) as OidcFlow & { expiresAt: number };
    if (!(flow.expiresAt > Date.now()) || typeof flow.state !== 'string' || typeof flow.verifier !== 'string') return null;
    return { state: flow.state, nonce: flow.nonce, verifier: flow.verifier, returnTo: safeReturnPath(flow.returnTo) };
  } catch {
    return null;
  }
}

/** An error's name, code and message for the log (never a token: openid-client's messages hold none). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return `${err.name}${typeof code === 'string' ? ` ${code}` : ''}: ${err.message}`;
}
