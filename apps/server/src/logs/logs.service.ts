import type { LogEntry } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { insertClientLogs, insertUsageEvent } from './logs.repository.ts';

type WarnLogger = { warn(obj: object, msg: string): void };

/** Stores the client's log entries; errors are also written to the server log. */
export async function storeClientLogs(ctx: AppContext, userId: string, entries: LogEntry[], log: WarnLogger = ctx.log): Promise<number> {
  await insertClientLogs(ctx.db, userId, entries);
  for (const entry of entries) {
    if (entry.logType === 'Error' || entry.logType === 'Critical') log.warn({ client: entry }, 'client error');
  }
  return entries.length;
}

/**
 * Records a tracked product event and, for a project event, tells that project's open clients
 * (publish_scenario and upload_report make the web app refresh its counts).
 */
export async function recordUsageEvent(ctx: AppContext, userId: string, projectId: string | null, event: string): Promise<void> {
  await insertUsageEvent(ctx.db, userId, projectId, event);
  if (projectId) ctx.events.publish(projectId, event);
}
