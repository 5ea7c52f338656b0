import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { lazyChildLogger } from './http/request-logger.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { rateLimitStore } from './http/rate-limit-store.ts';
import { authPlugin } from './http/auth-plugin.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { oidcRoutes } from './auth/oidc/oidc.routes.ts';
import { projectsRoutes } from './projects/projects.routes.ts';
import { membersRoutes } from './members/members.routes.ts';
import { invitationsRoutes } from './invitations/invitations.routes.ts';
import { accessKeysRoutes } from './access-keys/access-keys.routes.ts';
import { onboardingRoutes } from './onboarding/onboarding.routes.ts';
import { logsRoutes } from './logs/logs.routes.ts';
import { workspaceRoutes } from './workspace/workspace.routes.ts';
import { stepsRoutes } from './steps/steps.routes.ts';
import { environmentsRoutes } from './environments/environments.routes.ts';
import { testDataRoutes } from './test-data/test-data.routes.ts';
import { storedUsersRoutes } from './stored-users/stored-users.routes.ts';
import { privateRepoRoutes } from './private-repo/private-repo.routes.ts';
import { cliRoutes } from './cli-api/cli.routes.ts';
import { clientPackageRoutes } from './cli-api/client-package.routes.ts';
import { reportUploadRoutes } from './runs/report-upload.routes.ts';
import { runsRoutes } from './runs/runs.routes.ts';
import { runExportRoutes } from './runs/export/export.routes.ts';
import { historyRoutes } from './runs/history/history.routes.ts';
import { uploadRoutes } from './runs/upload.routes.ts';
import { executionLogsRoutes } from './execution-runs/execution-logs.routes.ts';
import { sandboxRoutes } from './sandbox/sandbox.routes.ts';
import { aiRoutes } from './ai/ai.routes.ts';
import { oversightRoutes } from './ai/recovery/oversight.routes.ts';
import { importedAnalysesSettled } from './ai/rca/imported-analyses.ts';
import { repairRoutes } from './ai/recovery/repair.routes.ts';
import { ideasRoutes } from './ai/ideas.routes.ts';
import { stepUpdateRoutes } from './ai/step-update.routes.ts';
import { generateStepRoutes } from './ai/generate-step.routes.ts';
import { registerExecutions } from './executions/register.ts';
import { registerRecorder } from './recorder/register.ts';
import { registerInternalWorkspace } from './workspace/internal.routes.ts';
import { INTERNAL_PREFIX } from './workspace/internal-protocol.ts';
import { workersRoutes } from './workers/workers.routes.ts';
import { DEMO_SHOP_PREFIX, demoShopRoutes } from './demo-shop/demo-shop.routes.ts';
import { DEMO_SHOP_CHANGED_PREFIX, demoShopChangedRoutes } from './demo-shop/demo-shop-changed.routes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/**
 * The HTTP application: the /api routes and, when built, the web app. `onRoute` sees each route as it
 * is added (with its schemas), for tests that go over every route.
 */
export async function buildApp(ctx: AppContext, opts: { onRoute?: (route: RouteOptions) => void } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    trustProxy: ctx.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    childLoggerFactory: lazyChildLogger,
    // A path with a malformed escape (%ED%A0%80, %zz) gets the same error envelope as every other refusal.
    frameworkErrors: (err, _req, reply) => {
      (reply as FastifyReply).status(400).send({ status: 'error', error: err.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid: it holds a malformed %-escape' : err.message });
    },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // Work started by a request and finished after its answer (the root causes of an imported run) ends before the database does.
  app.addHook('onClose', () => importedAnalysesSettled(ctx));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, ctx.config.publicUrl, [DEMO_SHOP_PREFIX, DEMO_SHOP_CHANGED_PREFIX]);
  registerErrorHandler(app);
  registerTextGuard(app);
  await app.register(rateLimit, { global: false, ...rateLimitStore(app, ctx) });
  await app.register(fastifyCookie);
  await app.register(authPlugin, { ctx });
  // Before the routes: the OpenAPI document is made from the routes added after it.
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      for (const routes of [authRoutes, oidcRoutes, projectsRoutes, membersRoutes, invitationsRoutes, accessKeysRoutes, onboardingRoutes, logsRoutes]) {
        await api.register(routes, { ctx });
      }
      for (const routes of [stepsRoutes, environmentsRoutes, testDataRoutes, storedUsersRoutes, privateRepoRoutes]) {
        await api.register(routes, { ctx });
      }
      await api.register(workspaceRoutes, { ctx });
      await api.register(executionLogsRoutes, { ctx });
      await api.register(sandboxRoutes, { ctx });
      await api.register(aiRoutes, { ctx });
      await api.register(oversightRoutes, { ctx });
      await api.register(repairRoutes, { ctx });
      await api.register(ideasRoutes, { ctx });
      await api.register(stepUpdateRoutes, { ctx });
      await api.register(generateStepRoutes, { ctx });
      await api.register(cliRoutes, { ctx });
      await api.register(clientPackageRoutes, { ctx });
      await api.register(reportUploadRoutes, { ctx });
      await api.register(runsRoutes, { ctx });
      await api.register(runExportRoutes, { ctx });
      await api.register(historyRoutes, { ctx });
      await api.register(uploadRoutes, { ctx });
      await api.register(workersRoutes, { ctx });
      await registerRecorder(api, ctx);
    },
    { prefix: '/api' },
  );
  await registerExecutions(app, ctx);
  await registerInternalWorkspace(app, ctx);
  await app.register(demoShopRoutes, { prefix: DEMO_SHOP_PREFIX });
  await app.register(demoShopChangedRoutes, { prefix: DEMO_SHOP_CHANGED_PREFIX });

  const webDist = ctx.config.webDist ?? DEFAULT_WEB_DIST;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    // preCompressed: the build's .br/.gz beside each file, sent when the browser accepts them (bench:web).
    // The build's assets/ have content-hashed names: a browser keeps them for good and asks for none
    // of them again when a page opens (a page of the app imports about 120 of them). The rest
    // (index.html, which names the current assets) is asked again every time.
    await app.register(fastifyStatic, { root: webDist, wildcard: false, preCompressed: true, setHeaders: webCacheHeaders(webDist) });
    const root = path.resolve(webDist);
    app.get('/*', { config: { public: true } }, (req, reply) => {
      if (req.url.startsWith('/api/') || req.url.startsWith(INTERNAL_PREFIX)) return reply.callNotFound();
      // Files written after the start (a rebuilt web app has new hashed names) are served too.
      let file = '';
      try {
        file = path.resolve(root, `.${decodeURIComponent(req.url.split('?')[0])}`);
      } catch {
        // A malformed escape: not a file of ours.
      }
      if (file.startsWith(`${root}${path.sep}`) && path.extname(file) && fs.existsSync(file)) return reply.sendFile(path.relative(root, file));
      return reply.type('text/html').sendFile('index.html');
    });
  }
  return app;
}

const FOREVER = 'public, max-age=31536000, immutable';

/** Cache-Control of the built web app's files: hashed assets for good, anything else revalidated. */
function webCacheHeaders(webDist: string) {
  const assets = `${path.resolve(webDist, 'assets')}${path.sep}`;
  return (reply: FastifyReply, filePath: string) => {
    reply.header('cache-control', path.resolve(filePath).startsWith(assets) ? FOREVER : 'no-cache');
  };
}
