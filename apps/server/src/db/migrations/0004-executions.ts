import { type Kysely, sql } from 'kysely';

/**
 * Executions (planned runs of scenario groups) with their schedule state, and the execution's event
 * log (fired, missed, failed, descheduled). User columns carry no foreign key: a deleted user stays
 * named "Unknown User" in the list instead of vanishing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('executions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('env', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('flows', 'jsonb', (c) => c.notNull())
    .addColumn('schedule', 'jsonb')
    .addColumn('is_single_threaded', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    // environment and HEADLESS given to the schedule call, used by scheduled runs
    .addColumn('env_variables', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // biweekly schedules fire in the weeks of even distance from the week of this instant
    .addColumn('schedule_anchor', 'timestamptz')
    .addColumn('next_run_at', 'timestamptz')
    .addColumn('last_fired_at', 'timestamptz')
    .addColumn('created_by', 'text')
    .addColumn('modified_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index executions_project_name_uq on executions (project_id, lower(name))`.execute(db);
  await sql`create index executions_next_run_idx on executions (next_run_at) where enabled`.execute(db);

  await db.schema
    .createTable('execution_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('execution_id', 'text', (c) => c.notNull().references('executions.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('scheduled_for', 'timestamptz')
    .addColumn('instance_id', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('execution_events_execution_idx').on('execution_events').columns(['execution_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('execution_events').execute();
  await db.schema.dropTable('executions').execute();
}
