import { type Kysely, sql } from 'kysely';

/**
 * Reading runs (the runs service): comments on test cases, the application memory map built from the
 * pages the runs visited, and what the run report needs without reading the steps of every test case:
 * the run's publish time on each test case (past results of a scenario from one index), the failed
 * step's keyword and text, and the AI analysis columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('test_cases')
    .addColumn('publish_time', 'timestamptz')
    .addColumn('failed_step_keyword', 'text')
    .addColumn('failed_step_text', 'text')
    // Root-cause analysis of a failure (text or JSON with a tag) and the issue it names; nothing writes them yet.
    .addColumn('analysis', 'jsonb')
    .addColumn('analysis_issue', 'text')
    .execute();
  await sql`update test_cases tc set publish_time = r.publish_time from runs r where r.id = tc.run_id`.execute(db);
  await sql`
    update test_cases set
      failed_step_keyword = coalesce(
        nullif(btrim(steps -> failed_step ->> 'keyword'), ''),
        case steps -> failed_step ->> 'type' when 'Context' then 'Given' when 'Action' then 'When' when 'Outcome' then 'Then'
          when 'Conjunction' then 'And' else steps -> failed_step ->> 'type' end),
      failed_step_text = steps -> failed_step ->> 'text'
    where failed_step is not null and jsonb_typeof(steps -> failed_step) = 'object'`.execute(db);
  await sql`alter table test_cases alter column publish_time set default now(), alter column publish_time set not null`.execute(db);
  // Past results: the latest counted results of a scenario before a time, newest first.
  await sql`create index test_cases_past_idx on test_cases (project_id, scenario_key, publish_time desc) include (status, run_id) where not superseded`.execute(db);
  // Dashboard metrics over a period.
  await sql`create index test_cases_project_publish_idx on test_cases (project_id, publish_time)`.execute(db);
  await sql`drop index if exists test_cases_scenario_idx`.execute(db);

  await db.schema
    .createTable('run_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('run_id', 'text', (c) => c.notNull().references('runs.id').onDelete('cascade'))
    .addColumn('test_case_id', 'text', (c) => c.notNull().references('test_cases.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('scenario'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index run_comments_run_idx on run_comments (run_id, created_at)`.execute(db);
  await sql`create index run_comments_test_case_idx on run_comments (test_case_id, created_at)`.execute(db);

  // Application memory: pages by normalised route, the steps that ended on them, and the transitions between them.
  await db.schema
    .createTable('memory_pages')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('aria_snapshot', 'text')
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('memory_pages_pk', ['project_id', 'route'])
    .execute();
  await db.schema
    .createTable('memory_page_steps')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('step_text', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('memory_page_steps_pk', ['project_id', 'route', 'step_text'])
    .execute();
  await db.schema
    .createTable('memory_edges')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('source_route', 'text', (c) => c.notNull())
    .addColumn('target_route', 'text', (c) => c.notNull())
    .addColumn('step_text', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('memory_edges_pk', ['project_id', 'source_route', 'target_route', 'step_text'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('memory_edges').execute();
  await db.schema.dropTable('memory_page_steps').execute();
  await db.schema.dropTable('memory_pages').execute();
  await db.schema.dropTable('run_comments').execute();
  await sql`drop index if exists test_cases_past_idx`.execute(db);
  await sql`drop index if exists test_cases_project_publish_idx`.execute(db);
  await sql`create index if not exists test_cases_scenario_idx on test_cases (project_id, scenario_key, start_time desc)`.execute(db);
  await db.schema
    .alterTable('test_cases')
    .dropColumn('publish_time')
    .dropColumn('failed_step_keyword')
    .dropColumn('failed_step_text')
    .dropColumn('analysis')
    .dropColumn('analysis_issue')
    .execute();
}
