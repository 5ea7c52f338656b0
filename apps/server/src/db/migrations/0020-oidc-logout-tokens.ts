import { type Kysely, sql } from 'kysely';

/**
 * Logout tokens already acted on (auth/oidc/backchannel-logout.routes.ts), by issuer and `jti`: the same
 * token sent again (a replay, within the ten minutes a token is accepted) ends nothing, not even a
 * sign-in made after the first. Rows older than an hour are dropped as new ones come.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_logout_tokens')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('jti', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('oidc_logout_tokens_pkey', ['issuer', 'jti'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_logout_tokens').execute();
}
