import { MSG, ROLES } from '@stepwise/shared';
import type { Db } from '../db/database.ts';
import type { Project } from '../db/schema.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { findMembership, findProject } from './projects.repository.ts';

export interface ProjectAccess {
  project: Project;
  role: string;
  isAdmin: boolean;
}

/** The caller's access to a project: 404 when it does not exist, 403 when they are not a member. */
export async function requireMember(db: Db, auth: AuthContext, projectId: string): Promise<ProjectAccess> {
  if (auth.accessKeyProjectId && auth.accessKeyProjectId !== projectId) throw forbidden();
  const project = await findProject(db, projectId);
  if (!project) throw notFound(MSG.projectNotFound);
  const role = await findMembership(db, projectId, auth.user.id);
  if (!role) throw forbidden();
  return { project, role, isAdmin: role === ROLES.admin };
}

export async function requireAdmin(db: Db, auth: AuthContext, projectId: string, message: string = MSG.adminOnly): Promise<ProjectAccess> {
  const access = await requireMember(db, auth, projectId);
  if (!access.isAdmin) throw forbidden(message);
  return access;
}
