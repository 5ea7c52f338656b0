import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { WorkerJob } from '../db/schema.ts';
import { hashToken } from '../security/tokens.ts';

export function insertWorkerJob(db: Db, row: Pick<WorkerJob, 'id' | 'project_id' | 'instance_id' | 'commit_id' | 'payload' | 'expires_at'>): Promise<WorkerJob> {
  return db.insertInto('worker_jobs').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findWorkerJob(db: Db, id: string): Promise<WorkerJob | undefined> {
  return db.selectFrom('worker_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Hands the job to a worker (first take, or the retry after a stalled one): a new token digest, so
 * that an earlier worker's token stops working. Undefined when the job is finished or expired.
 */
export function claimWorkerJob(db: Db, id: string, projectId: string, workerTokenId: string, token: string): Promise<WorkerJob | undefined> {
  return db
    .updateTable('worker_jobs')
    .set({ status: 'running', token_hash: hashToken(token), worker_token_id: workerTokenId, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .where('status', 'in', ['queued', 'running'])
    .where('expires_at', '>', new Date())
    .returningAll()
    .executeTakeFirst();
}

/** The running job a job token opens (never a finished or expired one). */
export function jobOfToken(db: Db, token: string): Promise<WorkerJob | undefined> {
  return db
    .selectFrom('worker_jobs')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('status', '=', 'running')
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Ends a job: its token stops working and its sealed inputs are dropped. */
export async function endWorkerJob(db: Db, id: string, status: 'done' | 'failed' | 'halted'): Promise<boolean> {
  const r = await db
    .updateTable('worker_jobs')
    .set({ status, finished_at: new Date(), token_hash: null, payload: '' })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Rows of jobs finished more than `days` ago (kept that long for the record). */
export async function deleteOldWorkerJobs(db: Db, days = 7): Promise<void> {
  await db.deleteFrom('worker_jobs').where('finished_at', '<', new Date(Date.now() - days * 86_400_000)).execute();
}
