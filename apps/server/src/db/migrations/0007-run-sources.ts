import { type Kysely, sql } from 'kysely';

/**
 * Runs kept as the Cucumber messages they were imported from: the run names its stored report (a
 * blob) and the places (offset and length pairs, in bytes) of the messages every test case needs (step
 * definitions, hooks). Where each test case's own messages are is in an index beside the report
 * (ingest/source-index.ts). Such a test case's steps are built from its messages when its report is
 * read; `steps` stays empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('runs').addColumn('source_key', 'text').addColumn('source_lines', sql`integer[]`).execute();
  // A test case's project is its run's (runs.project_id cascades to the runs, and they to their test
  // cases): the second check of every inserted row against projects is dropped.
  await sql`alter table test_cases drop constraint if exists test_cases_project_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table test_cases add constraint test_cases_project_id_fkey foreign key (project_id) references projects (id) on delete cascade`.execute(db);
  await db.schema.alterTable('runs').dropColumn('source_key').dropColumn('source_lines').execute();
}
