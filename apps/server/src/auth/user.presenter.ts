import type { UserDto } from '@stepwise/shared';
import type { User } from '../db/schema.ts';

export function presentUser(u: User): UserDto {
  return {
    userId: u.id,
    _id: u.id,
    email: u.email,
    givenName: u.firstname,
    familyName: u.lastname,
    firstname: u.firstname,
    lastname: u.lastname,
    name: `${u.firstname} ${u.lastname}`.trim(),
    lastCompletedStep: u.last_completed_step,
    customAttributes: {
      companyName: u.company_name,
      allowedProjectsCount: u.allowed_projects_count,
      allowDeleteProjects: u.allow_delete_projects,
    },
  };
}
