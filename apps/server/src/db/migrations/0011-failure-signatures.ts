import { type Kysely, sql } from 'kysely';

/**
 * Root-cause analysis of failed test cases: the signature of a failure's cause (ai/rca), so that the
 * run report can say how many other failures of the project had the same cause and since when. Only
 * analysed, counted test cases are in the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('test_cases').addColumn('analysis_signature', 'text').execute();
  await sql`create index test_cases_signature_idx on test_cases (project_id, analysis_signature, publish_time, id)
    where analysis_signature is not null and not superseded`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists test_cases_signature_idx`.execute(db);
  await db.schema.alterTable('test_cases').dropColumn('analysis_signature').execute();
}
