import { DEFAULT_BRANCH, MSG, WS_MSG, type CreateBranchBody } from '@stepwise/shared';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { isExpired } from '../projects/plan.ts';
import { requireMember } from '../projects/project-access.ts';
import { resolveBranch } from './feature-files.ts';
import { isValidBranchName } from './git-repo.ts';
import { deleteIfPrivate, pullIfPrivate, pushIfPrivate } from './private-sync.ts';
import { branchCreator, forgetBranch, recordBranchCreator } from './workspace-state.repository.ts';

/**
 * Branches of a project's repository. Any member may list and create branches; a branch other than
 * main may be deleted by an admin or by the member who created it here.
 */
export class BranchesService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /** main first, then the others alphabetically. */
  async list(auth: AuthContext, projectId: string): Promise<string[]> {
    const { project } = await requireMember(this.ctx.db, auth, projectId);
    if (!(await this.ctx.workspaces.exists(projectId))) throw notFound(WS_MSG.workspaceMissing);
    await pullIfPrivate(this.ctx, project);
    const names = await this.ctx.workspaces.repo(projectId).branches();
    return names.sort((a, b) => (a === DEFAULT_BRANCH ? -1 : b === DEFAULT_BRANCH ? 1 : a.localeCompare(b)));
  }

  async create(auth: AuthContext, body: z.infer<typeof CreateBranchBody>): Promise<string> {
    const { project } = await requireMember(this.ctx.db, auth, body.projectId);
    if (!body.sourceBranch || !body.newBranch) throw badRequest(WS_MSG.fillAllFields);
    if (isExpired(project)) throw forbidden(MSG.licenceExpired);
    if (!isValidBranchName(body.newBranch)) throw badRequest(WS_MSG.branchNameInvalid);
    const source = await resolveBranch(this.ctx.workspaces, body.projectId, body.sourceBranch);
    const repo = this.ctx.workspaces.repo(body.projectId);
    if (!(await repo.createBranch(body.newBranch, source))) {
      if (await repo.branchHead(body.newBranch)) throw conflict(WS_MSG.branchExists);
      throw conflict(WS_MSG.branchNameInvalid);
    }
    await recordBranchCreator(this.ctx.db, body.projectId, body.newBranch, auth.user.id);
    await pushIfPrivate(this.ctx, project, body.newBranch);
    this.ctx.log.info({ projectId: body.projectId, branch: body.newBranch, userId: auth.user.id }, 'branch created');
    return body.newBranch;
  }

  async remove(auth: AuthContext, projectId: string, branch: string): Promise<void> {
    const { project, isAdmin } = await requireMember(this.ctx.db, auth, projectId);
    if (branch === DEFAULT_BRANCH) throw badRequest(WS_MSG.branchMainDelete);
    if (isExpired(project)) throw forbidden(MSG.licenceExpired);
    const head = await resolveBranch(this.ctx.workspaces, projectId, branch);
    if (!isAdmin && (await branchCreator(this.ctx.db, projectId, branch)) !== auth.user.id) throw forbidden(WS_MSG.branchDeleteForbidden);
    // The remote first: a fetch between the two deletions must not bring the branch back here.
    await deleteIfPrivate(this.ctx, project, branch);
    if (!(await this.ctx.workspaces.repo(projectId).deleteBranch(branch, head))) throw conflict(WS_MSG.writeConflict);
    await forgetBranch(this.ctx, projectId, branch);
    this.ctx.log.info({ projectId, branch, userId: auth.user.id }, 'branch deleted');
  }
}
