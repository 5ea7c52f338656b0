import SwaggerParser from '@apidevtools/swagger-parser';
import type { RouteOptions } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { chromiumPathOf } from '@stepwise/runner';
import { API_DOCS_PREFIX, isApiDocsUrl, OPENAPI_PATH } from './openapi.ts';
import { API_DOCS_DIRECTIVES } from './security-headers.ts';

// The browser a headless run takes: Debian's headless shell when installed.
const CHROMIUM = chromiumPathOf({});
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface ApiRoute {
  method: string;
  url: string;
  route: RouteOptions;
}

let server: TestServer;
const added: RouteOptions[] = [];
let doc: OpenAPIV3_1.Document;

/** Every /api route the app added (HEAD twins left out), but the documentation's own. */
function apiRoutes(): ApiRoute[] {
  return added.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ method, url: route.url, route }))
      .filter(({ url }) => url.startsWith('/api/') && url !== OPENAPI_PATH && !isApiDocsUrl(url)),
  );
}

/** The OpenAPI path of a Fastify URL: `:id` -> `{id}`, a wildcard -> `{*}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

/** Whether the route's handler or pre-handlers read this part of the request (`req.body`, `{ body } = req`, `({ body }) =>`). */
function reads(route: RouteOptions, part: 'body' | 'query' | 'params'): boolean {
  const source = [route.handler, route.preValidation, route.preHandler].flat().map(String).join('\n');
  return new RegExp(`\\.${part}\\b|\\{[^{}]*\\b${part}\\b[^{}]*\\}\\s*(=\\s*req|\\))`).test(source);
}

/**
 * What a route's schema lacks for what it takes: the parameters of its URL, the querystring and
 * body its handler reads (a streamed body, read raw, is declared by `consumes`: its content types).
 * A response schema is not required (most routes have none: the shared types describe the answers).
 */
