import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import { ACCESS_KEY_PREFIX, CSRF_HEADER, HEADERS, MSG } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { findUserBySessionToken } from '../auth/session.repository.ts';
import { useAccessKey } from '../access-keys/access-keys.repository.ts';
import { csrfTokenMatches, sessionCookieOf } from '../auth/session-cookies.ts';
import { hashToken } from '../security/tokens.ts';
import type { ApiCaches } from '../cache/api-caches.ts';
import { forbidden, unauthorized } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_REFUSED = 'This request did not carry the page\'s CSRF token. Please reload the page.';

export interface AuthContext {
  user: User;
  /** Set when the caller used a session token. */
  sessionId?: string;
  /** Set when the caller used a project access key: the key only opens its own project. */
  accessKeyProjectId?: string;
  /** The server's caches: requireMember answers from them (project-access.ts). Absent: always the database. */
  caches?: ApiCaches;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** No authentication needed. */
    public?: boolean;
    /** A project access key is accepted in place of a session token. */
    accessKey?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/**
 * Authenticates every /api request unless its route is marked public: a bearer token (session token or
 * project access key: API clients, the CLI and CI) or else the browser's session cookie, whose writes
 * must carry the CSRF token (session-cookies.ts). Sessions and keys are looked up by the token's
 * digest in the server's cache first (ctx.caches: at most API_CACHE_TTL_SECONDS old, never past the
 * session's expiry, dropped on every server by logout, a change of the user, a key's deletion or its
 * owner's removal); a key's last use is recorded when it is read from the database.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const { ctx } = opts;
  const { db, caches } = ctx;
  app.decorateRequest('auth', null);
  app.addHook('onClose', () => caches.close());
  /** Who the request is (request.auth), or a refusal. */
  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const config = request.routeOptions.config;
    if (!request.url.startsWith('/api/') || config?.public || !request.routeOptions.url) return;
    const bearer = bearerToken(request);
    const cookie = bearer ? null : sessionCookieOf(request);
    const token = bearer ?? cookie;
    if (!token) throw unauthorized(MSG.unauthorized);
    if (cookie && !SAFE_METHODS.has(request.method) && !csrfTokenMatches(ctx, cookie, header(request, CSRF_HEADER))) throw forbidden(CSRF_REFUSED);
    if (token.startsWith(ACCESS_KEY_PREFIX)) {
      if (!config?.accessKey) throw unauthorized('Access keys cannot be used for this call');
      const found = await caches.accessKeys.load(hashToken(token), () => useAccessKey(db, token));
      if (!found) throw unauthorized('Invalid access key');
      request.auth = { user: found.user, accessKeyProjectId: found.projectId, caches };
    } else {
      const found = await caches.sessions.load(hashToken(token), () => findUserBySessionToken(db, token), (s) => s.expiresAt - Date.now());
      if (!found) throw unauthorized(MSG.sessionExpired);
      request.auth = { user: found.user, sessionId: found.sessionId, caches };
    }
  };
  app.addHook('onRequest', async (request) => {
    try {
      await authenticate(request);
    } finally {
      // The request's own logger (request-logger.ts, shared with the reply) gets the trace headers the client sent and the user.
      const bindings: Record<string, string> = {};
      for (const [key, name] of TRACE_BINDINGS) {
        const value = header(request, name);
        if (value !== undefined) bindings[key] = value;
      }
      if (request.auth) bindings.userId = request.auth.user.id;
      if (Object.keys(bindings).length) (request.log as Logger).setBindings(bindings);
    }
  });
});

const TRACE_BINDINGS = [
  ['traceId', HEADERS.traceId],
  ['clientSessionId', HEADERS.sessionId],
  ['projectHeader', HEADERS.projectId],
] as const;

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' ? v.slice(0, 100) : undefined;
}

/** The authenticated user of a route that is not public. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
