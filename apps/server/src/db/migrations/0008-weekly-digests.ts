import { type Kysely, sql } from 'kysely';

/**
 * The weekly summary mail of each project (its dashboard's recipients): one row per project and week
 * sent, so that the week's mail goes out once however many servers run the schedule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('weekly_digests')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    /** ISO week of the summary: 2026-W47. */
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('weekly_digests_pkey', ['project_id', 'week'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weekly_digests').execute();
}
