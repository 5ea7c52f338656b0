import fs from 'node:fs';
import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { ACCESS_KEY_PREFIX, CSRF_HEADER, ErrorResponse, JOB_TOKEN_PREFIX, SESSION_COOKIES, WORKER_TOKEN_PREFIX } from '@stepwise/shared';

/** The OpenAPI document of the /api routes, made from their zod schemas. */
export const OPENAPI_PATH = '/api/openapi.json';
/** Swagger UI over that document. */
export const API_DOCS_PREFIX = '/api/docs';

export const isApiDocsUrl = (url: string) => url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`) || url.startsWith(`${API_DOCS_PREFIX}?`);
const isApiUrl = (url: string) => url.startsWith('/api/');

/**
 * The area of each routes plugin (by the plugin's name, as Fastify knows it), the tag of its
 * routes. A plugin missing here has its routes tagged by their first path segment after /api.
 */
const AREAS: Record<string, string> = {
  authRoutes: 'Authentication',
  projectsRoutes: 'Projects',
  membersRoutes: 'Members',
  invitationsRoutes: 'Invitations',
  accessKeysRoutes: 'Access keys',
  onboardingRoutes: 'Onboarding',
  logsRoutes: 'Logs and events',
  featuresRoutes: 'Features',
  foldersRoutes: 'Features',
  filesRoutes: 'Files',
  branchesRoutes: 'Branches',
  workspaceMetaRoutes: 'Workspace',
  stepsRoutes: 'Step definitions',
  environmentsRoutes: 'Environments',
  testDataRoutes: 'Test data',
  storedUsersRoutes: 'Stored users',
  privateRepoRoutes: 'Private repositories',
  executionsRoutes: 'Executions',
  executionLogsRoutes: 'Executions',
  sandboxRoutes: 'Server',
  aiRoutes: 'AI',
  generateStepRoutes: 'AI',
  stepUpdateRoutes: 'AI',
  ideasRoutes: 'AI',
  oversightRoutes: 'AI recovery',
  repairRoutes: 'AI recovery',
  cliRoutes: 'Command line',
  reportUploadRoutes: 'Runs',
  uploadRoutes: 'Runs',
  runsRoutes: 'Runs',
  runExportRoutes: 'Runs',
  historyRoutes: 'Runs',
  guacRoutes: 'Recorder',
  recorderRoutes: 'Recorder',
  workersRoutes: 'Workers',
};

const { version: VERSION } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
/** The web app's icon (apps/web/public/favicon.svg): Swagger UI's logo and favicon. */
const ICON = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2f5d8a"/>' +
    '<path d="M8 22h5v-5h5v-5h6" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>',
);
/**
 * The security schemes: the browser's session cookie, else `Authorization: Bearer`. A route's `config`
 * picks between the session (cookie or token) and an access key (public: none; accessKey: either); a
 * public route that checks a token of its own names it in its schema, e.g.
 * `schema: { security: [{ workerToken: [] }] }`.
 */
export const SECURITY_SCHEMES = {
  session: { type: 'http', scheme: 'bearer', description: 'The session token answered by a sign-in (auth/signin-without-iam)' },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIES.session,
    description: `The web app's session: an HttpOnly cookie set by a sign-in. A call that changes something (not GET, HEAD or OPTIONS) also sends the \`${CSRF_HEADER}\` header with the value of the \`${SESSION_COOKIES.csrf}\` cookie (403 otherwise).`,
  },
  accessKey: { type: 'http', scheme: 'bearer', bearerFormat: `${ACCESS_KEY_PREFIX}...`, description: 'A project access key (Settings): the command-line client and CI; it opens its own project only' },
  workerToken: { type: 'http', scheme: 'bearer', bearerFormat: `${WORKER_TOKEN_PREFIX}...`, description: 'A worker token (Settings): the calls of a run worker' },
  jobToken: { type: 'http', scheme: 'bearer', bearerFormat: `${JOB_TOKEN_PREFIX}...`, description: 'The token of one job, handed to the worker that claimed it (Git takes it as the password of basic authentication)' },
} satisfies Record<string, OpenAPIV3_1.SecuritySchemeObject>;
const SESSION = 'session';
const SESSION_COOKIE = 'sessionCookie';
const ACCESS_KEY = 'accessKey';

