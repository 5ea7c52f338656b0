import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ExecutionInstance, ExecutionInstancesTable } from '../db/schema.ts';

export const ACTIVE_STATUSES = ['queued', 'preparing', 'running'] as const;

export async function insertInstance(db: Db, row: Insertable<ExecutionInstancesTable>): Promise<void> {
  await db.insertInto('execution_instances').values(row).execute();
}

/** Updates the row; `appendLogs` are added to the end of its log. */
export async function updateInstance(db: Db, id: string, patch: Updateable<ExecutionInstancesTable>, appendLogs: string[] = []): Promise<void> {
  await db
    .updateTable('execution_instances')
    .set(patch)
    .$if(appendLogs.length > 0, (q) => q.set({ logs: sql`logs || ${JSON.stringify(appendLogs)}::jsonb` }))
    .where('id', '=', id)
    .execute();
}

export function findInstance(db: Db, id: string): Promise<ExecutionInstance | undefined> {
  return db.selectFrom('execution_instances').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The instance of a run id (decided at its start), when the run came from an execution. */
export function findInstanceByRunId(db: Db, runId: string): Promise<ExecutionInstance | undefined> {
  return db.selectFrom('execution_instances').selectAll().where('run_id', '=', runId).executeTakeFirst();
}

export function findRunProject(db: Db, runId: string): Promise<{ project_id: string; instance_id: string | null } | undefined> {
  return db.selectFrom('runs').select(['project_id', 'instance_id']).where('id', '=', runId).executeTakeFirst();
}

/**
 * Marks 'error' (with a history entry and a log line) the active instances a server left behind: those
 * of `owner` (this server before a restart), and those whose server has not said it runs them since
 * `staleSeconds` ago (it crashed, or stopped answering). Returns their ids and projects.
 */
export async function failAbandonedInstances(
  db: Db,
  message: string,
  which: { owner?: string; staleSeconds: number; except?: string[] },
): Promise<Array<{ id: string; project_id: string }>> {
  const now = new Date().toISOString();
  const entry = JSON.stringify([{ status: 'error', verboseStatus: message, timestamp: now }]);
  const line = JSON.stringify([`${now} ${message}`]);
  return db
    .updateTable('execution_instances')
    .set({
      status: 'error',
      verbose_status: message,
      finished_at: now,
      status_history: sql`status_history || ${entry}::jsonb`,
      logs: sql`logs || ${line}::jsonb`,
    })
    .where('status', 'in', ACTIVE_STATUSES)
    .$if((which.except ?? []).length > 0, (q) => q.where('id', 'not in', which.except!))
    .where((eb) => {
      // The database's clock on both sides: servers' clocks may differ.
      const stale = eb('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${which.staleSeconds})`);
      return which.owner === undefined ? stale : eb.or([eb('owner', '=', which.owner), stale]);
    })
    .returning(['id', 'project_id'])
    .execute();
}

/** This server still runs these instances. */
export async function heartbeat(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('execution_instances').set({ heartbeat_at: sql`now()` }).where('id', 'in', ids).execute();
}
