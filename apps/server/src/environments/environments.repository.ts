import type { Db } from '../db/database.ts';

/** The environment a member last selected in a project, or null. */
export async function findActiveEnv(db: Db, userId: string, projectId: string): Promise<string | null> {
  const row = await db
    .selectFrom('active_environments')
    .select('env_name')
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row?.env_name ?? null;
}

export async function saveActiveEnv(db: Db, userId: string, projectId: string, envName: string | null): Promise<void> {
  if (envName === null) {
    await db.deleteFrom('active_environments').where('user_id', '=', userId).where('project_id', '=', projectId).execute();
    return;
  }
  await db
    .insertInto('active_environments')
    .values({ user_id: userId, project_id: projectId, env_name: envName, updated_at: new Date() })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet({ env_name: envName, updated_at: new Date() }))
    .execute();
}

/** Follows a rename for every member who had the old name selected. */
export async function renameActiveEnv(db: Db, projectId: string, oldName: string, newName: string): Promise<void> {
  await db.updateTable('active_environments').set({ env_name: newName }).where('project_id', '=', projectId).where('env_name', '=', oldName).execute();
}
