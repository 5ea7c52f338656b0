import { type Kysely, sql } from 'kysely';

/**
 * Runs kept as the Cucumber messages they were imported from: the run names its stored report (a blob)
 * and the messages every test case needs (step definitions, hooks), each test case the places of its
 * own messages (offset and length pairs, in bytes). Such a test case's steps are built from those
 * messages when its report is read; `steps` stays empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('runs').addColumn('source_key', 'text').addColumn('source_lines', sql`integer[]`).execute();
  await db.schema.alterTable('test_cases').addColumn('source_lines', sql`integer[]`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('test_cases').dropColumn('source_lines').execute();
  await db.schema.alterTable('runs').dropColumn('source_key').dropColumn('source_lines').execute();
}
