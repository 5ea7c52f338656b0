import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { branchesRoutes } from './branches.routes.ts';
import { featuresRoutes } from './features.routes.ts';
import { filesRoutes } from './files.routes.ts';
import { foldersRoutes } from './folders.routes.ts';
import { workspaceMetaRoutes } from './workspace-meta.routes.ts';

/** Every route of the features workspace: tree, scenarios, folders, files, branches, selection. */
export const workspaceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const routes of [featuresRoutes, foldersRoutes, filesRoutes, branchesRoutes, workspaceMetaRoutes]) {
    await app.register(routes, { ctx });
  }
};
