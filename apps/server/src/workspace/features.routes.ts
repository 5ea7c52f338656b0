import { sendAnswer } from '../cache/answer.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateFeatureBody, DeleteFeatureBody, FeatureListBody, ProjectBranchBody, PushScenarioBody, RenameFeatureBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { pushScenario } from './push-scenario.service.ts';
import { workspaceServices } from './workspace-services.ts';

export const featuresRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { features, writer } = workspaceServices(ctx);
  const ok = { status: 'success' as const, error: null };

  for (const url of ['/workspace/get-feature-list', '/workspace/get-feature-list-for-branch']) {
    app.post(url, { schema: { body: FeatureListBody } }, async (req, reply) => {
      return sendAnswer(req, reply, await features.list(authOf(req), req.body.projectId, req.body.branch, req.body.compact, req.body.knownCommit));
    });
  }
  app.post('/workspace/features-count', { schema: { body: ProjectBranchBody } }, async (req) => ({
    status: 'success' as const,
    ...(await features.count(authOf(req), req.body.projectId)),
  }));
  app.post('/workspace/push-scenario', { schema: { body: PushScenarioBody } }, async (req) => ({
    ...ok,
    ...(await pushScenario(ctx, writer, authOf(req), req.body)),
  }));
  app.post('/workspace/create-feature', { schema: { body: CreateFeatureBody } }, async (req) => ({
    ...ok,
    ...(await features.create(authOf(req), req.body)),
  }));
  app.post('/workspace/rename-feature', { schema: { body: RenameFeatureBody } }, async (req) => ({
    ...ok,
    ...(await features.rename(authOf(req), req.body)),
  }));
  app.post('/workspace/delete-feature', { schema: { body: DeleteFeatureBody } }, async (req) => ({
    ...ok,
    ...(await features.remove(authOf(req), req.body)),
  }));
};
