import type { Db } from '../../db/database.ts';
import type { User } from '../../db/schema.ts';
import '../../db/schema-identities.ts';

/** The user an identity of the provider is tied to. */
export async function findUserByIdentity(db: Db, issuer: string, subject: string): Promise<User | undefined> {
  return db
    .selectFrom('user_identities')
    .innerJoin('users', 'users.id', 'user_identities.user_id')
    .selectAll('users')
    .where('user_identities.issuer', '=', issuer)
    .where('user_identities.subject', '=', subject)
    .executeTakeFirst();
}

export async function linkIdentity(db: Db, row: { issuer: string; subject: string; userId: string; email: string }): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({ issuer: row.issuer, subject: row.subject, user_id: row.userId, email: row.email })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .execute();
}

export async function recordOidcSession(db: Db, row: { sessionId: string; issuer: string; idTokenSealed: string }): Promise<void> {
  await db.insertInto('oidc_sessions').values({ session_id: row.sessionId, issuer: row.issuer, id_token_sealed: row.idTokenSealed }).execute();
}

/** The sealed ID token of a session started by company sign-in, if it was. */
export async function findOidcSession(db: Db, sessionId: string): Promise<{ issuer: string; id_token_sealed: string } | undefined> {
  return db.selectFrom('oidc_sessions').select(['issuer', 'id_token_sealed']).where('session_id', '=', sessionId).executeTakeFirst();
}