function missingSchemas({ url, route }: ApiRoute): string[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const missing: string[] = [];
  if ((/:|\*$/.test(url) || reads(route, 'params')) && !schema.params) missing.push('params');
  if (reads(route, 'query') && !schema.querystring) missing.push('querystring');
  if (reads(route, 'body') && !schema.body && !schema.consumes) missing.push('body (or `consumes` for a streamed body)');
  return missing;
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { onRoute: (route) => added.push(route) });
  const res = await fetch(`${server.baseUrl}${OPENAPI_PATH}`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenAPIV3_1.Document;
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI document, without authentication', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences the document it is given: a copy keeps `doc` as served.
    await SwaggerParser.validate(structuredClone(doc) as never);
    // The validator does refuse a document that is wrong: a parameter that says not where it goes, a missing component.
    const broken = structuredClone(doc);
    broken.paths = { ...broken.paths, '/api/broken': { get: { parameters: [{ name: 'id' } as never], responses: { 200: { description: 'ok' } } } } };
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
    const dangling = structuredClone(doc);
    dangling.paths = { ...dangling.paths, '/api/broken': { get: { responses: { 200: { $ref: '#/components/responses/Nothing' } } } } };
    await expect(SwaggerParser.validate(dangling as never)).rejects.toThrow(/Nothing/);
  });

  it('lists every /api route the app has, and nothing else', () => {
    const expected = apiRoutes().map((r) => `${r.method} ${openapiPath(r.url)}`);
    const listed = Object.entries(doc.paths ?? {}).flatMap(([p, item]) => METHODS.filter((m) => item?.[m]).map((m) => `${m.toUpperCase()} ${p}`));
    expect(expected.length).toBeGreaterThan(120);
    expect(listed.sort()).toEqual([...new Set(expected)].sort());
  });

  it('finds a route that lacks a schema (the check itself)', () => {
    const bare = { method: 'POST', url: '/api/things/:id', handler: async (req: { body: unknown; query: unknown }) => [req.body, req.query] };
    expect(missingSchemas({ method: 'POST', url: bare.url, route: bare as unknown as RouteOptions })).toEqual(['params', 'querystring', 'body (or `consumes` for a streamed body)']);
    const destructured = { method: 'PUT', url: '/api/things', handler: async ({ body }: { body: unknown }) => body, schema: {} };
    expect(missingSchemas({ method: 'PUT', url: destructured.url, route: destructured as unknown as RouteOptions })).toEqual(['body (or `consumes` for a streamed body)']);
    const streamed = { method: 'PUT', url: '/api/files/*', handler: async (req: { body: unknown }) => req.body, schema: { params: {}, consumes: ['*/*'] } };
    expect(missingSchemas({ method: 'PUT', url: streamed.url, route: streamed as unknown as RouteOptions })).toEqual([]);
  });

  it('every route has a schema for what it takes: params, querystring, body', () => {
    const gaps = apiRoutes()
      .map((r) => ({ route: `${r.method} ${r.url}`, missing: missingSchemas(r) }))
      .filter((r) => r.missing.length > 0);
    expect(gaps).toEqual([]);
  });

  it('every operation answers the error envelope on refusal; routes without a response schema are allowed (counted here)', () => {
    const routes = apiRoutes();
    const withoutResponse = routes.filter((r) => !(r.route.schema as { response?: unknown } | undefined)?.response);
    // The document still gives each operation its default answer and the refusal's envelope.
    for (const r of routes) {
      const responses = doc.paths?.[openapiPath(r.url)]?.[r.method.toLowerCase() as 'get']?.responses;
      expect(responses?.['4XX'], `${r.method} ${r.url}`).toEqual({ $ref: '#/components/responses/Refused' });
      if (withoutResponse.includes(r)) expect(responses?.['200']).toEqual({ description: 'Default Response' });
    }
    const refused = doc.components?.responses?.Refused as OpenAPIV3_1.ResponseObject;
    expect(refused.content?.['application/json']?.schema).toMatchObject({ type: 'object', required: ['status', 'error'] });
    console.info(`openapi: ${withoutResponse.length} of ${routes.length} /api routes have no response schema`);
  });

  it('tags each operation with its area and marks who may call it', () => {
    const op = (method: 'get' | 'post' | 'put', p: string) => doc.paths?.[p]?.[method];
    expect(doc.components?.securitySchemes).toMatchObject({ session: { type: 'http', scheme: 'bearer' }, accessKey: { type: 'http', scheme: 'bearer' } });
    expect(doc.components?.securitySchemes).toMatchObject({ sessionCookie: { type: 'apiKey', in: 'cookie', name: 'stepwise_session' } });
    expect(doc.security).toEqual([{ session: [] }, { sessionCookie: [] }]);
    // Public: no authentication.
    expect(op('post', '/api/auth/signin-without-iam')?.security).toEqual([]);
    expect(op('put', '/api/runs/upload/{*}')?.security).toEqual([]);
    // A session or a project access key.
    expect(op('post', '/api/runs/upload-report')?.security).toEqual([{ session: [] }, { sessionCookie: [] }, { accessKey: [] }]);
    // A session only (the document's default).
    expect(op('post', '/api/auth/CreateProject')?.security).toBeUndefined();
    expect(op('get', '/api/auth/getAccessKeys')?.tags).toEqual(['Access keys']);
    expect(op('post', '/api/executions/new')?.tags).toEqual(['Executions']);
    expect(op('post', '/api/recorder/save')?.tags).toEqual(['Recorder']);
    for (const [p, item] of Object.entries(doc.paths ?? {})) {
      for (const m of METHODS) if (item?.[m]) expect(item[m].tags?.length, `${m} ${p}`).toBe(1);
    }
  });

  it('lists an operation as open to anyone only when it is: a public route with a token of its own names its scheme', () => {
    const open = Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
      METHODS.filter((m) => item?.[m]?.security?.length === 0).map((m) => `${m.toUpperCase()} ${p}`),
    );
    // Sign-up and sign-in (company sign-in's two page navigations and the provider's logout tokens too), the server's public settings, the command line's package, and the upload URL (its signed token is in the path).
    expect(open.sort()).toEqual(
      [
        'POST /api/auth/signup-without-iam', 'POST /api/auth/signin-without-iam', 'GET /api/auth/oidc/start', 'GET /api/auth/oidc/callback',
        'POST /api/auth/oidc/backchannel-logout', 'GET /api/config', 'GET /api/client/stepwise-cli.tgz', 'PUT /api/runs/upload/{*}',
      ].sort(),
    );
    const schemes = Object.keys(doc.components?.securitySchemes ?? {});
    for (const [p, item] of Object.entries(doc.paths ?? {})) {
      for (const m of METHODS) {
        for (const requirement of item?.[m]?.security ?? []) expect(schemes, `${m} ${p}`).toEqual(expect.arrayContaining(Object.keys(requirement)));
      }
    }
    expect(doc.paths?.['/api/workers/register']?.post?.security).toEqual([{ workerToken: [] }]);
    expect(doc.paths?.['/api/workers/git/{jobId}/info/refs']?.get?.security).toEqual([{ jobToken: [] }]);
  });

  it('describes requests from their zod schemas', () => {
    const createKey = doc.paths?.['/api/auth/createAccessKey']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const body = createKey.content['application/json']?.schema as OpenAPIV3_1.SchemaObject;
    expect(body.type).toBe('object');
    expect(Object.keys(body.properties ?? {})).toEqual(expect.arrayContaining(['projectId', 'name']));
    const getProject = doc.paths?.['/api/auth/getProject']?.get?.parameters as OpenAPIV3_1.ParameterObject[];
    expect(getProject).toContainEqual(expect.objectContaining({ in: 'query', name: 'project_id', required: true }));
    // A streamed upload is bytes, in the content types the route reads.
    const report = doc.paths?.['/api/runs/upload-report']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(report.content['application/x-ndjson']?.schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('leaves the web app, the demo shop and the documentation itself out', () => {
    const paths = Object.keys(doc.paths ?? {});
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true);
    expect(paths.filter((p) => p === OPENAPI_PATH || isApiDocsUrl(p))).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('answers Swagger UI, without authentication, with its own content security policy', async () => {
    const res = await fetch(`${server.baseUrl}${API_DOCS_PREFIX}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('swagger-ui-bundle.js');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(Object.keys(API_DOCS_DIRECTIVES).every((d) => csp.includes(d))).toBe(true);
    const bundle = await fetch(`${server.baseUrl}${API_DOCS_PREFIX}/static/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    // The rest of /api keeps its policy: nothing may load or run in an API answer.
    const api = await fetch(`${server.baseUrl}${OPENAPI_PATH}`);
    expect(api.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(api.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('shows every operation in Chromium with no content security policy violation', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(msg.text());
      });
      page.on('pageerror', (err) => problems.push(err.message));
      await page.goto(`${server.baseUrl}${API_DOCS_PREFIX}`);
      await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
      await expect(page.title()).resolves.toBe('Stepwise API');
      // The UI renders the operations near the viewport only: the page is read as it scrolls down.
      const shown = new Set<string>();
      for (let top = 0; top < Number(await page.evaluate('document.body.scrollHeight')); top += 400) {
        await page.evaluate(`window.scrollTo(0, ${top})`);
        await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
        const blocks = await page.$$eval('.opblock-summary', (els) =>
          els.map((el) => `${el.querySelector('.opblock-summary-method')?.textContent} ${el.querySelector('.opblock-summary-path')?.textContent}`),
        );
        for (const block of blocks) shown.add(block);
      }
      const operations = Object.entries(doc.paths ?? {}).flatMap(([p, item]) => METHODS.filter((m) => item?.[m]).map((m) => `${m.toUpperCase()} ${p}`));
      expect([...shown].sort()).toEqual(operations.sort());
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
