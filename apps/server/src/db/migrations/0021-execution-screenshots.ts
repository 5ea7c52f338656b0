import { type Kysely, sql } from 'kysely';

/** Which steps of an execution's runs keep a screenshot: 'each-step' (as before), 'on-failure' or 'off'. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('executions')
    .addColumn('screenshots', 'text', (c) => c.notNull().defaultTo('each-step').check(sql`screenshots in ('each-step', 'on-failure', 'off')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').dropColumn('screenshots').execute();
}
