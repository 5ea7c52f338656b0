import type { LogEntry } from '@stepwise/shared';
import type { Db } from '../db/database.ts';

export async function insertClientLogs(db: Db, userId: string, entries: LogEntry[]): Promise<void> {
  await db
    .insertInto('client_logs')
    .values(entries.map((entry) => ({ user_id: userId, session_id: entry.sessionId ?? '', log_type: entry.logType, entry: JSON.stringify(entry) })))
    .execute();
}

export async function insertUsageEvent(db: Db, userId: string, projectId: string | null, event: string): Promise<void> {
  await db.insertInto('usage_events').values({ user_id: userId, project_id: projectId, event }).execute();
}
