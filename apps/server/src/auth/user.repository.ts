import type { Db } from '../db/database.ts';
import type { User, UsersTable } from '../db/schema.ts';
import type { Insertable, Updateable } from 'kysely';
import type { AppContext } from '../context.ts';

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a user; returns null when the e-mail is already taken. */
export async function insertUser(db: Db, user: Insertable<UsersTable>): Promise<User | null> {
  const row = await db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Changes a user; every server's cached sessions and keys of the user are dropped before it returns. */
export async function updateUser(ctx: Pick<AppContext, 'db' | 'caches'>, id: string, patch: Updateable<UsersTable>): Promise<User | undefined> {
  const row = await ctx.db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  await ctx.caches.changed({ kind: 'user', userId: id });
  return row;
}
