import { type Kysely, sql } from 'kysely';

/**
 * Runs (one per stored report) with their test cases, and the instances of executions (one per
 * "Run now" or schedule firing) with their status history and logs. Binary data of a run lives in the
 * blob store under runs/<projectId>/<runId>/.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('executions', 'local', 'scenario')`))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('branch', 'text')
    .addColumn('environment', 'text')
    .addColumn('username', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // No foreign keys: a run outlives its execution and its instance.
    .addColumn('execution_id', 'text')
    .addColumn('instance_id', 'text')
    .addColumn('publish_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('start_time', 'timestamptz')
    .addColumn('end_time', 'timestamptz')
    .addColumn('execution_time_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_scenarios', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scenarios_passed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scenarios_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('meta', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`create index runs_project_publish_idx on runs (project_id, publish_time desc, id desc)`.execute(db);
  await sql`create index runs_project_type_idx on runs (project_id, type, publish_time desc)`.execute(db);
  await sql`create index runs_project_branch_idx on runs (project_id, branch, publish_time desc)`.execute(db);
  await db.schema.createIndex('runs_instance_idx').on('runs').column('instance_id').where(sql.ref('instance_id'), 'is not', null).execute();

  await db.schema
    .createTable('test_cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('run_id', 'text', (c) => c.notNull().references('runs.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    /** Order in the report. */
    .addColumn('position', 'integer', (c) => c.notNull())
    /** The report's own id of the test case (its rerunId refers to these). */
    .addColumn('report_case_id', 'text', (c) => c.notNull())
    .addColumn('scenario_name', 'text', (c) => c.notNull())
    .addColumn('feature_name', 'text', (c) => c.notNull())
    .addColumn('feature_path', 'text', (c) => c.notNull())
    .addColumn('line', 'integer')
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz')
    .addColumn('end_time', 'timestamptz')
    .addColumn('duration_ms', 'integer')
    .addColumn('failed_step', 'integer')
    .addColumn('error_message', 'text')
    .addColumn('parameters', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    /** Id (in this table) of the test case this one reran. */
    .addColumn('rerun_id', 'text')
    /** A later attempt or rerun of the same scenario replaced this one: left out of the counts. */
    .addColumn('superseded', 'boolean', (c) => c.notNull().defaultTo(false))
    /** featurePath + U+001F + scenario name: the same scenario across runs ("past 5 results"). */
    .addColumn('scenario_key', 'text', (c) => c.notNull())
    .addColumn('browser', 'text')
    .addColumn('viewport', 'text')
    .addColumn('worker_id', 'text')
    .addColumn('retrain_stats', 'jsonb')
    .execute();
  await db.schema.createIndex('test_cases_run_idx').on('test_cases').columns(['run_id', 'position']).execute();
  await sql`create index test_cases_scenario_idx on test_cases (project_id, scenario_key, start_time desc)`.execute(db);

  await db.schema
    .createTable('execution_instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // An instance (its logs, its history) outlives a deleted execution.
    .addColumn('execution_id', 'text', (c) => c.references('executions.id').onDelete('set null'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('execution_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('verbose_status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status_history', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('environment', 'text')
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('scenarios_passed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scenarios_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_scenarios', 'integer', (c) => c.notNull().defaultTo(0))
    /** Decided at the start (the report link is stable); the run row exists once the report is stored. */
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('logs', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    /** The server that runs it (host and data folder) and when that server last said it still does. */
    .addColumn('owner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('execution_instances_project_idx').on('execution_instances').columns(['project_id', 'status']).execute();
  await sql`create index execution_instances_execution_idx on execution_instances (execution_id, started_at desc)`.execute(db);
  await db.schema.createIndex('execution_instances_run_idx').on('execution_instances').column('run_id').execute();
  await sql`create index execution_instances_active_idx on execution_instances (status) where status in ('queued', 'preparing', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('execution_instances').execute();
  await db.schema.dropTable('test_cases').execute();
  await db.schema.dropTable('runs').execute();
}
