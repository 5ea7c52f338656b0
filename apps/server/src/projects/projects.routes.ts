import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckRoleBody, CreateProjectBody, DashboardPersonalizationBody, NpmrcBody, ProjectIdBody, ProjectIdCamelBody,
  ProjectIdQuery, RenameProjectBody, resolveValueMetrics,
} from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { daysLeft, isExpired, planOf } from './plan.ts';
import { requireMember } from './project-access.ts';
import { demoUrl, ProjectsService } from './projects.service.ts';
import { canDo } from './roles.ts';

export const projectsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const projects = new ProjectsService(ctx);
  const ok = { status: 'success' as const };

  app.get('/config', { config: { public: true } }, async () => ({
    status: 'success' as const,
    signupEnabled: ctx.config.signupEnabled,
    /** Company sign-in (OIDC) is configured: the login page offers it. */
    companySignIn: !!ctx.config.oidc,
    allowDeleteProjects: ctx.config.allowDeleteProjects,
    /** DOWNLOAD CLIENT's address (CLIENT_DOWNLOAD_URL); null: the web app's own install page (/client). */
    clientDownloadUrl: ctx.config.clientDownloadUrl ?? null,
    /** The Documentation and Support links (DOCS_URL, SUPPORT_URL); null: not shown. */
    docsUrl: ctx.config.docsUrl ?? null,
    supportUrl: ctx.config.supportUrl ?? null,
    demoUrl: demoUrl(ctx),
    productName: 'Stepwise',
    version: process.env.npm_package_version ?? '0.1.0',
  }));

  app.get('/auth/getProjects', { config: { accessKey: true } }, async (req) => ({ ...ok, projects: await projects.list(authOf(req)) }));
  app.get('/auth/getProject', { schema: { querystring: ProjectIdQuery } }, async (req) => ({
    ...ok,
    project: await projects.get(authOf(req), req.query.project_id),
  }));
  app.post('/auth/CreateProject', { schema: { body: CreateProjectBody } }, async (req) => ({
    ...ok,
    project: await projects.create(authOf(req), req.body),
  }));
  app.post('/auth/rename-project', { schema: { body: RenameProjectBody } }, async (req) => ({
    ...ok,
    project: await projects.rename(authOf(req), req.body.project_id, req.body.newName),
  }));
  app.delete('/auth/DeleteProject', { schema: { body: ProjectIdBody } }, async (req) => {
    await projects.remove(authOf(req), req.body.project_id);
    return ok;
  });
  app.get('/auth/getLastActiveProject', async (req) => ({ ...ok, project_id: await projects.lastActive(authOf(req)) }));
  app.post('/auth/updateLastActiveProjectId', { schema: { body: ProjectIdBody } }, async (req) => {
    await projects.setLastActive(authOf(req), req.body.project_id);
    return ok;
  });
  app.post('/auth/isProjectExpired', { config: { accessKey: true }, schema: { body: ProjectIdCamelBody } }, async (req) => {
    const { project } = await requireMember(ctx.db, authOf(req), req.body.projectId);
    return { ...ok, is_expired: isExpired(project), time_left: { days: daysLeft(project) }, plan: planOf(project) };
  });
  app.post('/auth/checkRole', { schema: { body: CheckRoleBody } }, async (req) => {
    const auth = authOf(req);
    const access = await requireMember(ctx.db, auth, req.body.project_id);
    return { ...ok, allowed: canDo(access, auth.user, req.body.action), role: access.role };
  });
  app.post('/auth/update-npmrc', { schema: { body: NpmrcBody } }, async (req) => {
    await projects.setNpmrc(authOf(req), req.body.project_id, req.body.npmrc_TextContent);
    return { ...ok, error: null };
  });
  app.get('/auth/getDashboardPersonalizationInfo', { schema: { querystring: ProjectIdQuery } }, async (req) => {
    const { project } = await requireMember(ctx.db, authOf(req), req.query.project_id);
    const info = project.dashboard_personalization ?? {};
    // valueMetrics: the assumptions in effect, the defaults of spec section 9 where none was saved.
    return { ...ok, project_id: project.id, dashboardPersonalizationInfo: info, valueMetrics: resolveValueMetrics(info) };
  });
  app.post('/auth/updateDashboardPersonalizationInfo', { schema: { body: DashboardPersonalizationBody } }, async (req) => {
    const info = await projects.setDashboardPersonalization(authOf(req), req.body.project_id, req.body.dashboardPersonalizationInfo);
    return { ...ok, project_id: req.body.project_id, dashboardPersonalizationInfo: info, valueMetrics: resolveValueMetrics(info) };
  });
  app.get('/auth/getAllPrivateRepoInAProject', async (req) => {
    const list = await projects.list(authOf(req));
    return { ...ok, repos: list.filter((p) => p.privateRepo).map((p) => ({ project_id: p.id, url: p.privateRepoURL })) };
  });
};
