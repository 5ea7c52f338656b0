import { MSG } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { Project } from '../db/schema.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { ApiCaches } from '../cache/api-caches.ts';
import { findListAccess, type LastActiveSelection } from './workspace-state.repository.ts';

/**
 * What the features tree needs before it reads Git: the project, that the caller is a member
 * (404 unknown project, 403 not a member, access keys only for their project) and their last
 * selection on the branch. From the server's caches (the member's access and selection, dropped on
 * every server when they change); what is missing comes from one query.
 */
export async function listAccess(ctx: Pick<AppContext, 'db' | 'caches'>, auth: AuthContext, projectId: string, branch: string): Promise<{ project: Project; selection: LastActiveSelection }> {
  if (auth.accessKeyProjectId && auth.accessKeyProjectId !== projectId) throw forbidden();
  let row: ReturnType<typeof findListAccess> | undefined;
  const read = async () => {
    const found = await (row ??= findListAccess(ctx.db, auth.user.id, projectId, branch));
    if (!found) throw notFound(MSG.projectNotFound);
    return found;
  };
  const access = await ctx.caches.access.load(ApiCaches.accessKey(auth.user.id, projectId), async () => {
    const found = await read();
    return found.role ? { project: found.project, role: found.role } : null;
  });
  if (!access) throw forbidden();
  const selected = await ctx.caches.selections.load(ApiCaches.selectionKey(auth.user.id, projectId, branch), async () => ({
    projectId,
    userId: auth.user.id,
    selection: (await read()).selection,
  }));
  return { project: access.project, selection: selected!.selection };
}
