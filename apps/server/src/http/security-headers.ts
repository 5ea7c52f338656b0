import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The security headers of a route's answers, set when the route is added (registerSecurityHeaders); else the web app's, or the API's under /api. */
    securityHeaders?: SecurityHeaders;
  }
}

/** Header name (lower case) -> value, as helmet sets them. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The headers helmet sets for `options`, computed once: helmet's middleware run against a response
 * that only records them. Our policies have no per-request part (no nonces), so each answer can get
 * the same precomputed set instead of helmet parsing its options again for every request.
 */
function helmetHeaders(options: HelmetOptions): SecurityHeaders {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

/** Helmet's headers that act only on documents: off for data (apiHeaders). */
const DOCUMENT_ONLY_OFF = {
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const satisfies HelmetOptions;

/**
 * The headers of answers with the content security policy `directives` (see registerSecurityHeaders):
 * of a document, helmet's, or of data, those of them that act on data (`document` false).
 */
function securityHeaders(directives: Directives, publicUrl?: string, document = true): SecurityHeaders {
  const https = publicUrl?.startsWith('https:') ?? false;
  return helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    ...(document ? {} : DOCUMENT_ONLY_OFF),
  });
}

/**
 * The headers of API answers: data for a program, never a document, so only what guards data (OWASP's
 * REST security headers): the policy under which nothing loads, nosniff, framing refused, the
 * same-origin resource policy, HSTS over https, and `Cache-Control: no-store` (a route that may be kept,
 * a screenshot say, sets its own). Helmet's headers for documents (opener policy, origin-agent-cluster,
 * referrer policy, DNS prefetch, and the ones for IE8, Flash and the old XSS filter) are left out: each
 * costs the server and every client a header to write and parse on every call (bench:api).
 */
function apiHeaders(publicUrl?: string): SecurityHeaders {
  return Object.freeze({ ...securityHeaders(API_DIRECTIVES, publicUrl, false), 'cache-control': 'no-store' });
}

/**
 * Security headers on every answer, made once per policy. Documents get helmet's (helmetHeaders):
 * nosniff, no referrer, framing refused, same-origin opener and resource policies, and HSTS when the
 * server is reached over https (PUBLIC_URL), with the content security policy of what is served: the
 * web app's, the demo shops' (under `demoShopPrefixes`) or Swagger UI's at /api/docs. The rest of /api
 * (a call of no API route too) gets the API's (apiHeaders). Register before any route.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string | undefined, demoShopPrefixes: readonly string[]): void {
  const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  const web = securityHeaders(webAppDirectives(publicUrl), publicUrl);
  const api = apiHeaders(publicUrl);
  const docs = securityHeaders(API_DOCS_DIRECTIVES, publicUrl);
  const demoShop = securityHeaders(DEMO_SHOP_DIRECTIVES, publicUrl);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path ?? '';
    const headers = isApiDocsUrl(url) ? docs : isApi(url) ? api : demoShopPrefixes.some((p) => url === p || url.startsWith(`${p}/`)) ? demoShop : null;
    if (headers) route.config = { ...route.config, securityHeaders: headers };
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.routeOptions.config.securityHeaders ?? (isApi(req.url) ? api : web));
    done();
  });
}
