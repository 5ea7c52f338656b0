import { type Kysely, sql } from 'kysely';

/**
 * Company sign-in (OpenID Connect): `user_identities` ties an account of an identity provider (issuer +
 * subject, never the e-mail, which can change hands) to a user; `oidc_sessions` keeps, per session started
 * that way, the ID token (sealed) the provider asks for at sign-out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_identities_pkey', ['issuer', 'subject'])
    .execute();
  await sql`create index user_identities_user_idx on user_identities (user_id)`.execute(db);
  await db.schema
    .createTable('oidc_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('id_token_sealed', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_sessions').execute();
  await db.schema.dropTable('user_identities').execute();
}
