import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ExecutionEventRow, ExecutionEventsTable, ExecutionRow, ExecutionsTable } from '../db/schema.ts';

/** An execution with the names of its creator and last modifier (null when the user no longer exists). */
export interface ExecutionWithNames extends ExecutionRow {
  creator_first: string | null;
  creator_last: string | null;
  creator_email: string | null;
  modifier_first: string | null;
  modifier_last: string | null;
  modifier_email: string | null;
}

function withNames(db: Db) {
  return db
    .selectFrom('executions')
    .leftJoin('users as creator', 'creator.id', 'executions.created_by')
    .leftJoin('users as modifier', 'modifier.id', 'executions.modified_by')
    .selectAll('executions')
    .select([
      'creator.firstname as creator_first',
      'creator.lastname as creator_last',
      'creator.email as creator_email',
      'modifier.firstname as modifier_first',
      'modifier.lastname as modifier_last',
      'modifier.email as modifier_email',
    ]);
}

export function listExecutions(db: Db, projectId: string): Promise<ExecutionWithNames[]> {
  return withNames(db).where('executions.project_id', '=', projectId).orderBy('executions.created_at', 'desc').orderBy('executions.id').execute();
}

export function findExecution(db: Db, id: string): Promise<ExecutionWithNames | undefined> {
  return withNames(db).where('executions.id', '=', id).executeTakeFirst();
}

export function findExecutionRow(db: Db, id: string): Promise<ExecutionRow | undefined> {
  return db.selectFrom('executions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Another execution of the project already has this name (case-insensitive). */
export async function nameTaken(db: Db, projectId: string, name: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('executions')
    .select('id')
    .where('project_id', '=', projectId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertExecution(db: Db, row: Insertable<ExecutionsTable>): Promise<void> {
  await db.insertInto('executions').values(row).execute();
}

export async function updateExecution(db: Db, id: string, patch: Updateable<ExecutionsTable>): Promise<ExecutionRow | undefined> {
  return db
    .updateTable('executions')
    .set({ ...patch, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteExecution(db: Db, id: string): Promise<boolean> {
  const res = await db.deleteFrom('executions').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Enabled executions with a schedule: what a scheduler arms at start. */
export function listEnabled(db: Db): Promise<ExecutionRow[]> {
  return db.selectFrom('executions').selectAll().where('enabled', '=', true).where('schedule', 'is not', null).execute();
}

/**
 * Takes one fire: moves next_run_at from `scheduledFor` to `next` only if it still is `scheduledFor`
 * and the execution is enabled, so that a fire is taken once even by two schedulers. `fired` also
 * sets last_fired_at.
 */
export async function claimFire(db: Db, id: string, scheduledFor: Date, next: Date | null, fired: boolean): Promise<ExecutionRow | undefined> {
  return db
    .updateTable('executions')
    .set({ next_run_at: next, ...(fired ? { last_fired_at: scheduledFor } : {}) })
    .where('id', '=', id)
    .where('enabled', '=', true)
    .where('next_run_at', '=', scheduledFor)
    .returningAll()
    .executeTakeFirst();
}

/** Sets next_run_at of an enabled execution whose stored value is `expected` (null included). */
export async function moveNextRun(db: Db, id: string, expected: Date | null, next: Date | null): Promise<boolean> {
  let q = db.updateTable('executions').set({ next_run_at: next }).where('id', '=', id).where('enabled', '=', true);
  q = expected === null ? q.where('next_run_at', 'is', null) : q.where('next_run_at', '=', expected);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Disables every enabled execution of the projects expired at `now` (or of `projectId` only); returns them. */
export async function descheduleExpired(db: Db, now: Date, projectId?: string): Promise<Array<{ id: string; project_id: string }>> {
  let expired = db.selectFrom('projects').select('id').where('expires_at', 'is not', null).where('expires_at', '<=', now);
  if (projectId) expired = expired.where('id', '=', projectId);
  return db
    .updateTable('executions')
    .set({ enabled: false, next_run_at: null, updated_at: sql`now()` })
    .where('enabled', '=', true)
    .where('project_id', 'in', expired)
    .returning(['id', 'project_id'])
    .execute();
}

export async function insertEvents(db: Db, events: Insertable<ExecutionEventsTable>[]): Promise<void> {
  if (events.length === 0) return;
  await db.insertInto('execution_events').values(events).execute();
}

export function listEvents(db: Db, executionId: string, limit: number): Promise<ExecutionEventRow[]> {
  return db.selectFrom('execution_events').selectAll().where('execution_id', '=', executionId).orderBy('id', 'desc').limit(limit).execute();
}

/** The project of an execution instance, from the run manager's table (null when unknown). */
export async function instanceProject(db: Db, instanceId: string): Promise<string | null> {
  const row = await db.selectFrom('execution_instances').select('project_id').where('id', '=', instanceId).executeTakeFirst();
  return row?.project_id ?? null;
}

/** Projects the user belongs to. */
export async function memberProjects(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('project_members').select('project_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.project_id);
}
