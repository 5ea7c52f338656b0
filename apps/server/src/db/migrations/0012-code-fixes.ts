import { type Kysely, sql } from 'kysely';

/**
 * Code fixes of AI recovery (the spec's oversight items, the Code Review page): a step repaired during
 * a run, with the step function's code before and after. Accepting one commits the fix to the step
 * file on its branch; discarding archives it. Open fixes of a project are listed newest first. An execution says whether its runs use AI recovery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('code_fixes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('run_id', 'text', (c) => c.notNull())
    /** The test case row the AI's run is (the child row of the report). */
    .addColumn('test_case_id', 'text')
    .addColumn('scenario_name', 'text', (c) => c.notNull())
    .addColumn('feature_name', 'text', (c) => c.notNull())
    .addColumn('feature_path', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('step_text', 'text', (c) => c.notNull())
    /** Workspace path of the step file: steps/cart.mjs. */
    .addColumn('step_file', 'text', (c) => c.notNull())
    .addColumn('original_code', 'text', (c) => c.notNull())
    .addColumn('fixed_code', 'text', (c) => c.notNull())
    .addColumn('reasoning', 'text', (c) => c.notNull())
    .addColumn('replacements', 'jsonb', (c) => c.notNull())
    /** open | accepted | archived */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'text')
    .addColumn('commit_id', 'text')
    .execute();
  await db.schema.alterTable('executions').addColumn('ai_recovery', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await sql`create index code_fixes_open_idx on code_fixes (project_id, created_at desc) where status = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('code_fixes').execute();
  await db.schema.alterTable('executions').dropColumn('ai_recovery').execute();
}
