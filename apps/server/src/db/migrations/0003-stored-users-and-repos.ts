import { type Kysely, sql } from 'kysely';

/** Stored login users of a project (secrets sealed) and each member's last active environment. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_users')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_enc', 'text', (c) => c.notNull())
    .addColumn('secret_key_enc', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('stored_users_pk', ['project_id', 'username'])
    .execute();

  await db.schema
    .createTable('active_environments')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('env_name', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('active_environments_pk', ['user_id', 'project_id'])
    .execute();
  await db.schema.createIndex('active_environments_project_idx').on('active_environments').column('project_id').execute();
}
