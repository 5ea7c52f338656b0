import { DEMO_PROJECT, MSG, type CreateProjectBody, type DashboardPersonalizationInfo, type ProjectDto } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { newId } from '../security/tokens.ts';
import { updateUser } from '../auth/user.repository.ts';
import { seedDemoWorkspace } from '../demo-shop/demo-seed.ts';
import { digestRecipients } from '../runs/weekly-digest.ts';
import { MaskedValueError, maskNpmrc, mergeNpmrc } from './npmrc.ts';
import { planColumns } from './plan.ts';
import { presentProject } from './project.presenter.ts';
import { requireAdmin, requireMember } from './project-access.ts';
import * as repo from './projects.repository.ts';

export function demoUrl(ctx: AppContext): string {
  const base = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  return new URL(DEMO_PROJECT.path, base).toString();
}

export class ProjectsService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  async list(auth: AuthContext): Promise<ProjectDto[]> {
    const rows = await repo.listProjectsOfUser(this.ctx.db, auth.user.id);
    const visible = auth.accessKeyProjectId ? rows.filter((r) => r.project.id === auth.accessKeyProjectId) : rows;
    const people = await repo.membersByProject(this.ctx.db, visible.map((r) => r.project.id));
    return visible.map((r) => presentProject(r.project, r.role, people.get(r.project.id) ?? { members: [], admins: [] }, this.shownNpmrc(r.project.npmrc)));
  }

  async get(auth: AuthContext, projectId: string): Promise<ProjectDto> {
    const { project, role } = await requireMember(this.ctx.db, auth, projectId);
    const people = await repo.membersByProject(this.ctx.db, [projectId]);
    return presentProject(project, role, people.get(projectId) ?? { members: [], admins: [] }, this.shownNpmrc(project.npmrc));
  }

  async create(auth: AuthContext, body: CreateProjectBody): Promise<ProjectDto> {
    const { user } = auth;
    if (auth.accessKeyProjectId) throw forbidden('Access keys cannot create projects');
    const owned = await repo.countProjectsCreatedBy(this.ctx.db, user.id);
    if (owned >= user.allowed_projects_count) throw forbidden(MSG.projectLimitReached);
    const demo = body.demo ?? false;
    const url = demo ? demoUrl(this.ctx) : (body.url ?? '');
    if (!demo && !url) throw badRequest(MSG.invalidUrl);
    const project = await repo.insertProjectWithAdmin(this.ctx.db, {
      id: newId(),
      name: body.name.trim(),
      url,
      description: body.description ?? '',
      demo,
      ...planColumns(this.ctx.config.defaultPlan),
      private_repo_token_enc: null,
      dashboard_personalization: '{}',
      created_by: user.id,
    });
    const author = { name: `${user.firstname} ${user.lastname}`, email: user.email };
    try {
      await this.ctx.workspaces.create(project.id, project.name, author);
    } catch (err) {
      await repo.deleteProject(this.ctx, project.id);
      throw err;
    }
    if (demo) await this.seedDemo(project.id, author);
    await updateUser(this.ctx, user.id, {
      last_active_project_id: project.id,
      last_completed_step: Math.max(user.last_completed_step, 2),
    });
    this.ctx.log.info({ projectId: project.id, userId: user.id }, 'project created');
    return this.get(auth, project.id);
  }

  /** A demo project starts with the demo shop's features and environment; without them it still works, so a failure is only logged. */
  private async seedDemo(projectId: string, author: { name: string; email: string }): Promise<void> {
    try {
      await seedDemoWorkspace(this.ctx, projectId, author, demoUrl(this.ctx));
    } catch (err) {
      this.ctx.log.error({ err, projectId }, 'seeding the demo project failed');
    }
  }

  async rename(auth: AuthContext, projectId: string, newName: string): Promise<ProjectDto> {
    await requireAdmin(this.ctx.db, auth, projectId);
    await repo.updateProject(this.ctx, projectId, { name: newName.trim() });
    return this.get(auth, projectId);
  }

  async remove(auth: AuthContext, projectId: string): Promise<void> {
    await requireAdmin(this.ctx.db, auth, projectId);
    if (!auth.user.allow_delete_projects) throw forbidden(MSG.deleteProjectNotAllowed);
    await repo.deleteProject(this.ctx, projectId);
    await this.ctx.workspaces.remove(projectId);
    await this.ctx.blobs.delete(`runs/${projectId}`).catch((err) => this.ctx.log.warn({ err, projectId }, 'run files of a deleted project not removed'));
    this.ctx.log.info({ projectId, userId: auth.user.id }, 'project deleted');
  }

  /**
   * The project's .npmrc (it may hold registry tokens) is sealed at rest and changed by admins only.
   * The text comes back as members are shown it: a masked value keeps the stored one.
   */
  async setNpmrc(auth: AuthContext, projectId: string, text: string): Promise<void> {
    const { project } = await requireAdmin(this.ctx.db, auth, projectId);
    let merged: string;
    try {
      merged = mergeNpmrc(text, this.openNpmrc(project.npmrc));
    } catch (err) {
      if (err instanceof MaskedValueError) throw badRequest(err.message);
      throw err;
    }
    await repo.updateProject(this.ctx, projectId, { npmrc: merged ? this.ctx.secrets.encrypt(merged) : '' });
  }

  /**
   * The dashboard's personalisation, for every member; its weekly mail recipients are changed by
   * admins only (a member's save keeps them as they are).
   */
  async setDashboardPersonalization(auth: AuthContext, projectId: string, info: DashboardPersonalizationInfo): Promise<DashboardPersonalizationInfo> {
    const { project, isAdmin } = await requireMember(this.ctx.db, auth, projectId);
    let saved = info;
    if (!isAdmin) {
      const stored = project.dashboard_personalization ?? {};
      const { weeklyEmailUpdatesTo: sent, ...rest } = info;
      if (sent !== undefined && !sameRecipients(info, stored)) throw forbidden(MSG.adminOnly);
      const kept = stored.weeklyEmailUpdatesTo;
      saved = kept === undefined ? rest : ({ ...rest, weeklyEmailUpdatesTo: kept } as DashboardPersonalizationInfo);
    }
    await repo.updateProject(this.ctx, projectId, { dashboard_personalization: JSON.stringify(saved) });
    return saved;
  }

  /** What every member and access key is shown: the credentials masked. */
  private shownNpmrc(sealed: string): string {
    return maskNpmrc(this.openNpmrc(sealed));
  }

  private openNpmrc(sealed: string): string {
    if (!sealed) return '';
    try {
      return this.ctx.secrets.decrypt(sealed);
    } catch {
      return '';
    }
  }

  async lastActive(auth: AuthContext): Promise<string | null> {
    return repo.firstProjectIdOf(this.ctx.db, auth.user.id, auth.user.last_active_project_id);
  }

  async setLastActive(auth: AuthContext, projectId: string): Promise<void> {
    await requireMember(this.ctx.db, auth, projectId);
    await updateUser(this.ctx, auth.user.id, { last_active_project_id: projectId });
  }
}

function sameRecipients(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const [x, y] = [digestRecipients(a).sort(), digestRecipients(b).sort()];
  return x.length === y.length && x.every((e, i) => e === y[i]);
}
