import { type Kysely, sql } from 'kysely';

/** Per-user selection in the features tree, per project and branch; who created which branch. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspace_state')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('last_active_folder', 'text')
    .addColumn('last_active_feature', 'text')
    .addColumn('last_active_feature_index', 'integer')
    .addColumn('last_active_scenario_index', 'integer')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('workspace_state_pk', ['user_id', 'project_id', 'branch'])
    .execute();

  await db.schema
    .createTable('workspace_branches')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('workspace_branches_pk', ['project_id', 'branch'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workspace_branches').execute();
  await db.schema.dropTable('workspace_state').execute();
}
