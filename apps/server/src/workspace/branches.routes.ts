import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateBranchBody, DeleteBranchBody, ProjectBranchBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { workspaceServices } from './workspace-services.ts';

export const branchesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { branches } = workspaceServices(ctx);
  const ok = { status: 'success' as const, error: null };

  app.post('/workspace/get-all-branches', { schema: { body: ProjectBranchBody } }, async (req) => ({
    ...ok,
    branches: await branches.list(authOf(req), req.body.projectId),
  }));
  app.post('/workspace/create-new-branch', { schema: { body: CreateBranchBody } }, async (req) => ({
    ...ok,
    branch: await branches.create(authOf(req), req.body),
  }));
  app.delete('/workspace/delete-branch', { schema: { body: DeleteBranchBody } }, async (req) => {
    await branches.remove(authOf(req), req.body.projectId, req.body.branch);
    return ok;
  });
};
