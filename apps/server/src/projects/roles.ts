import type { User } from '../db/schema.ts';
import type { ProjectAccess } from './project-access.ts';

export type RoleAction = 'sendInvitation' | 'removeMember' | 'deleteProject' | 'configureGit';

/** What a member may do in a project. Admins manage people, Git and the project itself. */
export function canDo(access: ProjectAccess, user: User, action: RoleAction): boolean {
  switch (action) {
    case 'sendInvitation':
    case 'removeMember':
    case 'configureGit':
      return access.isAdmin;
    case 'deleteProject':
      return access.isAdmin && user.allow_delete_projects;
  }
}
