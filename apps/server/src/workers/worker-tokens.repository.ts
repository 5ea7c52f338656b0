import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { WorkerToken } from '../db/schema.ts';
import { hashToken } from '../security/tokens.ts';

export function listWorkerTokens(db: Db, projectId: string): Promise<WorkerToken[]> {
  return db.selectFrom('worker_tokens').selectAll().where('project_id', '=', projectId).orderBy('created_at', 'desc').execute();
}

export function findWorkerToken(db: Db, id: string): Promise<WorkerToken | undefined> {
  return db.selectFrom('worker_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertWorkerToken(db: Db, row: Pick<WorkerToken, 'id' | 'project_id' | 'name' | 'token_hash' | 'token_hint' | 'created_by'>): Promise<WorkerToken> {
  return db.insertInto('worker_tokens').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function revokeWorkerToken(db: Db, id: string): Promise<void> {
  await db.updateTable('worker_tokens').set({ revoked_at: new Date() }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** The token's row when it is valid (not revoked); its last-seen time is recorded. */
export function useWorkerToken(db: Db, token: string): Promise<WorkerToken | undefined> {
  return db
    .updateTable('worker_tokens')
    .set({ last_seen_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function countJobRun(db: Db, id: string): Promise<void> {
  await db.updateTable('worker_tokens').set({ jobs_run: sql`jobs_run + 1` }).where('id', '=', id).execute();
}
