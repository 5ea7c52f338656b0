import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BranchOptionalQuery, ProjectIdOptionalQuery, RemoveUnusedStepsBody, StepCodeByScenarioBody, StoreAndGetStepsBody, UnusedStepsBody,
  UploadMjsBody, ValidateStepCodeBody, DEFAULT_BRANCH,
} from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { badRequest } from '../http/errors.ts';
import { builtinLibrary } from './builtin-library.ts';
import { validateCode } from './step-definitions.ts';
import { StepsService } from './steps.service.ts';

export const stepsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const steps = new StepsService(ctx);
  const ok = { status: 'success' as const };

  app.post('/workspace/store-and-get-steps', { schema: { querystring: ProjectIdOptionalQuery, body: StoreAndGetStepsBody } }, async (req) => {
    const projectId = req.query.projectId ?? req.body.projectId;
    if (!projectId) throw badRequest('projectId is required');
    return { ...ok, stepInfo: await steps.steps(authOf(req), projectId, req.body.branch) };
  });
  app.post('/workspace/get-step-code-by-scenario', { schema: { body: StepCodeByScenarioBody } }, async (req) => {
    const { projectId, branch, featureName, scenarioName } = req.body;
    return { ...ok, stepInfo: await steps.stepCodeByScenario(authOf(req), projectId, branch, featureName, scenarioName) };
  });
  app.post('/workspace/upload-mjs', { schema: { body: UploadMjsBody } }, async (req) => ({
    ...ok,
    error: null,
    ...(await steps.uploadMjs(authOf(req), req.body.projectId, req.body.branch, req.body.files, req.body.force)),
  }));
  app.post('/workspace/validate-step-code', { schema: { body: ValidateStepCodeBody } }, async (req) => {
    authOf(req);
    const error = validateCode(req.body.code);
    return { ...ok, valid: !error, line: error?.line ?? null, column: error?.column ?? null, message: error?.message ?? null };
  });
  app.get('/workspace/step-library', async (req) => {
    authOf(req);
    const library = builtinLibrary();
    return {
      ...ok,
      file: library.file,
      content: library.content,
      stepDefinitions: library.definitions.map((d) => ({ keyword: d.keyword, pattern: d.pattern, line: d.line })),
    };
  });
  app.post('/workspace/get-unused-step-definitions', { schema: { querystring: BranchOptionalQuery, body: UnusedStepsBody } }, async (req) => {
    const branch = req.query.branch ?? req.body.branch ?? DEFAULT_BRANCH;
    const { unused, errors } = await steps.unused(authOf(req), req.body.projectId, branch);
    return { ...ok, unusedStepDefinitions: unused, errors };
  });
  app.post('/workspace/remove-unused-steps', { schema: { querystring: BranchOptionalQuery, body: RemoveUnusedStepsBody } }, async (req) => {
    const branch = req.query.branch ?? req.body.branch ?? DEFAULT_BRANCH;
    return { ...ok, removed: await steps.removeUnused(authOf(req), req.body.projectId, branch, req.body.input) };
  });
};
