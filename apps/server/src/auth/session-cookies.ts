import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { SESSION_COOKIES } from '@stepwise/shared';
import type { AppContext } from '../context.ts';

/**
 * The browser's session: the session token in an HttpOnly cookie page scripts cannot read, and beside it
 * a readable CSRF cookie (a signed double-submit token: HMAC of the session token under a key derived
 * from the server's secret). A write authenticated by the session cookie must repeat the CSRF cookie's
 * value in the x-csrf-token header, which a page of another site cannot read nor compute.
 */

/** Whether cookies of this request are sent over https only: PUBLIC_URL's scheme, else the request's (trustProxy honoured). */
export function cookiesAreSecure(ctx: AppContext, request: FastifyRequest): boolean {
  return ctx.config.publicUrl ? ctx.config.publicUrl.startsWith('https:') : request.protocol === 'https';
}

function baseOptions(ctx: AppContext, request: FastifyRequest): CookieSerializeOptions {
  return { path: '/', sameSite: 'lax', secure: cookiesAreSecure(ctx, request) };
}

/** The CSRF token belonging to a session token. */
export function csrfTokenFor(ctx: AppContext, sessionToken: string): string {
  return createHmac('sha256', ctx.secrets.deriveKey('csrf')).update(sessionToken).digest('base64url');
}

/** Whether `presented` (the x-csrf-token header) is the CSRF token of the session token. */
export function csrfTokenMatches(ctx: AppContext, sessionToken: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(csrfTokenFor(ctx, sessionToken));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function setSessionCookies(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, sessionToken: string): void {
  const maxAge = Math.floor(ctx.config.sessionTtlMs / 1000);
  const base = baseOptions(ctx, request);
  reply.setCookie(SESSION_COOKIES.session, sessionToken, { ...base, httpOnly: true, maxAge });
  reply.setCookie(SESSION_COOKIES.csrf, csrfTokenFor(ctx, sessionToken), { ...base, httpOnly: false, maxAge });
}

export function clearSessionCookies(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): void {
  const base = baseOptions(ctx, request);
  reply.clearCookie(SESSION_COOKIES.session, { ...base, httpOnly: true });
  reply.clearCookie(SESSION_COOKIES.csrf, { ...base, httpOnly: false });
}

/** The session token of the request's cookie, if any. */
export function sessionCookieOf(request: FastifyRequest): string | null {
  const value = request.cookies?.[SESSION_COOKIES.session];
  return value ? value : null;
}
