import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteEnvBody, EditEnvBody, ProjectBranchBody, PushEnvBody, SetActiveEnvBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { EnvironmentsService } from './environments.service.ts';

export const environmentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const envs = new EnvironmentsService(ctx);
  const ok = { status: 'success' as const };

  app.post('/workspace/get-env-list', { schema: { body: ProjectBranchBody } }, async (req) => ({
    ...ok,
    ...(await envs.list(authOf(req), req.body.projectId, req.body.branch)),
  }));
  app.post('/workspace/push-env', { schema: { body: PushEnvBody } }, async (req) => ({
    ...ok,
    error: null,
    environment: await envs.create(authOf(req), req.body.projectId, req.body.branch, req.body.name, req.body.data.baseUrl),
  }));
  app.post('/workspace/edit-env', { schema: { body: EditEnvBody } }, async (req) => {
    const { projectId, branch, name, newName, newData, baseVersion } = req.body;
    return { ...ok, error: null, environment: await envs.edit(authOf(req), projectId, branch, name, newName, newData.baseUrl, baseVersion) };
  });
  app.delete('/workspace/delete-env', { schema: { body: DeleteEnvBody } }, async (req) => {
    await envs.remove(authOf(req), req.body.projectId, req.body.branch, req.body.name);
    return { ...ok, error: null };
  });
  app.post('/workspace/set-active-env', { schema: { body: SetActiveEnvBody } }, async (req) => {
    await envs.setActive(authOf(req), req.body.projectId, req.body.branch, req.body.name);
    return { ...ok, lastActiveEnv: req.body.name };
  });
};
