import { MSG, ROLES } from '@stepwise/shared';
import type { Db } from '../db/database.ts';
import type { Project } from '../db/schema.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { forbidden, notFound } from '../http/errors.ts';

export interface ProjectAccess {
  project: Project;
  role: string;
  isAdmin: boolean;
}

/** The caller's access to a project: 404 when it does not exist, 403 when they are not a member. */
export async function requireMember(db: Db, auth: AuthContext, projectId: string): Promise<ProjectAccess> {
  if (auth.accessKeyProjectId && auth.accessKeyProjectId !== projectId) throw forbidden();
  // One query for the project and the caller's role in it (every project call makes it: bench:api).
  const row = await db
    .selectFrom('projects')
    .leftJoin('project_members', (join) => join.onRef('project_members.project_id', '=', 'projects.id').on('project_members.user_id', '=', auth.user.id))
    .selectAll('projects')
    .select('project_members.role as member_role')
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.projectNotFound);
  const { member_role: role, ...project } = row;
  if (!role) throw forbidden();
  return { project, role, isAdmin: role === ROLES.admin };
}

export async function requireAdmin(db: Db, auth: AuthContext, projectId: string, message: string = MSG.adminOnly): Promise<ProjectAccess> {
  const access = await requireMember(db, auth, projectId);
  if (!access.isAdmin) throw forbidden(message);
  return access;
}
