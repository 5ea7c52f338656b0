import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AppContext } from '../context.ts';
import type { Project, ProjectsTable } from '../db/schema.ts';

export interface Membership {
  project: Project;
  role: string;
}

export async function findProject(db: Db, id: string): Promise<Project | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMembership(db: Db, projectId: string, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('project_members')
    .select('role')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

export async function listProjectsOfUser(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db
    .selectFrom('projects')
    .innerJoin('project_members', 'project_members.project_id', 'projects.id')
    .selectAll('projects')
    .select('project_members.role as member_role')
    .where('project_members.user_id', '=', userId)
    .orderBy('projects.created_at', 'asc')
    .execute();
  return rows.map(({ member_role, ...project }) => ({ project, role: member_role }));
}

/** Member user ids and admin user ids of each project. */
export async function membersByProject(db: Db, projectIds: string[]): Promise<Map<string, { members: string[]; admins: string[] }>> {
  const map = new Map<string, { members: string[]; admins: string[] }>();
  if (projectIds.length === 0) return map;
  const rows = await db
    .selectFrom('project_members')
    .select(['project_id', 'user_id', 'role'])
    .where('project_id', 'in', projectIds)
    .orderBy('joined_at')
    .execute();
  for (const r of rows) {
    const entry = map.get(r.project_id) ?? { members: [], admins: [] };
    entry.members.push(r.user_id);
    if (r.role === 'ADMIN') entry.admins.push(r.user_id);
    map.set(r.project_id, entry);
  }
  return map;
}

export async function countProjectsCreatedBy(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('created_by', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertProjectWithAdmin(db: Db, project: Insertable<ProjectsTable>): Promise<Project> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('projects').values(project).returningAll().executeTakeFirstOrThrow();
    await trx.insertInto('project_members').values({ project_id: row.id, user_id: project.created_by, role: 'ADMIN' }).execute();
    return row;
  });
}

/** Changes a project; every server's cached access to it is dropped before it returns. */
export async function updateProject(ctx: Pick<AppContext, 'db' | 'caches'>, id: string, patch: Updateable<ProjectsTable>): Promise<Project | undefined> {
  const row = await ctx.db.updateTable('projects').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  await ctx.caches.changed({ kind: 'project', projectId: id });
  return row;
}

/** Deletes a project (and clears it as anyone's last project); every server's caches of it are dropped before it returns. */
export async function deleteProject(ctx: Pick<AppContext, 'db' | 'caches'>, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ last_active_project_id: null }).where('last_active_project_id', '=', id).execute();
    await trx.deleteFrom('projects').where('id', '=', id).execute();
  });
  await ctx.caches.changed({ kind: 'project', projectId: id });
}

/** The user's last active project if still a member, else their first project, else null. */
export async function firstProjectIdOf(db: Db, userId: string, lastActive: string | null): Promise<string | null> {
  if (lastActive && (await findMembership(db, lastActive, userId))) return lastActive;
  const first = await db
    .selectFrom('project_members')
    .select('project_id')
    .where('user_id', '=', userId)
    .orderBy('joined_at', 'asc')
    .executeTakeFirst();
  return first?.project_id ?? null;
}
