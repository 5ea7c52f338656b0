import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { HEADERS, WS_MSG, type LastActiveSelectionBody, type LastUpdatedBody } from '@stepwise/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { resolveBranch } from './feature-files.ts';
import type { CommitInfo } from './project-repo.ts';
import { confinedPath, WORKSPACE_ROOTS } from './safe-path.ts';
import { saveSelection } from './workspace-state.repository.ts';
import { authorOf } from './workspace-writes.ts';

/** Version of an installed package, read from its package.json; null when not installed. */
export function installedVersion(name: string): string | null {
  try {
    let dir = path.dirname(createRequire(import.meta.url).resolve(name));
    while (dir !== path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (fs.existsSync(file)) {
        const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name) return pkg.version ?? null;
      }
      dir = path.dirname(dir);
    }
  } catch {
    /* not installed */
  }
  return null;
}

/** The cucumber runtime the runner uses, else the Gherkin parser the server uses. */
export const cucumberClientVersion = () => installedVersion('@cucumber/cucumber') ?? installedVersion('@cucumber/gherkin') ?? 'unknown';

/** last-updated, the selection of the features tree, and repairing a lost repository. */
export class WorkspaceMetaService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /** The last commit of `branch` touching `directory`/`file` (see LastUpdatedBody for the project and directory). */
  async lastUpdated(auth: AuthContext, req: FastifyRequest, body: z.infer<typeof LastUpdatedBody>): Promise<CommitInfo> {
    const header = req.headers[HEADERS.projectId];
    const projectId = body.projectId ?? (typeof header === 'string' && header ? header : auth.user.last_active_project_id);
    if (!projectId) throw badRequest('projectId is required');
    await requireMember(this.ctx.db, auth, projectId);
    if (body.directory.startsWith('/')) throw badRequest(WS_MSG.invalidPath);
    const dir = body.directory.replace(/\/+$/, '');
    const top = dir.split('/')[0];
    const inRoot = (WORKSPACE_ROOTS as readonly string[]).includes(top) ? dir : ['features', dir].filter(Boolean).join('/');
    const file = confinedPath(`${inRoot}/${body.file}`);
    await resolveBranch(this.ctx.workspaces, projectId, body.branch);
    const info = await this.ctx.workspaces.repo(projectId).lastCommitTouching(body.branch, file);
    if (!info) throw notFound(WS_MSG.fileNotFound);
    return info;
  }

  async saveSelection(auth: AuthContext, body: z.infer<typeof LastActiveSelectionBody>): Promise<void> {
    await requireMember(this.ctx.db, auth, body.projectId);
    await saveSelection(this.ctx, auth.user.id, body.projectId, body.branch, {
      lastActiveFolder: body.lastActiveFolder,
      lastActiveFeature: body.lastActiveFeature,
      featureIndex: body.featureIndex,
      scenarioIndex: body.scenarioIndex,
    });
  }

  /** Creates the repository when it is missing; returns whether it had to. */
  async createWorkspace(auth: AuthContext, projectId: string): Promise<boolean> {
    const { project } = await requireMember(this.ctx.db, auth, projectId);
    if (await this.ctx.workspaces.exists(projectId)) return false;
    await this.ctx.workspaces.create(projectId, project.name, authorOf(auth.user));
    this.ctx.log.info({ projectId, userId: auth.user.id }, 'workspace re-created');
    return true;
  }
}
