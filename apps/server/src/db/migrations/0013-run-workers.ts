import { type Kysely, sql } from 'kysely';

/**
 * Run workers (RUN_WORKERS=external): worker tokens of a project (created by its admins, only a digest
 * stored; revoked ones kept for the list), and the jobs handed to workers: one scenario group of an
 * execution instance, its sealed inputs, the digest of the job token that lets the worker read its
 * commit and post its progress and result, and when that token expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('worker_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_hint', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('jobs_run', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('worker_tokens_project_idx').on('worker_tokens').columns(['project_id', 'created_at']).execute();
  await db.schema
    .createTable('worker_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('commit_id', 'text', (c) => c.notNull())
    /** The job as the worker receives it (scenarios, environment, test data, threads, timeouts), sealed with the secret box. */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** queued | running | done | failed | halted */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('token_hash', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('worker_token_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('worker_jobs_token_idx').on('worker_jobs').column('token_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('worker_jobs').execute();
  await db.schema.dropTable('worker_tokens').execute();
}
