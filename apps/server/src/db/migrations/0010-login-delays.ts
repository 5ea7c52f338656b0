import type { Kysely } from 'kysely';

/**
 * Sign-in counters get a time before which the key takes no attempt: an account attacked from many
 * addresses is slowed down by a delay that doubles with each failure, instead of being locked for
 * everyone, its owner included.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_failures').addColumn('not_before', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_failures').dropColumn('not_before').execute();
}
