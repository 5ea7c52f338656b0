import type { Db } from '../db/database.ts';
import type { AccessKey, User } from '../db/schema.ts';
import { hashToken } from '../security/tokens.ts';

export function listAccessKeys(db: Db, projectId: string): Promise<AccessKey[]> {
  return db.selectFrom('access_keys').selectAll().where('project_id', '=', projectId).orderBy('created_at', 'desc').execute();
}

export function findAccessKey(db: Db, id: string): Promise<AccessKey | undefined> {
  return db.selectFrom('access_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAccessKey(db: Db, key: Omit<AccessKey, 'created_at' | 'last_used_at'>): Promise<AccessKey> {
  return db.insertInto('access_keys').values(key).returningAll().executeTakeFirstOrThrow();
}

export async function deleteAccessKey(db: Db, id: string): Promise<void> {
  await db.deleteFrom('access_keys').where('id', '=', id).execute();
}

/**
 * Resolves an access key to its owner and project and records its use. A key stops working when
 * its owner leaves the project.
 */
export async function useAccessKey(db: Db, token: string): Promise<{ user: User; projectId: string } | null> {
  const key = await db
    .updateTable('access_keys')
    .set({ last_used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .returning(['user_id', 'project_id'])
    .executeTakeFirst();
  if (!key) return null;
  const user = await db
    .selectFrom('users')
    .innerJoin('project_members', 'project_members.user_id', 'users.id')
    .selectAll('users')
    .where('users.id', '=', key.user_id)
    .where('project_members.project_id', '=', key.project_id)
    .executeTakeFirst();
  return user ? { user, projectId: key.project_id } : null;
}
