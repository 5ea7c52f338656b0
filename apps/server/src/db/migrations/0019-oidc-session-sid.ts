import { type Kysely, sql } from 'kysely';

/**
 * Back-channel logout (auth/oidc/backchannel-logout.ts): a provider names the sign-in to end by its
 * session id (`sid`, a claim of the ID token) or by the account (`sub`). `oidc_sessions.sid` keeps the
 * former; sessions started before this migration are found by their account only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oidc_sessions').addColumn('sid', 'text').execute();
  await sql`create index oidc_sessions_sid_idx on oidc_sessions (issuer, sid) where sid is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oidc_sessions').dropColumn('sid').execute();
}
