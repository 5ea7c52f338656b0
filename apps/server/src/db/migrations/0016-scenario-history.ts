import { type Kysely, sql } from 'kysely';

/**
 * Scenario history across runs (runs/history): one row per counted result of a scenario, keyed by a
 * stable scenario key (md5 of feature path, scenario name and example row: the run's name plays no
 * part), one stats row per scenario kept up to date as runs are stored (its latest results as letters,
 * flips, passes on retry, flakiness, the start of its current failure), the failure signatures, and
 * the quarantine flags. Runs gain the count of quarantined scenarios that did not pass (out of the
 * verdict). Runs stored before this migration have no history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('runs').addColumn('scenarios_quarantined', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('scenario_results')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('history_key', 'text', (c) => c.notNull())
    // No foreign key (as test_cases, migration 0009): a trigger on runs removes a run's results with it.
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('test_case_id', 'text', (c) => c.notNull())
    .addColumn('publish_time', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    /** P passed, R passed on a retry, F failed, S skipped or unknown. */
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('mark', 'text')
    .addColumn('quarantined', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('branch', 'text')
    .addColumn('commit', 'text')
    .addColumn('signature', 'text')
    .addPrimaryKeyConstraint('scenario_results_pk', ['run_id', 'history_key'])
    .execute();
  await sql`
    create function scenario_results_follow_runs() returns trigger language plpgsql as $$
    begin
      delete from scenario_results where run_id in (select id from gone_runs);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger runs_delete_scenario_results after delete on runs
    referencing old table as gone_runs for each statement execute function scenario_results_follow_runs()`.execute(db);
  // A scenario's history, newest first (paged).
  await sql`create index scenario_results_key_idx on scenario_results (project_id, history_key, publish_time desc, run_id)`.execute(db);
  // Failures grouped by signature over a period.
  await sql`create index scenario_results_signature_idx on scenario_results (project_id, publish_time) include (signature, history_key, run_id)
    where signature is not null`.execute(db);

  await db.schema
    .createTable('scenario_stats')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('history_key', 'text', (c) => c.notNull())
    .addColumn('feature_path', 'text', (c) => c.notNull())
    .addColumn('scenario_name', 'text', (c) => c.notNull())
    .addColumn('example', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_status', 'text', (c) => c.notNull())
    .addColumn('last_test_case_id', 'text', (c) => c.notNull())
    .addColumn('last_run_id', 'text', (c) => c.notNull())
    .addColumn('last_publish_time', 'timestamptz', (c) => c.notNull())
    .addColumn('recent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('flips', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_passes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flakiness', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('flaky', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('failing_streak', 'integer', (c) => c.notNull().defaultTo(0))
    /** A pass came before the current failures (a regression, not a scenario that never passed). */
    .addColumn('passed_before', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('first_failure_run_id', 'text')
    .addColumn('first_failure_time', 'timestamptz')
    .addColumn('first_failure_branch', 'text')
    .addColumn('first_failure_commit', 'text')
    .addColumn('quarantined', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('scenario_stats_pk', ['project_id', 'history_key'])
    .execute();
  await sql`create index scenario_stats_flaky_idx on scenario_stats (project_id, flakiness desc, last_publish_time desc) where flaky`.execute(db);
  await sql`create index scenario_stats_failing_idx on scenario_stats (project_id, first_failure_time desc)
    where failing_streak > 0 and passed_before and not flaky`.execute(db);

  await db.schema
    .createTable('failure_signatures')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('step', 'text')
    .addColumn('frame', 'text')
    .addPrimaryKeyConstraint('failure_signatures_pk', ['project_id', 'signature'])
    .execute();

  await db.schema
    .createTable('scenario_quarantine')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('history_key', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('scenario_quarantine_pk', ['project_id', 'history_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scenario_quarantine').execute();
  await db.schema.dropTable('failure_signatures').execute();
  await db.schema.dropTable('scenario_stats').execute();
  await sql`drop trigger if exists runs_delete_scenario_results on runs`.execute(db);
  await sql`drop function if exists scenario_results_follow_runs()`.execute(db);
  await db.schema.dropTable('scenario_results').execute();
  await db.schema.alterTable('runs').dropColumn('scenarios_quarantined').execute();
}
