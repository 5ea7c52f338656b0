import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { DEMO_PROJECT } from '@stepwise/shared';
import { isApiDocsUrl } from './openapi.ts';

type Directives = Record<string, string[]>;

/**
 * The web app's policy. Scripts only from our own files (the built app has no inline script);
 * styles also inline, because emotion (MUI), MUI X and CodeMirror write <style> elements at run
 * time (docs/DECISIONS.md). Realtime goes over socket.io on this origin, which 'self' covers for
 * ws: and wss: too; behind a proxy PUBLIC_URL's origin is added.
 */
export function webAppDirectives(publicUrl?: string): Directives {
  const https = publicUrl?.startsWith('https:') ?? false;
  const connect = ["'self'"];
  if (publicUrl) {
    const u = new URL(publicUrl);
    connect.push(u.origin, `${https ? 'wss' : 'ws'}://${u.host}`);
  }
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The demo shop (a test target): its own scripts, styles and images only; it has nothing inline. */
export const DEMO_SHOP_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** API answers are data, never documents to render: nothing may load or run in them. */
export const API_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  sandbox: [],
};

/**
 * Swagger UI at /api/docs (the OpenAPI document's viewer): its own scripts and styles, inline styles
 * (the UI sets style attributes), data: images (its icons) and calls to this origin ("Try it out").
 */
export const API_DOCS_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const csp = (directives: Directives) => ({ contentSecurityPolicy: { useDefaults: false, directives } });

/**
 * Security headers on every answer (@fastify/helmet): nosniff, no referrer, framing refused,
 * same-origin opener and resource policies, and HSTS when the server is reached over https
 * (PUBLIC_URL). The content security policy depends on what is served: the web app's, the demo
 * shop's, Swagger UI's at /api/docs, or none at all for the rest of /api. Register before any route.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl?: string): Promise<void> {
  const https = publicUrl?.startsWith('https:') ?? false;
  const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path ?? '';
    const directives = isApiDocsUrl(url) ? API_DOCS_DIRECTIVES : isApi(url) ? API_DIRECTIVES : url.startsWith(DEMO_PROJECT.path) ? DEMO_SHOP_DIRECTIVES : null;
    if (directives) route.config = { ...route.config, helmet: csp(directives) } as typeof route.config;
  });
  await app.register(helmet, {
    ...csp(webAppDirectives(publicUrl)),
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
  });
  // A call of no API route (answered 404 by the web app's fallback or the not-found handler) is still an API answer.
  app.addHook('onRequest', async (req, reply) => {
    if (isApi(req.url) && !isApi(req.routeOptions.url ?? '')) reply.helmet(csp(API_DIRECTIVES));
  });
}
