import { type Kysely, sql } from 'kysely';

/**
 * A run's scenario history is recorded after the run's commit, in a transaction of its own
 * (runs/history/history-catch-up.ts): `history_pending` marks a stored run whose history is not
 * recorded yet, so that a restart, a periodic sweep and every read of the history record what an
 * answer left behind or a crash left out. Runs stored before this migration have their history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('runs').addColumn('history_pending', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await sql`create index runs_history_pending_idx on runs (project_id, start_time, publish_time, id) where history_pending`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index runs_history_pending_idx`.execute(db);
  await db.schema.alterTable('runs').dropColumn('history_pending').execute();
}
