import type { Db } from '../db/database.ts';
import type { StoredUser } from '../db/schema.ts';

export async function listStoredUsers(db: Db, projectId: string, offset: number, limit: number): Promise<{ rows: StoredUser[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('stored_users').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('username').offset(offset).limit(limit).execute(),
    db.selectFrom('stored_users').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findStoredUser(db: Db, projectId: string, username: string): Promise<StoredUser | undefined> {
  return db.selectFrom('stored_users').selectAll().where('project_id', '=', projectId).where('username', '=', username).executeTakeFirst();
}

/** Inserts; false when the username is taken in the project. */
export async function insertStoredUser(db: Db, row: { project_id: string; username: string; password_enc: string; secret_key_enc: string | null }): Promise<boolean> {
  const inserted = await db.insertInto('stored_users').values(row).onConflict((oc) => oc.columns(['project_id', 'username']).doNothing()).returning('username').executeTakeFirst();
  return inserted !== undefined;
}

export type UpdateOutcome = StoredUser | 'missing' | 'taken';

/** Updates (and possibly renames) a stored user in one transaction; the row as written, or why not. */
export async function updateStoredUser(
  db: Db,
  projectId: string,
  prevUsername: string,
  patch: { username: string; password_enc: string; secret_key_enc: string | null | undefined },
): Promise<UpdateOutcome> {
  const update = db.transaction().execute(async (trx): Promise<UpdateOutcome> => {
    const current = await trx.selectFrom('stored_users').select('username').where('project_id', '=', projectId).where('username', '=', prevUsername).forUpdate().executeTakeFirst();
    if (!current) return 'missing';
    if (patch.username !== prevUsername) {
      const clash = await trx.selectFrom('stored_users').select('username').where('project_id', '=', projectId).where('username', '=', patch.username).executeTakeFirst();
      if (clash) return 'taken';
    }
    return trx
      .updateTable('stored_users')
      .set({
        username: patch.username,
        password_enc: patch.password_enc,
        ...(patch.secret_key_enc !== undefined ? { secret_key_enc: patch.secret_key_enc } : {}),
        updated_at: new Date(),
      })
      .where('project_id', '=', projectId)
      .where('username', '=', prevUsername)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  // A rename racing an insert of the same name: the unique index decides, and it is a clash, not a failure.
  return update.catch((err: unknown) => {
    if ((err as { code?: string }).code === '23505') return 'taken';
    throw err;
  });
}

export async function deleteStoredUser(db: Db, projectId: string, username: string): Promise<boolean> {
  const result = await db.deleteFrom('stored_users').where('project_id', '=', projectId).where('username', '=', username).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
