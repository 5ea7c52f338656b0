import { MSG, ROLES } from '@stepwise/shared';
import type { Db } from '../db/database.ts';
import type { Project } from '../db/schema.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { ApiCaches, type CachedAccess } from '../cache/api-caches.ts';

export interface ProjectAccess {
  project: Project;
  role: string;
  isAdmin: boolean;
}

/**
 * The caller's access to a project: 404 when it does not exist, 403 when they are not a member. A
 * member's access comes from the server's cache when the request has one (auth.caches: dropped on
 * every server when the member leaves, or the project changes or is deleted); a refusal is never cached.
 */
export async function requireMember(db: Db, auth: AuthContext, projectId: string): Promise<ProjectAccess> {
  if (auth.accessKeyProjectId && auth.accessKeyProjectId !== projectId) throw forbidden();
  const found = auth.caches
    ? await auth.caches.access.load(ApiCaches.accessKey(auth.user.id, projectId), () => readAccess(db, auth.user.id, projectId))
    : await readAccess(db, auth.user.id, projectId);
  if (!found) throw forbidden();
  return { project: found.project, role: found.role, isAdmin: found.role === ROLES.admin };
}

/** The project and the member's role in it; null when they are not a member; 404 when there is no such project. */
async function readAccess(db: Db, userId: string, projectId: string): Promise<CachedAccess | null> {
  // One query for the project and the caller's role in it (every project call makes it: bench:api).
  const row = await db
    .selectFrom('projects')
    .leftJoin('project_members', (join) => join.onRef('project_members.project_id', '=', 'projects.id').on('project_members.user_id', '=', userId))
    .selectAll('projects')
    .select('project_members.role as member_role')
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.projectNotFound);
  const { member_role: role, ...project } = row;
  return role ? { project, role } : null;
}

export async function requireAdmin(db: Db, auth: AuthContext, projectId: string, message: string = MSG.adminOnly): Promise<ProjectAccess> {
  const access = await requireMember(db, auth, projectId);
  if (!access.isAdmin) throw forbidden(message);
  return access;
}
