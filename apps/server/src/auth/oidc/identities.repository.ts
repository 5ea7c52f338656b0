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

export async function recordOidcSession(db: Db, row: { sessionId: string; issuer: string; idTokenSealed: string; sid: string | null }): Promise<void> {
  await db.insertInto('oidc_sessions').values({ session_id: row.sessionId, issuer: row.issuer, id_token_sealed: row.idTokenSealed, sid: row.sid }).execute();
}

/**
 * The live sessions a back-channel logout of `issuer` names: the sign-in of provider session `sid`, or
 * (without one) every sign-in through the provider of the account `sub`. With both, the sign-ins of that
 * account with that `sid`, and those of it whose `sid` is not known (started before it was kept).
 */
export async function oidcSessionsNamed(db: Db, issuer: string, named: { sid: string | null; sub: string | null }): Promise<Array<{ sessionId: string; userId: string }>> {
  const { sid, sub } = named;
  return db
    .selectFrom('oidc_sessions')
    .innerJoin('sessions', 'sessions.id', 'oidc_sessions.session_id')
    .select(['sessions.id as sessionId', 'sessions.user_id as userId'])
    .where('oidc_sessions.issuer', '=', issuer)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .where((eb) => {
      const ofAccount = (s: string) => eb('sessions.user_id', 'in', eb.selectFrom('user_identities').select('user_id').where('issuer', '=', issuer).where('subject', '=', s));
      if (sid && sub) return eb.and([ofAccount(sub), eb.or([eb('oidc_sessions.sid', '=', sid), eb('oidc_sessions.sid', 'is', null)])]);
      if (sid) return eb('oidc_sessions.sid', '=', sid);
      return sub ? ofAccount(sub) : eb.val(false);
    })
    .execute();
}

/** The sealed ID token of a session started by company sign-in, if it was. */
export async function findOidcSession(db: Db, sessionId: string): Promise<{ issuer: string; id_token_sealed: string } | undefined> {
  return db.selectFrom('oidc_sessions').select(['issuer', 'id_token_sealed']).where('session_id', '=', sessionId).executeTakeFirst();
}

/** Rows of tokens older than this are dropped (a token is accepted for ten minutes after it is issued). */
const LOGOUT_TOKENS_KEPT_MS = 60 * 60_000;

/** True the first time a logout token of `issuer` with this `jti` is seen; false for a replay. */
export async function firstSightOfLogoutToken(db: Db, issuer: string, jti: string): Promise<boolean> {
  await db.deleteFrom('oidc_logout_tokens').where('seen_at', '<', new Date(Date.now() - LOGOUT_TOKENS_KEPT_MS)).execute();
  const inserted = await db.insertInto('oidc_logout_tokens').values({ issuer, jti }).onConflict((oc) => oc.columns(['issuer', 'jti']).doNothing()).returning('jti').execute();
  return inserted.length === 1;
}