const DESCRIPTION = [
  'The HTTP API of Stepwise, described from the zod schemas that validate each call.',
  '',
  'Calls are authenticated with `Authorization: Bearer <token>`: the session token a sign-in answers,',
  `(the web app sends the session as its \`${SESSION_COOKIES.session}\` cookie instead, with the CSRF header on writes)`,
  `or, where an operation lists it, a project access key (\`${ACCESS_KEY_PREFIX}...\`, made in Settings), which opens its own project only;`,
  'run workers use their worker token and the token of the job they claimed.',
  'Refusals are answered with a 4xx status and `{ "status": "error", "error": "<message>" }`.',
  'An operation without a response schema answers JSON of the shape its area\'s shared types describe (`@stepwise/shared`).',
].join('\n');

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type SchemaOut = Record<string, unknown> & { hide?: boolean };

/** The area tag of a route: its plugin's, else its first path segment after /api. */
function areaOf(route: RouteOptions, plugins: WeakMap<RouteOptions, string>, url: string): string {
  const area = AREAS[plugins.get(route) ?? ''];
  if (area) return area;
  const segment = url.split('/')[2] ?? 'api';
  return segment.charAt(0).toUpperCase() + segment.slice(1);
}

/**
 * The route's schema as OpenAPI: the zod schemas turned into JSON schemas by the type provider's
 * transform, the area's tag and who may call it. Only /api routes are listed: the web app's files,
 * the demo shop (a test target) and the documentation's own routes are not the API.
 */
function transformRoute(doc: TransformInput, plugins: WeakMap<RouteOptions, string>) {
  const { route, url } = doc as TransformInput & { route: RouteOptions };
  if (!isApiUrl(url) || url === OPENAPI_PATH || isApiDocsUrl(url) || route.schema?.hide) return { schema: { hide: true }, url };
  const zodSchema = jsonSchemaTransform(doc);
  const schema: SchemaOut = { ...(zodSchema.schema as SchemaOut | undefined) };
  // A streamed body (its content types in `consumes`, read raw by the route) is described as bytes.
  if (schema.consumes && !schema.body) schema.body = { type: 'string', format: 'binary', description: 'The bytes of the file' };
  schema.tags ??= [areaOf(route, plugins, url)];
  if (schema.security) return { schema, url };
  if (route.config?.public) schema.security = [];
  else if (route.config?.accessKey) schema.security = [{ [SESSION]: [] }, { [SESSION_COOKIE]: [] }, { [ACCESS_KEY]: [] }];
  return { schema, url };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * The whole document: the zod schemas' components (the type provider's transform) and, on every
 * operation, the refusal every route may answer (4xx, the error envelope of http/error-handler.ts).
 */
function transformDocument(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const doc = jsonSchemaTransformObject(input) as OpenAPIV3_1.Document;
  const { $schema: _, ...envelope } = z.toJSONSchema(ErrorResponse);
  const refused: OpenAPIV3_1.ResponseObject = {
    description: 'Refused: bad input (400), not signed in (401), not allowed (403), not found (404), conflict (409), too large (413), too many calls (429)',
    content: { 'application/json': { schema: envelope as OpenAPIV3_1.SchemaObject } },
  };
  doc.components = { ...doc.components, responses: { ...doc.components?.responses, Refused: refused } };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation) operation.responses = { ...operation.responses, '4XX': { $ref: '#/components/responses/Refused' } };
    }
  }
  return doc;
}

/**
 * The OpenAPI document at GET /api/openapi.json and Swagger UI at /api/docs, both public. Register
 * before the routes (the document is made from the routes added after it) and after the security
 * headers (the UI's pages get their own content security policy, see security-headers.ts).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Which plugin added each route: its area. `this` of an onRoute hook is the plugin's instance.
  const plugins = new WeakMap<RouteOptions, string>();
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    plugins.set(route, this.pluginName);
  });
  const options: FastifyDynamicSwaggerOptions = {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Stepwise API', version: VERSION, description: DESCRIPTION },
      components: {
        securitySchemes: SECURITY_SCHEMES,
      },
      security: [{ [SESSION]: [] }, { [SESSION_COOKIE]: [] }],
    },
    transform: (doc) => transformRoute(doc as TransformInput, plugins),
    transformObject: transformDocument,
  };
  await app.register(swagger, options);
  app.get(OPENAPI_PATH, { config: { public: true }, schema: { hide: true } }, () => app.swagger());
  await app.register(async (docs) => {
    // The UI and its files are public, like the document they show.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true } as typeof route.config;
    });
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      uiConfig: { deepLinking: true },
      logo: { type: 'image/svg+xml', content: ICON },
      theme: {
        title: 'Stepwise API',
        favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: '32x32', type: 'image/svg+xml', content: ICON }],
      },
    });
  });
}
