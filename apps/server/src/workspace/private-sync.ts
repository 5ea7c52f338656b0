import type { AppContext } from '../context.ts';
import type { Project } from '../db/schema.ts';
import { deleteOnRemote, fetchFromRemote, pushToRemote } from '../private-repo/remote-sync.ts';

/**
 * The workspace of a project connected to its own Git repository follows the remote: reads fetch
 * first (fast-forward only), writes push their branch after the commit. A remote that cannot be
 * reached never fails the call: the local repository stays the source of the answer.
 */
export async function pullIfPrivate(ctx: AppContext, project: Project): Promise<void> {
  if (!project.configured_private_repo) return;
  try {
    await fetchFromRemote(ctx, project.id);
  } catch (err) {
    ctx.log.warn({ projectId: project.id, err: (err as Error).message }, 'fetch from the private repository failed');
  }
}

export async function pushIfPrivate(ctx: AppContext, project: Project, branch: string): Promise<void> {
  if (!project.configured_private_repo) return;
  try {
    await pushToRemote(ctx, project.id, branch);
  } catch (err) {
    ctx.log.warn({ projectId: project.id, branch, err: (err as Error).message }, 'push to the private repository failed');
  }
}

/** Deletes `branch` on the remote too (only at the commit last fetched); failures are logged. */
export async function deleteIfPrivate(ctx: AppContext, project: Project, branch: string): Promise<void> {
  if (!project.configured_private_repo) return;
  try {
    await deleteOnRemote(ctx, project.id, branch);
  } catch (err) {
    ctx.log.warn({ projectId: project.id, branch, err: (err as Error).message }, 'deleting the branch on the private repository failed');
  }
}
