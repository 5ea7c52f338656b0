import type { Selectable } from 'kysely';
import type { Timestamp } from './schema.ts';

/** Company sign-in's tables (migration 0015), added to the Database of schema.ts. */
export interface UserIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  email: string;
  created_at: Timestamp;
}

export interface OidcSessionsTable {
  session_id: string;
  issuer: string;
  /** The ID token of the sign-in, sealed with the secret box; sent back as id_token_hint at sign-out. */
  id_token_sealed: string;
  /** The provider's session id of the sign-in (the ID token's `sid`), which back-channel logout names. */
  sid: string | null;
}

/** Logout tokens acted on, by issuer and `jti` (migration 0020): a replay ends nothing. */
export interface OidcLogoutTokensTable {
  issuer: string;
  jti: string;
  seen_at: Timestamp;
}

export type UserIdentity = Selectable<UserIdentitiesTable>;

declare module './schema.ts' {
  interface Database {
    user_identities: UserIdentitiesTable;
    oidc_sessions: OidcSessionsTable;
    oidc_logout_tokens: OidcLogoutTokensTable;
  }
}
