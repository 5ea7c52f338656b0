import type { AppContext } from '../context.ts';
import { findProject } from '../projects/projects.repository.ts';
import { git } from '../workspace/git.ts';
import { isValidBranchName } from '../workspace/git-repo.ts';
import type { SyncResult } from '../workspace/project-repo.ts';
import { deleteRemoteBranch, fetchRemote, pushBranches, TRACKING_PREFIX, type RemoteCredentials } from './remote-git.ts';

const ZERO = '0'.repeat(40);

export type { SyncResult } from '../workspace/project-repo.ts';

/** The stored credentials of a project with a configured private repository, opened; null otherwise. */
export async function projectRemote(ctx: AppContext, projectId: string): Promise<RemoteCredentials | null> {
  const project = await findProject(ctx.db, projectId);
  if (!project?.configured_private_repo || !project.private_repo_url || !project.private_repo_token_enc) return null;
  return {
    url: project.private_repo_url,
    username: project.private_repo_username,
    token: ctx.secrets.decrypt(project.private_repo_token_enc),
    allowPrivateHosts: ctx.config.allowPrivateGitHosts,
  };
}

async function refs(gitDir: string, prefix: string): Promise<Map<string, string>> {
  const { stdout } = await git(['for-each-ref', '--format=%(objectname) %(refname)', prefix], { gitDir });
  const map = new Map<string, string>();
  for (const line of stdout.split('\n').filter(Boolean)) {
    const space = line.indexOf(' ');
    map.set(line.slice(space + 1).slice(prefix.length), line.slice(0, space));
  }
  return map;
}

async function isAncestor(gitDir: string, a: string, b: string): Promise<boolean> {
  const r = await git(['merge-base', '--is-ancestor', a, b], { gitDir, allowFailure: true });
  return r.code === 0;
}

/** Moves a branch only if it still is where we saw it (a concurrent write makes this a no-op). */
async function moveBranch(gitDir: string, branch: string, to: string, from: string | undefined, reason: string): Promise<boolean> {
  const r = await git(['update-ref', '-m', reason, `refs/heads/${branch}`, to, from ?? ZERO], { gitDir, allowFailure: true });
  return r.code === 0;
}

/**
 * Brings the bare repository and the remote together, branch by branch: a branch only the remote
 * has is created; one behind the remote is fast-forwarded; one ahead (or only local) is pushed.
 * Diverged histories are left alone, unless `remoteWins` (first connection to a repository that
 * already has content): then the local branch is kept under refs/stepwise/backup/<time>/ and
 * replaced by the remote's.
 */
export async function syncBranches(gitDir: string, c: RemoteCredentials, { remoteWins = false, push = true } = {}): Promise<SyncResult> {
  await fetchRemote(gitDir, c);
  const [local, remote] = await Promise.all([refs(gitDir, 'refs/heads/'), refs(gitDir, TRACKING_PREFIX)]);
  const result: SyncResult = { updated: [], diverged: [], pushed: [] };
  const toPush: string[] = [];
  const stamp = new Date().toISOString().replace(/[^0-9]/g, '').slice(0, 14);
  for (const [branch, theirs] of remote) {
    if (!isValidBranchName(branch)) continue;
    const ours = local.get(branch);
    if (ours === theirs) continue;
    if (!ours || (await isAncestor(gitDir, ours, theirs))) {
      if (await moveBranch(gitDir, branch, theirs, ours, 'stepwise: fetch from remote')) result.updated.push(branch);
    } else if (await isAncestor(gitDir, theirs, ours)) {
      toPush.push(branch);
    } else if (remoteWins) {
      await git(['update-ref', `refs/stepwise/backup/${stamp}/${branch}`, ours], { gitDir });
      if (await moveBranch(gitDir, branch, theirs, ours, 'stepwise: take the remote branch')) result.updated.push(branch);
    } else {
      result.diverged.push(branch);
    }
  }
  for (const branch of local.keys()) if (!remote.has(branch)) toPush.push(branch);
  if (push && toPush.length) {
    const rejected = new Set(await pushBranches(gitDir, c, toPush));
    result.pushed = toPush.filter((b) => !rejected.has(b));
    result.diverged.push(...rejected);
  }
  return result;
}

/**
 * For the workspace service, before reading a private-repo project: fetches the remote and
 * fast-forwards (or creates) local branches. Diverged branches are reported, never overwritten.
 * Returns null when the project has no configured private repository.
 */
export async function fetchFromRemote(ctx: AppContext, projectId: string): Promise<SyncResult | null> {
  const remote = await projectRemote(ctx, projectId);
  if (!remote) return null;
  const result = await ctx.workspaces.repo(projectId).syncRemote(remote, { push: false });
  if (result.updated.length || result.diverged.length) ctx.log.info({ projectId, updated: result.updated, diverged: result.diverged }, 'fetched from the private repository');
  return result;
}

/**
 * For the workspace service, after a write on `branch` of a private-repo project: pushes the branch
 * (fast-forward only). Returns 'rejected' when the remote has commits we do not (call
 * fetchFromRemote, then retry), 'skipped' when the project has no configured private repository.
 */
export async function pushToRemote(ctx: AppContext, projectId: string, branch: string): Promise<'pushed' | 'rejected' | 'skipped'> {
  const remote = await projectRemote(ctx, projectId);
  if (!remote || !isValidBranchName(branch)) return 'skipped';
  const rejected = await ctx.workspaces.repo(projectId).pushRemote(remote, [branch]);
  if (rejected.length) ctx.log.warn({ projectId, branch }, 'push to the private repository rejected');
  return rejected.length ? 'rejected' : 'pushed';
}

/**
 * For the workspace service, when `branch` of a private-repo project is deleted: fetches, then
 * deletes the branch on the remote if it is still at the commit fetched (never commits pushed there
 * meanwhile: 'rejected', and the next fetch brings the branch back). 'absent' when the remote has no
 * such branch, 'skipped' when the project has no configured private repository.
 */
export async function deleteOnRemote(ctx: AppContext, projectId: string, branch: string): Promise<'deleted' | 'rejected' | 'absent' | 'skipped'> {
  const remote = await projectRemote(ctx, projectId);
  if (!remote || !isValidBranchName(branch)) return 'skipped';
  const outcome = await ctx.workspaces.repo(projectId).deleteRemote(remote, branch);
  if (outcome === 'rejected') ctx.log.warn({ projectId, branch }, 'deleting the branch on the private repository rejected: it moved');
  return outcome;
}

/** Fetches, then deletes `branch` on the remote if it is still at the commit fetched (then forgets its tracking ref). */
export async function deleteBranchOnRemote(gitDir: string, remote: RemoteCredentials, branch: string): Promise<'deleted' | 'rejected' | 'absent'> {
  await fetchRemote(gitDir, remote);
  const tracking = `${TRACKING_PREFIX}${branch}`;
  const seen = (await refs(gitDir, TRACKING_PREFIX)).get(branch);
  if (!seen) return 'absent';
  const outcome = await deleteRemoteBranch(gitDir, remote, branch, seen);
  if (outcome === 'deleted') await git(['update-ref', '-d', tracking, seen], { gitDir, allowFailure: true });
  return outcome;
}
