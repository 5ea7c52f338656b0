import { type Kysely, sql } from 'kysely';

/**
 * The scenario history in the order the runs started: `scenario_results.started_at` is its run's start
 * time (its publish time when the report has none). A scenario's results are ordered by it, then by
 * publish time, then by run id, so that runs stored concurrently or late (an upload of an older run)
 * take their place by when they ran, not by when their transaction committed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scenario_results').addColumn('started_at', 'timestamptz').execute();
  await sql`update scenario_results r set started_at = coalesce(runs.start_time, runs.publish_time) from runs where runs.id = r.run_id`.execute(db);
  await sql`update scenario_results set started_at = publish_time where started_at is null`.execute(db);
  await sql`alter table scenario_results alter column started_at set not null`.execute(db);
  await sql`drop index scenario_results_key_idx`.execute(db);
  await sql`create index scenario_results_key_idx on scenario_results (project_id, history_key, started_at desc, publish_time desc, run_id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index scenario_results_key_idx`.execute(db);
  await sql`create index scenario_results_key_idx on scenario_results (project_id, history_key, publish_time desc, run_id)`.execute(db);
  await db.schema.alterTable('scenario_results').dropColumn('started_at').execute();
}
