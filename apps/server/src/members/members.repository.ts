import type { Db } from '../db/database.ts';

export interface MemberRow {
  user_id: string;
  email: string;
  firstname: string;
  lastname: string;
  role: string;
}

export function listMembers(db: Db, projectId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select(['users.id as user_id', 'users.email', 'users.firstname', 'users.lastname', 'project_members.role'])
    .where('project_members.project_id', '=', projectId)
    .orderBy('project_members.joined_at', 'asc')
    .execute();
}

export async function addMember(db: Db, projectId: string, userId: string, role: string): Promise<void> {
  await db
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
    .execute();
}

export async function removeMember(db: Db, projectId: string, userId: string): Promise<number> {
  const res = await db.deleteFrom('project_members').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function countAdmins(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('project_members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', projectId)
    .where('role', '=', 'ADMIN')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
