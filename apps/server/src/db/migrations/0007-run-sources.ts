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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('runs').dropColumn('source_key').dropColumn('source_lines').execute();
}
