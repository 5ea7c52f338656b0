import { MSG, WS_MSG } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { Project, User } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { isExpired } from '../projects/plan.ts';
import { BranchMovedError, RefLockedError, TreeConflictError } from '../workspace/git-repo.ts';
import type { ProjectRepo } from '../workspace/project-repo.ts';
import { BranchNotFoundError, type Author, type ChangeBuilder } from '../workspace/workspace-store.ts';

/**
 * Reads and writes of the steps, environments and test-data areas on a project's branch. Git
 * itself stays in workspace/; this only maps its outcomes to HTTP errors and names the author.
 */
export function commitAuthor(user: User): Author {
  return { name: `${user.firstname} ${user.lastname}`.trim() || user.email, email: user.email };
}

/** First line of a commit message: who did what ("Grace Hopper: add environment 'staging'"). */
export function commitMessage(user: User, change: string): string {
  return `${commitAuthor(user).name}: ${change.replace(/[\r\n]+/g, ' ')}`;
}

/** Expired projects refuse writes (spec 001 section 6). */
export function assertWritable(project: Project): void {
  if (isExpired(project)) throw forbidden(MSG.licenceExpired);
}

/** The repository and head commit of a branch; 404 when the workspace or the branch is missing. */
export async function branchHead(ctx: AppContext, projectId: string, branch: string): Promise<{ repo: ProjectRepo; head: string }> {
  if (!(await ctx.workspaces.exists(projectId))) throw notFound(WS_MSG.workspaceMissing);
  const repo = ctx.workspaces.repo(projectId);
  const head = await repo.branchHead(branch);
  if (!head) throw notFound(WS_MSG.branchNotFound);
  return { repo, head };
}

/**
 * One commit on `branch` by `user`; the builder may throw an HttpError to refuse the change. A lost
 * race is 409; a file where a folder is, or the other way round (the tree cannot be built), is 400.
 */
export async function commitChange(ctx: AppContext, projectId: string, branch: string, user: User, change: string, build: ChangeBuilder): Promise<string> {
  if (!(await ctx.workspaces.exists(projectId))) throw notFound(WS_MSG.workspaceMissing);
  try {
    return await ctx.workspaces.write(projectId, branch, commitAuthor(user), commitMessage(user, change), build);
  } catch (err) {
    if (err instanceof BranchNotFoundError) throw notFound(WS_MSG.branchNotFound);
    if (err instanceof BranchMovedError || err instanceof RefLockedError) throw conflict(WS_MSG.writeConflict);
    if (err instanceof TreeConflictError) throw badRequest(WS_MSG.invalidPath);
    throw err;
  }
}
