import type { Db } from '../db/database.ts';
import type { User } from '../db/schema.ts';
import { hashToken, newId, newToken } from '../security/tokens.ts';

/** A new session of the user: its row id and its token (only the token's digest is stored). */
export async function createSession(db: Db, userId: string, ttlMs: number): Promise<{ id: string; token: string }> {
  const token = newToken();
  const id = newId();
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, token_hash: hashToken(token), expires_at: new Date(Date.now() + ttlMs), revoked_at: null })
    .execute();
  return { id, token };
}

/** The live session's user and expiry (ms since the epoch), or null when the token is unknown, revoked or expired. */
export async function findUserBySessionToken(db: Db, token: string): Promise<{ user: User; sessionId: string; expiresAt: number } | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return null;
  const { session_id, session_expires_at, ...user } = row;
  return { user, sessionId: session_id, expiresAt: new Date(session_expires_at).getTime() };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
}
