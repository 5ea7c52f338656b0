import { DEFAULT_BRANCH, MSG, WS_MSG } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { isExpired } from '../projects/plan.ts';
import { requireMember, type ProjectAccess } from '../projects/project-access.ts';
import { resolveBranch } from './feature-files.ts';
import { BranchMovedError, RefLockedError, type FileChange } from './git-repo.ts';
import type { ProjectRepo } from './project-repo.ts';
import { pushIfPrivate } from './private-sync.ts';
import { countChange, knownCount, rememberCount, scenarioCountAt } from './scenario-count.ts';
import { setScenarioCount } from './workspace-state.repository.ts';
import { BranchNotFoundError } from './workspace-store.ts';
import { KeyedQueue } from './write-queue.ts';

export const authorOf = (user: User) => ({ name: `${user.firstname} ${user.lastname}`.trim() || user.email, email: user.email });

export interface WriteScope {
  auth: AuthContext;
  access: ProjectAccess;
}

/**
 * Every write of the features area goes through here: membership, licence expiry, one commit per
 * write on the branch (serialised per repository by WorkspaceStore), the plan's scenario cap, and
 * projects.scenario_count kept equal to the scenarios on main.
 */
export class WorkspaceWriter {
  private readonly ctx: AppContext;
  private readonly counts = new KeyedQueue();
  private readonly pendingCounts = new Map<string, Promise<void>>();
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /** The caller's access for a write: 404 unknown project, 403 not a member or licence expired. */
  async scope(auth: AuthContext, projectId: string): Promise<WriteScope> {
    const access = await requireMember(this.ctx.db, auth, projectId);
    if (isExpired(access.project)) throw forbidden(MSG.licenceExpired);
    return { auth, access };
  }

  /**
   * One commit on `branch` whose message names the user and the change (`change` may be a function
   * called after `build`; `note` is added as the message body); returns the new head.
   */
  async commit(
    scope: WriteScope,
    branch: string,
    change: string | (() => string),
    build: (repo: ProjectRepo, head: string) => Promise<FileChange[]>,
    note?: string,
  ): Promise<string> {
    const { project } = scope.access;
    const before = await resolveBranch(this.ctx.workspaces, project.id, branch);
    const author = authorOf(scope.auth.user);
    const message = () => `${author.name}: ${typeof change === 'function' ? change() : change}${note ? `\n\n${note}` : ''}`;
    let commit: string;
    let counted: { base: string; count: number } | null = null;
    try {
      commit = await this.ctx.workspaces.write(project.id, branch, author, message, async (repo, head) => {
        const changes = await build(repo, head);
        const { before, after } = await countChange(repo, head, changes);
        let base = knownCount(head);
        if (after > before) {
          base ??= await scenarioCountAt(repo, head);
          if (base - before + after > project.max_scenarios_allowed) throw forbidden(WS_MSG.upgradeRequired);
        }
        counted = base === undefined ? null : { base: head, count: base - before + after };
        return changes;
      });
    } catch (err) {
      if (err instanceof BranchNotFoundError) throw notFound(WS_MSG.branchNotFound);
      if (err instanceof BranchMovedError || err instanceof RefLockedError) throw conflict(WS_MSG.writeConflict);
      throw err;
    }
    const done = counted as { base: string; count: number } | null;
    if (done && commit !== done.base) rememberCount(commit, done.count);
    if (commit !== before) {
      if (branch === DEFAULT_BRANCH) await this.refreshScenarioCount(project.id);
      await pushIfPrivate(this.ctx, project, branch);
    }
    return commit;
  }

  /**
   * Sets projects.scenario_count from the head of main. Refreshes of one project run one at a time
   * and a refresh not yet started serves every caller that asks meanwhile (it will read the newest head).
   */
  refreshScenarioCount(projectId: string): Promise<void> {
    const queued = this.pendingCounts.get(projectId);
    if (queued) return queued;
    const run = this.counts.run(projectId, async () => {
      this.pendingCounts.delete(projectId);
      const repo = this.ctx.workspaces.repo(projectId);
      const head = await repo.branchHead(DEFAULT_BRANCH);
      if (!head) return;
      await setScenarioCount(this.ctx, projectId, await scenarioCountAt(repo, head));
    });
    this.pendingCounts.set(projectId, run);
    return run;
  }
}

